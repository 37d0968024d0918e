import type { Context, Middleware } from 'koa';
import type { Config } from '../../platform/config/config';
import type { ServerContext } from '../../platform/modules/context';
import { BinanceCode, BinanceError } from './protocol/binance-error';
import type { IpBans } from './protocol/ip-bans';
import { WindowCounters, type Addition, type WindowCount } from './protocol/window-counters';

/**
 * Binance's request limits: each endpoint costs a weight (Binance's figure for it), counted per
 * client address a minute (API_WEIGHT_LIMIT); orders are counted per account per 10 seconds
 * (API_ORDER_LIMIT) and per day (API_DAILY_ORDER_LIMIT). Every answer says the weight used in
 * X-MBX-USED-WEIGHT-1M, every order answer the orders sent in X-MBX-ORDER-COUNT-10S and -1D; past a
 * limit, 429 with Retry-After and -1003 or -1015. 0 as a limit counts without limiting.
 */

/** One entry of exchangeInfo's `rateLimits`, in Binance's words. */
export interface BinanceRateLimit {
  rateLimitType: 'REQUEST_WEIGHT' | 'ORDERS';
  interval: 'SECOND' | 'MINUTE' | 'DAY';
  intervalNum: number;
  limit: number;
}

type LimitSettings = Pick<Config, 'API_WEIGHT_LIMIT' | 'API_ORDER_LIMIT' | 'API_DAILY_ORDER_LIMIT'>;

/** One of the surface's limits: what it counts over which window, and how many it allows (0: no limit). */
class Limit {
  constructor(
    readonly name: string,
    readonly rateLimitType: BinanceRateLimit['rateLimitType'],
    readonly interval: BinanceRateLimit['interval'],
    readonly intervalNum: number,
    readonly limit: number,
  ) {}

  get windowMs(): number {
    return this.intervalNum * { SECOND: 1000, MINUTE: 60_000, DAY: 86_400_000 }[this.interval];
  }

  /** Binance's words for the window in its refusals: "1 MINUTE", "10 SECOND". */
  get per(): string {
    return `${this.intervalNum} ${this.interval}`;
  }

  add(key: string, points: number): Addition {
    return { counter: this.name, key, points, windowMs: this.windowMs };
  }

  refuses({ count }: WindowCount): boolean {
    return this.limit > 0 && count > this.limit;
  }

  get rateLimit(): BinanceRateLimit {
    const { rateLimitType, interval, intervalNum, limit } = this;
    return { rateLimitType, interval, intervalNum, limit };
  }
}

const limitsOf = (config: LimitSettings) => ({
  weight: new Limit('binance-weight', 'REQUEST_WEIGHT', 'MINUTE', 1, config.API_WEIGHT_LIMIT),
  ordersPer10s: new Limit('binance-orders-10s', 'ORDERS', 'SECOND', 10, config.API_ORDER_LIMIT),
  ordersPerDay: new Limit('binance-orders-1d', 'ORDERS', 'DAY', 1, config.API_DAILY_ORDER_LIMIT),
});

/** The limits in force, as exchangeInfo reports them (a limit set to 0 is none, and not listed). */
export function binanceRateLimits(config: LimitSettings): BinanceRateLimit[] {
  return Object.values(limitsOf(config))
    .filter(({ limit }) => limit > 0)
    .map((limit) => limit.rateLimit);
}

const USED_WEIGHT_HEADER = 'X-MBX-USED-WEIGHT-1M';

/** What a weight may be computed from: the request's parameters (over HTTP, its query string). */
export interface WeightedRequest {
  query: Record<string, string | string[] | undefined>;
}

/** A route's weight: a number, or one computed from the request (Binance's depth costs more for more levels). */
export type Weight = number | ((request: WeightedRequest) => number);

