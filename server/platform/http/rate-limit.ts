import type { Context } from 'koa';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from '../bus/event-bus';
import { HttpError, tooManyRequests } from './errors';

export interface LimiterOptions {
  /** Names the counters in Redis; one name per limiter. */
  name: string;
  points: number;
  /** Seconds a key's count lives (0: until deleted). */
  duration: number;
}

/**
 * Counters shared by every server process through Redis when it is there, else in this process,
 * their keys in the deployment's namespace (`prefix`). While Redis is unreachable each process
 * counts in memory instead (the insurance limiter), so a Redis outage loosens limits to one count
 * per process rather than failing or stalling the requests.
 */
export function createLimiter(
  { name, points, duration }: LimiterOptions,
  redis: Redis | null,
  prefix: string,
): RateLimiterAbstract {
  const options = { keyPrefix: `${prefix}:ratelimit:${name}`, points, duration };
  if (!redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    useRedisPackage: true,
    // Without it a command waits in the client's offline queue until Redis returns.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

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
