import type { Context } from 'koa';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from '../bus/event-bus';
import { tooManyRequests } from './errors';

/** A per-client limit (by IP) shared by every server process when Redis is there. */
export function createRateLimiter(name: string, pointsPerMinute: number, redis: Redis | null): RateLimiterAbstract {
  const options = { keyPrefix: `ratelimit:${name}`, points: pointsPerMinute, duration: 60 };
  return redis
    ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: true })
    : new RateLimiterMemory(options);
}

export function rateLimited(limiter: RateLimiterAbstract) {
  return async (ctx: Context) => {
    try {
      await limiter.consume(ctx.ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      ctx.set('Retry-After', String(Math.ceil(error.msBeforeNext / 1000)));
      throw tooManyRequests('Too many attempts, please try again in a minute');
    }
  };
}
