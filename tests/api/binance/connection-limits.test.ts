import { randomInt } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type WebSocket from 'ws';
import type { Config } from '../../../server/platform/config/config';
import { eventually } from '../../support/eventually';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { upgradeFrom } from '../../support/ws-upgrade';

/**
 * WebSocket connections per client address: the market streams and the WebSocket API count against
 * one limit, an address's attempts past it are refused with 429, and (with Redis) every process
 * counts the same attempts. Socket.IO connections an address keeps open, and the connections a
 * process keeps open, are capped too: the excess is refused at its handshake, and REST still answers.
 */
const LIMIT = 3;
const open: WebSocket[] = [];
const clients: Socket[] = [];

/**
 * Exchanges with `settings` (`count` processes) for the tests of the enclosing block, closed after
 * them with the connections they opened: on the embedded database one exchange runs at a time.
 */
function exchanges(settings: Partial<Record<keyof Config, string>>, count = 1): TestExchange[] {
  const servers: TestExchange[] = [];
  beforeAll(async () => {
    for (let i = 0; i < count; i += 1) servers.push(await startTestExchange(settings));
  });
  afterAll(async () => {
    for (const socket of open.splice(0)) socket.terminate();
    for (const socket of clients.splice(0)) socket.close();
    for (const server of servers) await server.close();
  });
  return servers;
}

/** An address no other test file uses: the counts live in Redis for 5 minutes. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Opens `path` as a client at `address`: 'open' (closed after its block), or the status it was refused with. */
async function connect(server: TestExchange, path: string, address: string): Promise<'open' | number> {
  const socket = await upgradeFrom(server.url, path, address);
  if (typeof socket === 'number') return socket;
  open.push(socket);
  return 'open';
}

describe('new WebSocket connections per address', () => {
  // A second process shares the first one's counts only through Redis.
  const servers = exchanges(
    { STREAM_CONNECTION_LIMIT: String(LIMIT), TRUST_PROXY: 'on' },
    process.env.REDIS_URL ? 2 : 1,
  );

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
});

/** A Socket.IO connection's handshake over WebSocket, as engine.io takes it. */
const SOCKET_IO = '/socket.io/?EIO=4&transport=websocket';

/** Opens `path` as a client at `address`, which must be let in. */
async function hold(server: TestExchange, path: string, address: string): Promise<WebSocket> {
  const socket = await upgradeFrom(server.url, path, address);
  if (typeof socket === 'number') throw new Error(`${path} refused with ${socket}`);
  open.push(socket);
  return socket;
}

/** Waits until a Socket.IO handshake from `address` is let in: a place is free once the server has seen a connection close. */
const admittedSoon = (server: TestExchange, address: string) =>
  eventually(async () => ((await connect(server, SOCKET_IO, address)) === 'open' ? true : undefined));

/** A long-polling handshake (the web client's first), answered with a session or a refusal. */
async function pollingHandshake(server: TestExchange, address: string) {
  const answer = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
    headers: { 'x-forwarded-for': address },
  });
  return { status: answer.status, body: await answer.text() };
}

/** A Socket.IO client as the web client connects (long polling, then WebSocket): connected, or the error it got. */
async function socketIoClient(server: TestExchange, address: string): Promise<Socket | Error> {
  const socket = io(server.url, {
    path: '/socket.io',
    extraHeaders: { 'X-Forwarded-For': address },
    forceNew: true,
    reconnection: false,
  });
  clients.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', resolve);
  });
}

/** The REST API's answer to a client at `address`. */
const restStatus = (server: TestExchange, address: string) =>
  fetch(`${server.url}/api/markets`, { headers: { 'x-forwarded-for': address } }).then((answer) => answer.status);

describe('Socket.IO connections per address', () => {
  const servers = exchanges({ SOCKET_CONNECTION_LIMIT: '2', TRUST_PROXY: 'on' });

  it('an address keeps 2 open at most: the excess is refused at its handshake, other clients and REST are served', async () => {
    const server = servers[0]!;
    const address = someAddress();
    const first = await hold(server, SOCKET_IO, address);
    await hold(server, SOCKET_IO, address);
    expect(await connect(server, SOCKET_IO, address)).toBe(400);
    // An address written before the proxy's entry changes nothing.
    expect(await connect(server, SOCKET_IO, `${someAddress()}, ${address}`)).toBe(400);
    expect(await pollingHandshake(server, address)).toEqual({
      status: 403,
      body: JSON.stringify({ code: 4, message: 'Too many connections from this address; at most 2 at once.' }),
    });
    expect(await socketIoClient(server, someAddress())).toMatchObject({ connected: true });
    expect(await restStatus(server, address)).toBe(200);

    // One closed, its place is the address's again.
    first.terminate();
    await admittedSoon(server, address);
  });

  it('a handshake that never becomes a session frees its place', async () => {
    const server = servers[0]!;
    const address = someAddress();
    // engine.io upgrades a long-polling handshake sent as a WebSocket, then closes it: no session.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const socket = await upgradeFrom(server.url, '/socket.io/?EIO=4&transport=polling', address);
      if (typeof socket !== 'number') await new Promise((resolve) => socket.once('close', resolve));
    }
    await admittedSoon(server, address);
    expect(await connect(server, SOCKET_IO, address)).toBe('open');
  });
});

describe('connections per process', () => {
  const servers = exchanges({ PROCESS_CONNECTION_LIMIT: '3', TRUST_PROXY: 'on' });

  it('Socket.IO and the streams keep 3 open at most together: past that both are refused, REST still answers', async () => {
    const server = servers[0]!;
    const stream = await hold(server, '/ws', someAddress());
    expect(await connect(server, SOCKET_IO, someAddress())).toBe('open');
    expect(await socketIoClient(server, someAddress())).toMatchObject({ connected: true });

    const newcomer = someAddress();
    expect(await connect(server, SOCKET_IO, newcomer)).toBe(400);
    expect(await pollingHandshake(server, newcomer)).toMatchObject({ status: 403 });
    expect(await connect(server, '/ws', newcomer)).toBe(503);
    expect(await restStatus(server, newcomer)).toBe(200);

    stream.terminate();
    await admittedSoon(server, newcomer);
  });
});
