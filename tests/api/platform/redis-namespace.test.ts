import { RateLimiterRes } from 'rate-limiter-flexible';
import { createEventBus } from '../../../server/platform/bus/event-bus';
import { connectRedis, type Redis } from '../../../server/platform/bus/redis';
import { redisPrefix } from '../../../server/platform/bus/redis-prefix';
import { createRateLimiter } from '../../../server/platform/http/rate-limit';
import { createLogger } from '../../../server/platform/logger/logger';
import { startRedisServer, type RedisServer } from '../../support/redis-server';

/** Two deployments sharing one Redis: neither hears the other's events nor spends the other's limits. */
let redisServer: RedisServer;
let redis: Redis;

beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = await connectRedis(redisServer.url);
});
afterAll(async () => {
  await redis.close();
  await redisServer.kill();
});

describe('the deployment namespace', () => {
  it('is REDIS_PREFIX when set, else derived from the database', () => {
    const embedded = { DATA_DIR: '/var/lib/exchange' };
    expect(redisPrefix({ ...embedded, REDIS_PREFIX: 'venue-a' })).toBe('venue-a');
    const a = redisPrefix({ ...embedded, DATABASE_URL: 'postgres://u@db.example:5432/exchange_a' });
    const b = redisPrefix({ ...embedded, DATABASE_URL: 'postgres://u@db.example:5432/exchange_b' });
    const other = redisPrefix({ ...embedded, DATABASE_URL: 'postgres://u@db2.example:5432/exchange_a' });
    expect(new Set([a, b, other]).size).toBe(3);
    expect(redisPrefix({ ...embedded, DATABASE_URL: 'postgres://u:secret@db.example/exchange_a' })).toBe(a);
    expect(a).not.toContain('secret');
    expect(redisPrefix(embedded)).not.toBe(redisPrefix({ DATA_DIR: '/srv/other' }));
  });

  it("keeps one deployment's bus messages from the other's subscribers", async () => {
    const logger = createLogger('silent');
    const [busA, busB] = await Promise.all([
      createEventBus(await connectRedis(redisServer.url), 'venue-a', logger),
      createEventBus(await connectRedis(redisServer.url), 'venue-b', logger),
    ]);
    const heardByB: unknown[] = [];
    await busB.subscribe('market.trades', (message) => heardByB.push(message));
    busA.publish('market.trades', { from: 'a' });
    busB.publish('market.trades', { from: 'b' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heardByB).toEqual([{ from: 'b' }]);
    await Promise.all([busA.close(), busB.close()]);
  });

  it("keeps one deployment's failed logins from throttling the other", async () => {
    const limiterA = createRateLimiter('auth', 3, redis, 'venue-a');
    const limiterB = createRateLimiter('auth', 3, redis, 'venue-b');
    for (let attempt = 0; attempt < 3; attempt++) await limiterA.consume('10.0.0.7');
    await expect(limiterA.consume('10.0.0.7')).rejects.toBeInstanceOf(RateLimiterRes);
    await expect(limiterB.consume('10.0.0.7')).resolves.toBeInstanceOf(RateLimiterRes);
  });
});

describe('a bus whose Redis is gone', () => {
  it('drops what it cannot deliver after its retries, and reports the drops in a line, not one each', async () => {
    const own = await startRedisServer();
    const lines: Array<Record<string, any>> = [];
    const logger = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line)) });
    const bus = await createEventBus(await connectRedis(own.url), 'venue-down', logger);
    await own.kill();
    for (let n = 0; n < 200; n++) bus.publish('market.trades', { n });
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const reports = lines.filter((line) => line.msg === 'bus messages dropped: Redis refused them');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.err.message).toBeTruthy();
    await bus.close();
  });
});
