import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { availableBalance } from '../ledger/ledger';
import { money, type Money } from '../ledger/money';
import type { Logger } from '../logger';
import { bookMarkets, findBookMarket, USD, type BookMarket } from '../markets/catalog';
import type { ReferencePrices } from '../reference-prices/reference-prices.service';
import type { TradingService } from '../trading/trading.service';
import { DEFAULT_LADDER, quoteLadder } from './quote-ladder';

/** How often each market's quotes are replaced; markets take turns within the period. */
const REFRESH_MS = 4000;
/**
 * How far (a fraction) a market's reference may move from the one its ladder was laid around before
 * the ladder is replaced at the next tick rather than at its turn: half the ladder's half-spread, so
 * the best quotes are replaced while still on their own side of the reference, about half their
 * usual distance from it, never seconds behind it.
 */
export const REQUOTE_MOVE = money(DEFAULT_LADDER.halfSpread).div(2);
/** Share of the maker's free balance a market's ladder may hold, leaving room for fills to move it. */
const BID_SHARE = money('0.5');
const ASK_SHARE = money('0.5');
/** The size of the taker's occasional market orders, in USD. */
const CROSSING_NOTIONAL = { min: 20, max: 400 };

export interface MarketMakerAccounts {
  /** Rests the layered quotes. */
  makerId: string;
  /** Crosses the spread now and then; another user, as self-trade prevention would stop the maker. */
  takerId: string;
  /** The maker's whole USD inventory, shared out between the markets. */
  makerUsd: string;
}

/**
 * Keeps every book alive: each market in turn has its quotes cancelled and replaced by a fresh
 * ladder around the reference price, and every other round a small market order crosses the
 * spread, so a fresh install has trades and candles. A market whose reference moves past
 * REQUOTE_MOVE is requoted at the next tick, before its turn. Markets are quoted one at a time.
 * Refusals (a hold the inventory cannot cover, a post-only order that would cross) only mean fewer
 * quotes this round.
 */
export class MarketMaker {
  private timer: NodeJS.Timeout | null = null;
  private next = 0;
  private round = 0;
  private running: Promise<void> | null = null;
  /** Markets waiting to be quoted, each with whether a crossing order follows its quotes. */
  private readonly due = new Map<BookMarket, boolean>();
  /** The reference each market's ladder was laid around. */
  private readonly quotedAround = new Map<BookMarket, Money>();
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
    // Whatever the catalog lists at each step: markets listed since start get their turn.
    const step = () => {
      const markets = bookMarkets();
      const market = markets[this.next]!;
      this.next = (this.next + 1) % markets.length;
      if (this.next === 0) this.round++;
      this.schedule(market, this.round % 2 === 1);
    };
    step();
    this.timer = setInterval(step, this.refreshMs / bookMarkets().length);
    this.stopTicks = this.reference.onTick(() => this.requoteMoved());
  }

  private requoteMoved() {
    for (const [market, quoted] of this.quotedAround) {
      const moved = this.reference.price(market.symbol)!.minus(quoted).abs();
      if (moved.greaterThan(quoted.times(REQUOTE_MOVE))) this.schedule(market, false);
    }
  }

  /** Queues a market (once, however often asked) and quotes the queue one market at a time. */
  private schedule(listed: BookMarket, cross: boolean) {
    // As the catalog has it now: a market halted (or put in cancel-only) is not quoted.
    const market = findBookMarket(listed.symbol);
    if (market?.status !== 'trading') return;
    this.due.set(market, cross || (this.due.get(market) ?? false));
    this.quoteNext();
  }

  private quoteNext() {
    const [next] = this.due;
    if (this.running || !next) return;
    const [market, cross] = next;
    this.due.delete(market);
    this.running = this.refresh(market, cross).finally(() => {
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

  private async refresh(market: BookMarket, cross: boolean) {
    try {
      const reference = this.reference.price(market.symbol)!;
      this.quotedAround.set(market, reference);
      const { makerId } = this.accounts;
      await this.withdrawQuotes(market.symbol);
      const usd = await availableBalance(this.dataSource.manager, makerId, USD);
      const base = await availableBalance(this.dataSource.manager, makerId, market.base);
      const usdShare = money(this.accounts.makerUsd).div(bookMarkets().length);
      const bidBudget = Decimal.min(usd, usdShare).times(BID_SHARE);
      for (const quote of quoteLadder(market, reference, bidBudget, base.times(ASK_SHARE))) {
        await this.quietly(() =>
          this.trading.placeOrder(makerId, {
            symbol: market.symbol,
            side: quote.side,
            type: 'limit',
            amount: quote.amount,
            price: quote.price,
            post_only: true,
          }),
        );
      }
      if (cross) await this.cross(market, reference);
    } catch (error) {
      this.logger.warn({ err: error, symbol: market.symbol }, 'market maker round failed');
    }
  }

  private async cross(market: BookMarket, reference: Decimal) {
    const notional = CROSSING_NOTIONAL.min + Math.random() * (CROSSING_NOTIONAL.max - CROSSING_NOTIONAL.min);
    const amount = money(notional.toFixed(2)).div(reference).toNearest(money(market.lotSize), Decimal.ROUND_DOWN);
    if (amount.isZero()) return;
    const side = Math.random() < 0.5 ? 'buy' : 'sell';
    await this.quietly(() =>
      this.trading.placeOrder(this.accounts.takerId, {
        symbol: market.symbol,
        side,
        type: 'market',
        amount: amount.toFixed(),
        time_in_force: 'IOC',
      }),
    );
  }

  private async quietly(action: () => Promise<unknown>) {
    try {
      await action();
    } catch (error) {
      this.logger.debug({ err: error instanceof Error ? error.message : error }, 'market maker order refused');
    }
  }
}
