import type { Context } from 'koa';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from '../bus/redis';
import { createLimiter } from '../bus/limiter';
import { HttpError, tooManyRequests } from './errors';

/** A limit per key (a client's address, a user's id) of requests a minute. */
export function createRateLimiter(
  name: string,
  pointsPerMinute: number,
  redis: Redis | null,
  prefix: string,
): RateLimiterAbstract {
  return createLimiter({ name, points: pointsPerMinute, duration: 60 }, redis, prefix);
}

/** A 429 whose Retry-After header says, in whole seconds, when to come back. */
export function retryLater(ctx: Context, msBeforeNext: number, detail: string): HttpError {
  ctx.set('Retry-After', String(Math.max(1, Math.ceil(msBeforeNext / 1000))));
  return tooManyRequests(detail);
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
      throw retryLater(ctx, error.msBeforeNext, detail);
    }
  };
}