export class RequestLimits {
  private readonly limits: ReturnType<typeof limitsOf>;
  private readonly counters: WindowCounters;
  /** The weight of an order request, counted with its order counts (see orderWeight). */
  private readonly pendingWeight = new WeakMap<Context, number>();

  constructor(
    context: Pick<ServerContext, 'config' | 'redis' | 'redisPrefix'>,
    private readonly bans: IpBans,
  ) {
    this.limits = limitsOf(context.config);
    this.counters = new WindowCounters(context.redis, context.redisPrefix);
  }

  /**
   * A route's middleware, before its handler: the request costs `cost` of its client address's
   * weight; past the limit it is refused with 429 and -1003, the weight still counted (as Binance does).
   */
  weight(cost: Weight): Middleware {
    return async (ctx, next) => {
      const [weight] = await this.counters.add([this.limits.weight.add(ctx.ip, weightOf(cost, ctx))]);
      this.checkWeight(ctx, weight!);
      await next();
    };
  }

  /**
   * The weight of a route that places orders: counted with the order's counts, in one call to Redis
   * (countOrder), so a signed order costs one round trip for its three counters. A request refused
   * before it counts an order still counts its weight, when it is answered; past the limit, its
   * answer is the weight's 429.
   */
  orderWeight(cost: Weight): Middleware {
    return async (ctx, next) => {
      this.pendingWeight.set(ctx, weightOf(cost, ctx));
      let refusal: unknown = null;
      try {
        await next();
      } catch (error) {
        refusal = error;
      }
      const pending = this.pendingWeight.get(ctx);
      if (pending !== undefined) {
        this.pendingWeight.delete(ctx);
        const [weight] = await this.counters.add([this.limits.weight.add(ctx.ip, pending)]);
        if (refusal !== null) this.checkWeight(ctx, weight!);
        else ctx.set(USED_WEIGHT_HEADER, String(weight!.count));
      }
      if (refusal !== null) throw refusal;
    };
  }

  /**
   * Spends `cost` of `address`'s weight outside HTTP (a WebSocket API request): the limit with what
   * this minute has used, as the WebSocket API reports it in `rateLimits`, and past the limit the
   * refusal (-1003, status 429), which counts towards a ban; a banned address spends nothing and
   * is refused with 418.
   */
  async spendWeight(
    address: string,
    cost: number,
  ): Promise<{ rateLimit: BinanceRateLimit & { count: number }; refusal: BinanceError | null }> {
    const { weight } = this.limits;
    const banned = this.bans.refusal(address);
    const [used] = await this.counters.add([weight.add(address, banned ? 0 : cost)]);
    const rateLimit = { ...weight.rateLimit, count: used!.count };
    if (banned) return { rateLimit, refusal: banned.error };
    if (!weight.refuses(used!)) return { rateLimit, refusal: null };
    await this.bans.countRefusal(address);
    return { rateLimit, refusal: new BinanceError(429, BinanceCode.TOO_MANY_REQUESTS, this.tooMuchWeight()) };
  }

  /**
   * Counts a new order of `userId` outside HTTP (the WebSocket API, whose request spent its weight
   * already): the order limits with their counts, as the WebSocket API reports them in
   * `rateLimits`, and past either the refusal (-1015, status 429), which counts towards a ban.
   */
  async spendOrder(
    address: string,
    userId: string,
  ): Promise<{ rateLimits: Array<BinanceRateLimit & { count: number }>; refusal: BinanceError | null }> {
    const { ordersPer10s, ordersPerDay } = this.limits;
    const counts = await this.counters.add([ordersPer10s.add(userId, 1), ordersPerDay.add(userId, 1)]);
    const limits = [ordersPer10s, ordersPerDay].map((limit, at) => ({ limit, count: counts[at]! }));
    const rateLimits = limits
      .filter(({ limit }) => limit.limit > 0)
      .map(({ limit, count }) => ({ ...limit.rateLimit, count: count.count }));
    const refused = limits.find(({ limit, count }) => limit.refuses(count));
    if (!refused) return { rateLimits, refusal: null };
    await this.bans.countRefusal(address);
    return { rateLimits, refusal: new BinanceError(429, BinanceCode.TOO_MANY_ORDERS, tooManyOrders(refused.limit)) };
  }

