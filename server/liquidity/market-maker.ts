import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { availableBalance } from '../ledger/ledger';
import { money, type Money } from '../ledger/money';
import type { Logger } from '../logger';
import { USD, type BookMarket } from '../markets/catalog';
import type { ReferencePrices } from '../reference-prices/reference-prices.service';
import type { OrderView } from '../trading/order-schemas';
import type { TradingService } from '../trading/trading.service';
import { ladderDepth, liquidMarkets } from './liquid-markets';
import { ladderShape, quoteLadder, type LadderQuote } from './quote-ladder';

/** How often each market's whole ladder is laid anew; markets take turns within the period. */
const REFRESH_MS = 12_000;
/**
 * Levels a side replaced as soon as the reference moves past the half-spread: the best quotes
 * follow the reference within a tick of the feed, the deeper ones (on coarser grids, further away)
 * wait for their market's turn, which keeps the orders the maker sends modest.
 */
export const NEAR_LEVELS = 4;
/** Room left in a buy's budget for its fee, so a level the budget takes is not refused for the fee. */
const FEE_ROOM = money('1.02');

export interface MarketMakerAccounts {
  /** Rests the layered quotes. */
  makerId: string;
  /** What the maker was funded with: the depth of each market's ladder follows from it (liquid-markets.ts). */
  inventory: Readonly<Record<string, string>>;
}

type Scope = 'near' | 'whole';

const quoteKey = (side: string, price: Decimal.Value) => `${side} ${money(price).toFixed()}`;

/**
 * Keeps every book quoted with a ladder around the reference price (quote-ladder.ts). Each market
 * in turn has its whole ladder compared with what rests: quotes the ladder no longer has are
 * cancelled, missing ones placed, the rest left where they are. A market whose reference moved past
 * its half-spread has its near levels replaced at the next tick. Markets are quoted one at a time.
 * Refusals (a hold the balance cannot cover, a post-only order that would cross) only mean fewer
 * quotes this round.
 */
