import type { Redis } from '../../../platform/bus/redis';

/** Points to add to one counter: its window starts with its first points and lasts windowMs. */
export interface Addition {
  counter: string;
  key: string;
  points: number;
  windowMs: number;
}

export interface WindowCount {
  count: number;
  /** Until the window ends and the count starts again from zero. */
  msLeft: number;
}

/** Each key: add its points, start its window if it has none; answer the counts and the windows' remaining times. */
const ADD_SCRIPT = `
local counts = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCRBY', key, ARGV[2 * i - 1])
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    ttl = tonumber(ARGV[2 * i])
    redis.call('PEXPIRE', key, ttl)
  end
  counts[2 * i - 1] = count
  counts[2 * i] = ttl
end
return counts`;

/**
 * Counters over fixed windows, shared by every process through Redis when it is there, several
 * added in ONE round trip: a signed order counts its request weight and both order counts with a
 * single script, where a limiter per counter (http/rate-limit.ts) would make three calls on the
 * order's path. While Redis is unreachable (or absent) each process counts in memory instead, as
 * the other limiters do.
 */
export class WindowCounters {
  private readonly local = new Map<string, { count: number; endsAt: number }>();
  private sweptAt = 0;

  constructor(
    private readonly redis: Redis | null,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  async add(additions: Addition[]): Promise<WindowCount[]> {
    const keys = additions.map(({ counter, key }) => `${this.prefix}:window:${counter}:${key}`);
    if (this.redis?.isReady) {
      try {
        const reply = (await this.redis.eval(ADD_SCRIPT, {
          keys,
          arguments: additions.flatMap(({ points, windowMs }) => [String(points), String(windowMs)]),
        })) as number[];
        return additions.map((_, i) => ({ count: reply[2 * i]!, msLeft: reply[2 * i + 1]! }));
      } catch {
        // Counted here until Redis answers again (a looser limit beats a failed or stalled request).
      }
    }
    return additions.map((addition, i) => this.addLocally(keys[i]!, addition));
  }

  private addLocally(key: string, { points, windowMs }: Addition): WindowCount {
    const now = this.now();
    if (now - this.sweptAt >= 60_000) this.sweep(now);
    let window = this.local.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.local.set(key, window);
    }
    window.count += points;
    return { count: window.count, msLeft: window.endsAt - now };
  }

  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [key, window] of this.local) if (window.endsAt <= now) this.local.delete(key);
  }
}
