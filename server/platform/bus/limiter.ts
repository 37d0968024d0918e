import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from './redis';

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
