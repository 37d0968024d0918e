import type { Context } from 'koa';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from '../bus/event-bus';
import { tooManyRequests } from './errors';

/**
 * A per-client limit (by IP) shared by every server process when Redis is there, its keys in the
 * deployment's namespace (`prefix`).
 */
export function createRateLimiter(
  name: string,
  pointsPerMinute: number,
  redis: Redis | null,
  prefix: string,
): RateLimiterAbstract {
  const options = { keyPrefix: `${prefix}:ratelimit:${name}`, points: pointsPerMinute, duration: 60 };
  // Redis down: each process counts on its own rather than refusing everyone.
  return redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: redis,
        useRedisPackage: true,
        insuranceLimiter: new RateLimiterMemory(options),
      })
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
