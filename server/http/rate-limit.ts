import type { Context } from 'koa';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from '../bus/event-bus';
import { tooManyRequests } from './errors';

/**
 * A limit per key (a client's address, a user's id) shared by every server process when Redis is there, its keys in the
 * deployment's namespace (`prefix`).
 */
export function createRateLimiter(
  name: string,
  pointsPerMinute: number,
  redis: Redis | null,
  prefix: string,
): RateLimiterAbstract {
  const options = { keyPrefix: `${prefix}:ratelimit:${name}`, points: pointsPerMinute, duration: 60 };
  // Redis unreachable: each process counts on its own at once, rather than refusing or stalling everyone.
  return redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: redis,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options);
}

/** Whom a request counts against; by default the client's address. */
export type RateLimitKey = (ctx: Context) => string | Promise<string>;

export function rateLimited(
  limiter: RateLimiterAbstract,
  keyOf: RateLimitKey = (ctx) => ctx.ip,
  detail = 'Too many attempts, please try again in a minute',
) {
  return async (ctx: Context) => {
    try {
      await limiter.consume(await keyOf(ctx));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      ctx.set('Retry-After', String(Math.ceil(error.msBeforeNext / 1000)));
      throw tooManyRequests(detail);
    }
  };
}