  /**
   * Counts a new order of `userId` (called by the order routes once the caller is known, before the
   * order is placed), with the request's weight if orderWeight left it: 429 and -1003 past the
   * weight limit, -1015 past either order limit; the headers tell every count.
   */
  async countOrder(ctx: Context, userId: string): Promise<void> {
    const { weight, ordersPer10s, ordersPerDay } = this.limits;
    const pending = this.pendingWeight.get(ctx);
    this.pendingWeight.delete(ctx);
    const additions = [ordersPer10s.add(userId, 1), ordersPerDay.add(userId, 1)];
    if (pending !== undefined) additions.push(weight.add(ctx.ip, pending));
    const [tenSeconds, day, used] = await this.counters.add(additions);
    ctx.set('X-MBX-ORDER-COUNT-10S', String(tenSeconds!.count));
    ctx.set('X-MBX-ORDER-COUNT-1D', String(day!.count));
    if (used) this.checkWeight(ctx, used);
    for (const [limit, count] of [
      [ordersPer10s, tenSeconds!],
      [ordersPerDay, day!],
    ] as const)
      if (limit.refuses(count)) throw tooMany(ctx, count, BinanceCode.TOO_MANY_ORDERS, tooManyOrders(limit));
  }

  /**
   * The order limits in force on `userId` (a limit of 0 is none, and not listed) with the orders
   * counted in their current windows, as `GET /api/v3/rateLimit/order` tells them; counts nothing.
   */
  async orderCounts(userId: string): Promise<Array<BinanceRateLimit & { count: number }>> {
    const limits = [this.limits.ordersPer10s, this.limits.ordersPerDay].filter(({ limit }) => limit > 0);
    const counts = await this.counters.add(limits.map((limit) => limit.add(userId, 0)));
    return limits.map((limit, i) => ({ ...limit.rateLimit, count: counts[i]!.count }));
  }

  /**
   * The surface's middleware: an answer of a route without a weight of its own (or refused before
   * it) still tells the client address's weight used.
   */
  readonly reportUsedWeight: Middleware = async (ctx, next) => {
    try {
      await next();
    } finally {
      // hasHeader: koa's ctx.response.get copies every header first.
      if (!ctx.res.hasHeader(USED_WEIGHT_HEADER)) {
        const [used] = await this.counters.add([this.limits.weight.add(ctx.ip, 0)]);
        ctx.set(USED_WEIGHT_HEADER, String(used!.count));
      }
    }
  };

  /** Tells the weight used; past the limit, refuses the request. */
  private checkWeight(ctx: Context, used: WindowCount): void {
    const { weight } = this.limits;
    ctx.set(USED_WEIGHT_HEADER, String(used.count));
    if (weight.refuses(used)) throw tooMany(ctx, used, BinanceCode.TOO_MANY_REQUESTS, this.tooMuchWeight());
  }

  private tooMuchWeight(): string {
    const { weight } = this.limits;
    return `Too much request weight used; current limit is ${weight.limit} request weight per ${weight.per}. Please use WebSocket Streams for live updates to avoid polling the API.`;
  }
}

/** What `cost` comes to for `request`. */
export const weightOf = (cost: Weight, request: WeightedRequest): number =>
  typeof cost === 'number' ? cost : cost(request);

const tooManyOrders = (limit: Limit) => `Too many new orders; current limit is ${limit.limit} orders per ${limit.per}.`;

function tooMany(ctx: Context, { msLeft }: WindowCount, code: number, msg: string): BinanceError {
  ctx.set('Retry-After', String(Math.max(1, Math.ceil(msLeft / 1000))));
  return new BinanceError(429, code, msg);
}
