import { randomInt } from 'node:crypto';
import { binanceCall, type BinanceAnswer } from '../../support/binance-client';
import { eventually } from '../../support/eventually';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { upgradeFrom } from '../../support/ws-upgrade';

/**
 * Binance's automated IP bans: an address that goes on past its 429s is answered 418 on the
 * Binance-compatible API and refused its WebSocket connections, for a time that doubles for a
 * repeat offender; with Redis, every process refuses it.
 */
const WEIGHT_LIMIT = 5;
const BAN_AFTER_429S = 3;
const FIRST_BAN_MS = 1000;
const settings = {
  TRUST_PROXY: 'on',
  API_WEIGHT_LIMIT: String(WEIGHT_LIMIT),
  API_BAN_AFTER_429S: String(BAN_AFTER_429S),
  API_BAN_DURATION: `${FIRST_BAN_MS}ms`,
  API_BAN_MAX_DURATION: '1h',
};
const BANNED =
  /^Way too much request weight used; IP banned until (\d+)\. Please use WebSocket Streams for live updates to avoid bans\.$/;

let servers: TestExchange[];
beforeAll(async () => {
  servers = [await startTestExchange(settings)];
  // A second process knows of the first one's bans only through Redis.
  if (process.env.REDIS_URL) servers.push(await startTestExchange(settings));
});
afterAll(async () => {
  for (const server of servers) await server.close();
});

/** An address no other run has used: bans and their repeats are remembered in Redis for a day. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const ping = (server: TestExchange, address: string) =>
  binanceCall(server.url, 'GET', '/ping', { headers: { 'x-forwarded-for': address } });

/** When the ban an answer tells of ends (epoch ms). */
function bannedUntil(answer: BinanceAnswer): number {
  expect(answer.status).toBe(418);
  expect(answer.body.code).toBe(-1003);
  const [, until] = BANNED.exec(answer.body.msg) ?? [];
  expect(until).toBeDefined();
  // In whole seconds, rounded up when it was answered (a moment ago).
  const secondsLeft = (Number(until) - Date.now()) / 1000;
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(Math.max(1, Math.floor(secondsLeft)));
  expect(retryAfter).toBeLessThanOrEqual(Math.ceil(secondsLeft) + 1);
  return Number(until);
}

/** Sends from `address` until the ban: the weight's worth, then the 429s that earn it. Answers when the ban ends. */
async function earnBan(server: TestExchange, address: string): Promise<number> {
  let answer = await ping(server, address);
  const statuses: number[] = [];
  while (answer.status !== 418 && statuses.length < 20) {
    statuses.push(answer.status);
    answer = await ping(server, address);
  }
  expect(statuses.filter((status) => status === 429)).toHaveLength(BAN_AFTER_429S + 1);
  return bannedUntil(answer);
}

/** Opens `path` as a client at `address`: 'open' (closed at once), or the status it was refused with. */
async function connect(server: TestExchange, path: string, address: string): Promise<'open' | number> {
  const socket = await upgradeFrom(server.url, path, address);
  if (typeof socket === 'number') return socket;
  socket.terminate();
  return 'open';
}

it('bans an address that goes on past its 429s: 418 before any other work, streams refused; others untouched', async () => {
  const [server] = servers;
  const address = someAddress();
  const before = Date.now();
  const statuses = [];
  for (let i = 0; i < WEIGHT_LIMIT + BAN_AFTER_429S + 1; i++) statuses.push((await ping(server!, address)).status);
  expect(statuses).toEqual([...Array(WEIGHT_LIMIT).fill(200), ...Array(BAN_AFTER_429S + 1).fill(429)]);

  const banned = await ping(server!, address);
  const until = bannedUntil(banned);
  expect(until).toBeGreaterThanOrEqual(before + FIRST_BAN_MS);
  expect(until).toBeLessThanOrEqual(Date.now() + FIRST_BAN_MS);
  // Costs nothing more: no weight counted, and no signature looked at (an unsigned account read is not -2014).
  expect(banned.headers['x-mbx-used-weight-1m']).toBeUndefined();
  const unsigned = await binanceCall(server!.url, 'GET', '/account', { headers: { 'x-forwarded-for': address } });
  expect(unsigned.status).toBe(418);
  for (const path of ['/ws', '/stream?streams=btcusdt@trade', '/ws-api/v3'])
    expect(await connect(server!, path, address)).toBe(418);

  // Another address, and the web API, go on as before.
  const elsewhere = someAddress();
  expect((await ping(server!, elsewhere)).status).toBe(200);
  expect(await connect(server!, '/ws', elsewhere)).toBe('open');
  const web = await fetch(`${server!.url}/api/markets`, { headers: { 'x-forwarded-for': address } });
  expect(web.status).toBe(200);
});