export class MarketMaker {
  private timer: NodeJS.Timeout | null = null;
  private next = 0;
  private running: Promise<void> | null = null;
  /** Markets waiting to be quoted, each with how much of its ladder is due. */
  private readonly due = new Map<BookMarket, Scope>();
  /** The ids of each market's quotes resting at its near levels, as last laid. */
  private readonly nearQuotes = new Map<BookMarket, Set<string>>();
  /** The reference each market's near levels were laid around, and the move that makes them stale. */
  private readonly quotedAround = new Map<BookMarket, { reference: Money; staleAfter: Money }>();
  private stopTicks: (() => void) | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly trading: Pick<TradingService, 'placeOrder' | 'cancelOrder' | 'openOrders'>,
    private readonly reference: ReferencePrices,
    private readonly accounts: MarketMakerAccounts,
    private readonly logger: Logger,
    /** The period in which every market has its turn. */
    private readonly refreshMs = REFRESH_MS,
  ) {}

  start() {
    if (this.timer) return;
    const step = () => {
      const markets = liquidMarkets();
      this.next %= markets.length;
      this.schedule(markets[this.next++]!, 'whole');
    };
    step();
    this.timer = setInterval(step, this.refreshMs / liquidMarkets().length);
    this.stopTicks = this.reference.onTick(() => this.requoteMoved());
  }

  private requoteMoved() {
    for (const [market, { reference, staleAfter }] of this.quotedAround) {
      const moved = this.reference.price(market.symbol)!.minus(reference).abs();
      if (moved.greaterThan(staleAfter)) this.schedule(market, 'near');
    }
  }

  /** Queues a market (once, however often asked: the whole ladder if any asker wanted it) and quotes the queue one market at a time. */
  private schedule(market: BookMarket, scope: Scope) {
    this.due.set(market, this.due.get(market) === 'whole' ? 'whole' : scope);
    this.quoteNext();
  }

  private quoteNext() {
    const [next] = this.due;
    if (this.running || !next) return;
    const [market, scope] = next;
    this.due.delete(market);
    this.running = this.refresh(market, scope).finally(() => {
      this.running = null;
      this.quoteNext();
    });
  }

  /**
   * Stops quoting, waits for the round in progress and withdraws the resting quotes: left on the
   * book they would go stale at prices nobody maintains until the next start re-quotes.
   */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopTicks?.();
    this.stopTicks = null;
    this.due.clear();
    await this.running;
    await this.withdrawQuotes();
  }

  private async withdrawQuotes(symbol?: string) {
    const { makerId } = this.accounts;
    for (const order of await this.trading.openOrders(makerId, symbol)) {
      await this.quietly(() => this.trading.cancelOrder(makerId, order.id));
    }
  }

  /**
   * Lays the market's ladder around the reference: quotes it lacks are cancelled, missing ones
   * placed, matching ones left resting. Replacing only the near levels ('near') keeps what rests
   * beyond them, except the near quotes laid last time, which the move made stale.
   */
  private async refresh(market: BookMarket, scope: Scope) {
    try {
      const reference = this.reference.price(market.symbol)!;
      const shape = ladderShape(ladderDepth(market, this.accounts.inventory));
      const ladder = quoteLadder(market, reference, shape);
      this.quotedAround.set(market, { reference, staleAfter: reference.times(shape.halfSpread) });
      const { makerId } = this.accounts;
      const wantedLevel = new Map(ladder.map((q) => [quoteKey(q.side, q.price), q.level]));
      const reach = (side: 'buy' | 'sell') => ladder.filter((q) => q.side === side && q.level < NEAR_LEVELS).at(-1);
      const beyondReach = (side: 'buy' | 'sell', price: number) => {
        const edge = reach(side)?.price;
        return edge !== undefined && (side === 'buy' ? money(price).lessThan(edge) : money(price).greaterThan(edge));
      };
      const laidNear = this.nearQuotes.get(market) ?? new Set<string>();
      const near = new Set<string>();
      const kept = new Set<string>();
      const stale: OrderView[] = [];
      for (const order of await this.trading.openOrders(makerId, market.symbol)) {
        const key = quoteKey(order.side, order.price!);
        const level = wantedLevel.get(key);
        const stays =
          level !== undefined ||
          (scope === 'near' && !laidNear.has(order.id) && beyondReach(order.side, order.price!));
        if (!stays) {
          stale.push(order);
          continue;
        }
        kept.add(key);
        if (level !== undefined && level < NEAR_LEVELS) near.add(order.id);
      }
      // Sent together, the cancels (then the placements) share the sequencer's rounds.
      await Promise.all(stale.map((order) => this.quietly(() => this.trading.cancelOrder(makerId, order.id))));
      const missing = ladder.filter(
        (q) => !kept.has(quoteKey(q.side, q.price)) && (scope === 'whole' || q.level < NEAR_LEVELS),
      );
      for (const [quote, order] of await this.place(market, missing)) {
        if (quote.level < NEAR_LEVELS) near.add(order.id);
      }
      this.nearQuotes.set(market, near);
    } catch (error) {
      this.logger.warn({ err: error, symbol: market.symbol }, 'market maker round failed');
    }
  }

  /** Places quotes nearest first, each side until its balance cannot hold the next one; answers those placed. */
  private async place(market: BookMarket, quotes: LadderQuote[]): Promise<Array<[LadderQuote, OrderView]>> {
    const { makerId } = this.accounts;
    const budget = {
      buy: await availableBalance(this.dataSource.manager, makerId, USD),
      sell: await availableBalance(this.dataSource.manager, makerId, market.base),
    };
    const affordable = [...quotes]
      .sort((a, b) => a.level - b.level)
      .filter((quote) => {
        const cost =
          quote.side === 'buy' ? money(quote.price).times(quote.amount).times(FEE_ROOM) : money(quote.amount);
        const fits = cost.lessThanOrEqualTo(budget[quote.side]);
        // A level that does not fit ends its side: deeper ones are bigger still.
        budget[quote.side] = fits ? budget[quote.side].minus(cost) : money(0);
        return fits;
      });
    const placed = await Promise.all(
      affordable.map(async (quote): Promise<[LadderQuote, OrderView | undefined]> => [
        quote,
        await this.quietly(() =>
          this.trading.placeOrder(makerId, {
            symbol: market.symbol,
            side: quote.side,
            type: 'limit',
            amount: quote.amount,
            price: quote.price,
            post_only: true,
          }),
        ),
      ]),
    );
    return placed.filter((entry): entry is [LadderQuote, OrderView] => entry[1] !== undefined);
  }

  private async quietly<T>(action: () => Promise<T>): Promise<T | undefined> {
    try {
      return await action();
    } catch (error) {
      this.logger.debug({ err: error instanceof Error ? error.message : error }, 'market maker order refused');
      return undefined;
    }
  }
}
