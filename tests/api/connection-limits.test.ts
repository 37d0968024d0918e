import { randomInt } from 'node:crypto';
import type WebSocket from 'ws';
import { startTestExchange, type TestExchange } from '../support/test-exchange';
import { upgradeFrom } from '../support/ws-upgrade';

/**
 * WebSocket connections per client address: the market streams and the WebSocket API count against
 * one limit, an address's attempts past it are refused with 429, and (with Redis) every process
 * counts the same attempts.
 */
const LIMIT = 3;
let servers: TestExchange[];
const open: WebSocket[] = [];

beforeAll(async () => {
  const settings = { STREAM_CONNECTION_LIMIT: String(LIMIT), TRUST_PROXY: 'on' };
  servers = [await startTestExchange(settings)];
  // A second process shares the first one's counts only through Redis.
  if (process.env.REDIS_URL) servers.push(await startTestExchange(settings));
});
afterAll(async () => {
  for (const socket of open) socket.terminate();
  for (const server of servers) await server.close();
});

/** An address no other test file uses: the counts live in Redis for 5 minutes. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Opens `path` as a client at `address`: 'open' (closed when the file ends), or the status it was refused with. */
async function connect(server: TestExchange, path: string, address: string): Promise<'open' | number> {
  const socket = await upgradeFrom(server.url, path, address);
  if (typeof socket === 'number') return socket;
  open.push(socket);
  return 'open';
}

it('the market streams and the WebSocket API share an address limit; another address is not touched', async () => {
  const [server] = servers;
  const address = someAddress();
  expect(await connect(server!, '/ws', address)).toBe('open');
  expect(await connect(server!, '/stream?streams=btcusdt@trade', address)).toBe('open');
  expect(await connect(server!, '/ws-api/v3', address)).toBe('open');
  expect(await connect(server!, '/ws-api/v3', address)).toBe(429);
  expect(await connect(server!, '/ws/btcusdt@depth', address)).toBe(429);
  expect(await connect(server!, '/ws', someAddress())).toBe('open');
});

(process.env.REDIS_URL ? it : it.skip)('every process counts the same attempts (through Redis)', async () => {
  const address = someAddress();
  for (const server of [servers[0]!, servers[1]!, servers[0]!])
    expect(await connect(server, '/ws', address)).toBe('open');
  expect(await connect(servers[1]!, '/ws', address)).toBe(429);
});