it('refuses a banned address whatever the case of the path, as the routes answer in any case', async () => {
  const [server] = servers;
  const address = someAddress();
  await earnBan(server!, address);
  for (const path of ['/API/V3/ping', '/Api/v3/exchangeInfo']) {
    const response = await fetch(`${server!.url}${path}`, { headers: { 'x-forwarded-for': address } });
    expect(response.status).toBe(418);
    expect(await response.json()).toEqual({ code: -1003, msg: expect.stringMatching(BANNED) });
  }
});

it('ends after its time; the next ban of the address lasts twice as long', async () => {
  const [server] = servers;
  const address = someAddress();
  const firstUntil = await earnBan(server!, address);
  await new Promise((resolve) => setTimeout(resolve, firstUntil - Date.now() + 50));
  // Served again: still over its weight for the minute, so refused with 429, which count towards the next ban.
  expect((await ping(server!, address)).status).toBe(429);
  const statuses = [];
  for (let i = 0; i < BAN_AFTER_429S; i++) statuses.push((await ping(server!, address)).status);
  expect(statuses).toEqual(Array(BAN_AFTER_429S).fill(429));
  const before = Date.now();
  const secondUntil = bannedUntil(await ping(server!, address));
  expect(secondUntil).toBeGreaterThanOrEqual(before - 100 + 2 * FIRST_BAN_MS);
  expect(secondUntil).toBeLessThanOrEqual(Date.now() + 2 * FIRST_BAN_MS);
});

it("counts the WebSocket API's refusals too, and answers a banned address's requests there 418", async () => {
  const [server] = servers;
  const address = someAddress();
  const socket = await upgradeFrom(server!.url, '/ws-api/v3', address);
  if (typeof socket === 'number') throw new Error(`refused with ${socket}`);
  try {
    const answers: any[] = [];
    socket.on('message', (data) => answers.push(JSON.parse(data.toString())));
    const ping = async (id: number) => {
      socket.send(JSON.stringify({ id, method: 'ping' }));
      return eventually(async () => answers.find((answer) => answer.id === id), 5000, `answer ${id}`);
    };
    const statuses = [];
    for (let id = 1; id <= WEIGHT_LIMIT + BAN_AFTER_429S + 1; id++) statuses.push((await ping(id)).status);
    expect(statuses).toEqual([...Array(WEIGHT_LIMIT).fill(200), ...Array(BAN_AFTER_429S + 1).fill(429)]);
    const banned = await ping(100);
    expect(banned).toMatchObject({ status: 418, error: { code: -1003 } });
    expect(banned.error.msg).toMatch(BANNED);
    // The HTTP surface refuses the address as well.
    bannedUntil(await binanceCall(server!.url, 'GET', '/ping', { headers: { 'x-forwarded-for': address } }));
  } finally {
    socket.terminate();
  }
});

(process.env.REDIS_URL ? it : it.skip)(
  'every process refuses a banned address, one started during the ban too',
  async () => {
    const [first, second] = servers;
    const address = someAddress();
    // A longer ban, for a process to start during it.
    const longBan = await startTestExchange({ ...settings, API_BAN_DURATION: '1m' });
    try {
      await earnBan(longBan, address);
      await eventually(
        async () => ((await ping(second!, address)).status === 418 ? true : undefined),
        5000,
        'ban seen',
      );
      expect(await connect(second!, '/ws', address)).toBe(418);
      const later = await startTestExchange(settings);
      try {
        bannedUntil(await ping(later, address));
        expect(await connect(later, '/ws-api/v3', address)).toBe(418);
      } finally {
        await later.close();
      }
      bannedUntil(await ping(first!, address));
    } finally {
      await longBan.close();
    }
  },
);
