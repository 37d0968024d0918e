import type { Middleware } from 'koa';
import type { ServerContext } from '../../../platform/modules/context';
import { BinanceCode, BinanceError } from './binance-error';
import { WindowCounters } from './window-counters';

/** The window over which an address's refusals are counted: Binance's weight window. */
const REFUSALS_WINDOW_MS = 60_000;
/** How long after its last ban ended an address's next ban still counts as a repeat (and lasts twice as long). */
const OFFENCE_MEMORY_MS = 24 * 3_600_000;
/** Tells every process of a new ban, so each refuses it from memory without asking Redis on each request. */
const BANS_TOPIC = 'binance-ip-bans';

/**
 * An address's ban in Redis: its offences counted (remembered OFFENCE_MEMORY_MS past the ban's end),
 * the ban as long as the count says (`base * 2^(offences - 1)` up to `max`), kept as a key that
 * expires with it. Answers the ban's length in ms.
 */
const BAN_SCRIPT = `
local offences = redis.call('INCR', KEYS[1])
local ms = math.min(tonumber(ARGV[1]) * 2 ^ (offences - 1), tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[1], ms + tonumber(ARGV[3]))
redis.call('SET', KEYS[2], '1', 'PX', ms)
return ms`;

type BanSettings = Pick<ServerContext['config'], 'API_BAN_AFTER_429S' | 'API_BAN_DURATION' | 'API_BAN_MAX_DURATION'>;

/**
 * Binance's automated IP bans: an address that goes on sending after its requests are refused with
 * 429 (API_BAN_AFTER_429S of them in a minute) is banned, answered 418 and -1003 on the
 * Binance-compatible API and refused its WebSocket connections, for API_BAN_DURATION; a repeat
 * offender's ban lasts twice the one before, up to API_BAN_MAX_DURATION (Binance's 2 minutes to 3
 * days). The bans live in Redis, with a TTL, and every process learns of each over the bus and keeps
 * it in memory: a request is checked against a map, not a round trip. While Redis is down each
 * process bans on its own counts.
 */
export class IpBans {
  /** Banned addresses, and when each ban ends (epoch ms). */
  private readonly banned = new Map<string, number>();
  /** Offences counted in this process while Redis is unreachable: how many, and when they are forgotten. */
  private readonly localOffences = new Map<string, { count: number; forgetAt: number }>();
  private readonly refusals: WindowCounters;
  private readonly settings: BanSettings;

  constructor(
    private readonly context: Pick<ServerContext, 'config' | 'redis' | 'redisPrefix' | 'bus' | 'logger'>,
    private readonly now: () => number = Date.now,
  ) {
    this.settings = context.config;
    this.refusals = new WindowCounters(context.redis, context.redisPrefix, now);
  }

  /** Follows the bans other processes make, and takes over those in force (a process started during a ban). */
  async start(): Promise<void> {
    await this.context.bus.subscribe(BANS_TOPIC, (message) => {
      const { address, until } = message as { address: string; until: number };
      this.remember(address, until);
    });
    const { redis } = this.context;
    if (!redis?.isReady) return;
    const prefix = this.banKey('');
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
      for (const key of keys) {
        const msLeft = await redis.pTTL(key);
        if (msLeft > 0) this.remember(key.slice(prefix.length), this.now() + msLeft);
      }
  }

  /** The refusal of a banned address (418, -1003, with its Retry-After in seconds), or null. */
  refusal(address: string): { error: BinanceError; retryAfter: number } | null {
    const until = this.banned.get(address);
    if (until === undefined) return null;
    const msLeft = until - this.now();
    if (msLeft <= 0) {
      this.banned.delete(address);
      return null;
    }
    const error = new BinanceError(
      418,
      BinanceCode.TOO_MANY_REQUESTS,
      `Way too much request weight used; IP banned until ${until}. Please use WebSocket Streams for live updates to avoid bans.`,
    );
    return { error, retryAfter: Math.ceil(msLeft / 1000) };
  }

  /**
   * Counts a request of `address` refused with 429; the refusal that takes the count past the
   * threshold bans the address. Exactly one does (the count goes up by one), so one ban is made
   * however many processes count; the count goes on in its window, each further threshold's worth
   * of refusals banning again.
   */
  async countRefusal(address: string): Promise<void> {
    const threshold = this.settings.API_BAN_AFTER_429S;
    if (threshold === 0) return;
    const [refused] = await this.refusals.add([
      { counter: 'binance-429s', key: address, points: 1, windowMs: REFUSALS_WINDOW_MS },
    ]);
    if (refused!.count % (threshold + 1) === 0) await this.ban(address);
  }

  /**
   * The surface's middleware, before any other work: a banned address is answered 418 at once,
   * and each request of its refused with 429 is counted.
   */
  readonly guard: Middleware = async (ctx, next) => {
    const banned = this.refusal(ctx.ip);
    if (banned) {
      ctx.set('Retry-After', String(banned.retryAfter));
      throw banned.error;
    }
    try {
      await next();
    } catch (error) {
      if (error instanceof BinanceError && error.status === 429) await this.countRefusal(ctx.ip);
      throw error;
    }
  };

  private async ban(address: string): Promise<void> {
    const { API_BAN_DURATION, API_BAN_MAX_DURATION } = this.settings;
    let ms: number | null = null;
    const { redis, redisPrefix } = this.context;
    if (redis?.isReady) {
      try {
        ms = (await redis.eval(BAN_SCRIPT, {
          keys: [`${redisPrefix}:ip-ban-offences:${address}`, this.banKey(address)],
          arguments: [String(API_BAN_DURATION), String(API_BAN_MAX_DURATION), String(OFFENCE_MEMORY_MS)],
        })) as number;
      } catch {
        // Banned in this process alone until Redis answers again.
      }
    }
    ms ??= this.banLocally(address);
    const until = this.now() + ms;
    this.remember(address, until);
    this.context.bus.publish(BANS_TOPIC, { address, until });
    this.context.logger.warn({ address, until: new Date(until).toISOString() }, 'Binance API: address banned');
  }

  /** The ban's length from this process's own count of the address's offences. */
  private banLocally(address: string): number {
    const { API_BAN_DURATION, API_BAN_MAX_DURATION } = this.settings;
    const now = this.now();
    for (const [known, { forgetAt }] of this.localOffences) if (forgetAt <= now) this.localOffences.delete(known);
    const count = (this.localOffences.get(address)?.count ?? 0) + 1;
    const ms = Math.min(API_BAN_DURATION * 2 ** (count - 1), API_BAN_MAX_DURATION);
    this.localOffences.set(address, { count, forgetAt: now + ms + OFFENCE_MEMORY_MS });
    return ms;
  }

  private remember(address: string, until: number): void {
    const now = this.now();
    for (const [known, endsAt] of this.banned) if (endsAt <= now) this.banned.delete(known);
    if (until > (this.banned.get(address) ?? 0)) this.banned.set(address, until);
  }

  private banKey(address: string): string {
    return `${this.context.redisPrefix}:ip-ban:${address}`;
  }
}
