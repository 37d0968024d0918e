import { randomUUID } from 'node:crypto';
import { connectRedis, type Redis } from '../../../server/platform/bus/redis';
import { WindowCounters } from '../../../server/gateways/binance/protocol/window-counters';
import { startRedisServer, type RedisServer } from '../../support/redis-server';

/**
 * The Binance surface's counters: several added in one call, shared by every process through
 * Redis, each window starting with its first points; while Redis is down, counted in the process.
 * A redis-server of the test's own, so it can be killed.
 */

let redisServer: RedisServer;
let redis: Redis;

beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = await connectRedis(redisServer.url);
  redis.on('error', () => undefined);
});
afterAll(async () => {
  await redis.close().catch(() => undefined);
  await redisServer.kill();
});

const addition = (counter: string, key: string, points: number, windowMs = 60_000) => ({
  counter,
  key,
  points,
  windowMs,
});

it('adds to several counters at once, shared by every process on the same Redis and namespace', async () => {
  const prefix = `test-${randomUUID()}`;
  const one = new WindowCounters(redis, prefix);
  const other = new WindowCounters(redis, prefix);
  expect(
    (await one.add([addition('weight', '192.0.2.1', 20), addition('orders', 'alice', 1)])).map((c) => c.count),
  ).toEqual([20, 1]);
  const [weight, orders, elsewhere] = await other.add([
    addition('weight', '192.0.2.1', 5),
    addition('orders', 'alice', 1),
    addition('weight', '192.0.2.2', 1),
  ]);
  expect([weight!.count, orders!.count, elsewhere!.count]).toEqual([25, 2, 1]);
  expect(weight!.msLeft).toBeGreaterThan(50_000);
  expect(weight!.msLeft).toBeLessThanOrEqual(60_000);
  // Another namespace (another deployment on the same Redis) counts apart.
  expect((await new WindowCounters(redis, `${prefix}-b`).add([addition('weight', '192.0.2.1', 1)]))[0]!.count).toBe(1);
});

it('starts a window with its first points and counts from zero once it has ended', async () => {
  const counters = new WindowCounters(redis, `test-${randomUUID()}`);
  expect((await counters.add([addition('orders', 'bob', 1, 300)]))[0]!.count).toBe(1);
  expect((await counters.add([addition('orders', 'bob', 1, 300)]))[0]!.count).toBe(2);
  await new Promise((resolve) => setTimeout(resolve, 400));
  const [after] = await counters.add([addition('orders', 'bob', 1, 300)]);
  expect(after!.count).toBe(1);
  expect(after!.msLeft).toBeGreaterThan(0);
  expect(after!.msLeft).toBeLessThanOrEqual(300);
});

it('counts in the process while Redis is down, and in Redis again once it is back', async () => {
  const counters = new WindowCounters(redis, `test-${randomUUID()}`);
  expect((await counters.add([addition('weight', '192.0.2.9', 10)]))[0]!.count).toBe(10);
  await redisServer.kill();
  // Refused at once (no offline queue): the process's own count, from zero.
  expect((await counters.add([addition('weight', '192.0.2.9', 3)]))[0]!.count).toBe(3);
  expect((await counters.add([addition('weight', '192.0.2.9', 3)]))[0]!.count).toBe(6);
  await redisServer.start();
  for (let tries = 0; !redis.isReady; tries++) {
    if (tries > 100) throw new Error('the client did not reconnect');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The restarted Redis kept nothing: its count starts again.
  expect((await counters.add([addition('weight', '192.0.2.9', 1)]))[0]!.count).toBe(1);
});

it('counts in the process without Redis', async () => {
  let now = 1_000_000;
  const counters = new WindowCounters(null, 'local', () => now);
  expect(
    (await counters.add([addition('orders', 'carol', 1, 10_000), addition('orders', 'dave', 2, 10_000)])).map(
      (c) => c.count,
    ),
  ).toEqual([1, 2]);
  now += 4000;
  expect(await counters.add([addition('orders', 'carol', 1, 10_000)])).toEqual([{ count: 2, msLeft: 6000 }]);
  now += 6000;
  expect(await counters.add([addition('orders', 'carol', 1, 10_000)])).toEqual([{ count: 1, msLeft: 10_000 }]);
});
