import type { DataSource } from 'typeorm';
import { availableBalance } from '../../ledger/ledger';
import { money, type Money } from '../../kernel/money';
import type { Outages } from '../../platform/health/outages';
import type { Logger } from '../../platform/logger/logger';
import { USD, type BookMarket, type MarketCatalog } from '../../markets/catalog';
import type { ReferencePrices } from '../../markets/reference-prices/reference-prices.service';
import type { TradingService } from '../trading.service';
import { ladderDepth, liquidMarkets } from './liquid-markets';
import {
  ladderCenter,
  ladderChanges,
  ladderShape,
  ladderShortfall,
  quoteLadder,
  type LadderQuote,
  type RestingQuote,
} from './quote-ladder';

/** How often each market's ladder is checked (fills taken from it, levels out of place); markets take turns within the period. */
const REFRESH_MS = 12_000;
/** How often the maker looks at the books for a moved reference or a trade (requoteMoved). */
const LOOK_MS = 1_000;
/**
 * How long a trade holds a market's ladder around it (ladderCenter) after the maker saw the last
 * price change: a market nobody trades drifts back to its reference, and a trade from before the
 * maker started (another run's, at a price long gone) holds nothing.
 */
const LAST_TRADE_HOLDS_MS = 60_000;
/** Room left in a buy's budget for its fee, so a level the budget takes is not refused for the fee. */
const FEE_ROOM = money('1.02');

export interface MarketMakerAccounts {
  /** Rests the layered quotes. */
  makerId: string;
  /** What the maker was funded with: the depth of each market's ladder follows from it (liquid-markets.ts). */
  inventory: Readonly<Record<string, string>>;
}

/**
 * Keeps every book quoted with a ladder around the reference price, held so that the last trade
 * stays within its touch (quote-ladder.ts, ladderCenter). Each market in turn has its ladder
 * compared with what rests (ladderChanges): quotes out of their level's place are cancelled,
 * missing levels placed, the rest left where they are, so after a small move only the near levels
 * change. A market whose ladder's center moved past its half-spread, or that traded since its last
 * round (a fill may have taken its best levels), is requoted within a second (LOOK_MS) rather than
 * at its turn. Markets are quoted one at a time. Refusals (a hold the
 * balance cannot cover, a post-only order that would cross) only mean fewer quotes this round. What
 * it cannot quote (a ladder with bids at 0 or an empty side, a balance that cannot hold a side) is
 * logged once per market and condition.
 */
export class MarketMaker {
  private timer: NodeJS.Timeout | null = null;
  private next = 0;
  private running: Promise<void> | null = null;
  /** Markets waiting to be quoted. */
  private readonly due = new Set<BookMarket>();
  /** What each market's ladder was last laid around: its center, its half-spread and the last trade then. */
  private readonly quotedAround = new Map<BookMarket, { center: Money; halfSpread: string; last: string | null }>();
  /** Each market's last trade price as the maker last read it, and when it saw it change. */
  private readonly lastTrades = new Map<BookMarket, { price: string | null; changedAt: number }>();
  /** A tick's look at the books is under way: the next tick does not start another. */
  private checking = false;
  private looks: NodeJS.Timeout | null = null;
  /** What the maker could not quote, by market and condition: each is logged once, not at every requote. */
  private readonly shortfalls = new Set<string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: MarketCatalog,
    private readonly trading: Pick<TradingService, 'placeOrder' | 'cancelOrder' | 'openOrders' | 'lastPrice'>,
    private readonly reference: ReferencePrices,
    private readonly accounts: MarketMakerAccounts,
    private readonly logger: Logger,
    /** A round failing because the database or Redis is down is no warning of its own: the outage is logged once. */
    private readonly outages: Outages,
    /** The period in which every market has its turn. */
    private readonly refreshMs = REFRESH_MS,
  ) {}

  start() {
    if (this.timer) return;
    // Whatever the catalog lists at each step: markets listed since start get their turn.
    const step = () => {
      const markets = liquidMarkets(this.catalog);
      this.next %= markets.length;
      this.schedule(markets[this.next++]!);
    };
    step();
    this.timer = setInterval(step, this.refreshMs / liquidMarkets(this.catalog).length);
    this.looks = setInterval(() => void this.requoteMoved(), LOOK_MS);
  }

  /** Queues the markets whose ladder's center moved past its half-spread, or that traded since their round. */
  private async requoteMoved() {
    if (this.checking) return;
    this.checking = true;
    try {
      for (const [market, quoted] of this.quotedAround) {
        const last = await this.lastTrade(market);
        const center = ladderCenter(this.reference.price(market.symbol)!, last.holding, quoted.halfSpread);
        const moved = center.minus(quoted.center).abs().greaterThan(quoted.center.times(quoted.halfSpread));
        if (moved || last.price !== quoted.last) this.schedule(market);
      }
    } catch (error) {
      if (!this.outages.causedBy(error)) this.logger.warn({ err: error }, 'market maker could not read the books');
    } finally {
      this.checking = false;
    }
  }

  /** The book's last trade price, and the same if it changed within LAST_TRADE_HOLDS_MS (else null): what holds the ladder. */
  private async lastTrade(market: BookMarket): Promise<{ price: string | null; holding: Money | null }> {
    // A book not open here yet (a market just listed) has no last trade to hold the ladder.
    const price = await this.trading.lastPrice(market.symbol).catch(() => null);
    const seen = this.lastTrades.get(market);
    const changedAt = !seen ? -Infinity : seen.price === price ? seen.changedAt : Date.now();
    this.lastTrades.set(market, { price, changedAt });
    const holds = price !== null && Date.now() - changedAt <= LAST_TRADE_HOLDS_MS;
    return { price, holding: holds ? money(price) : null };
  }

  /** Quotes the market at once rather than at its turn: one listed since, once its inventory is in. */
  quoteSoon(symbol: string) {
    const market = this.catalog.findBookMarket(symbol);
    if (market) this.schedule(market);
  }

  /** Queues a market (once, however often asked) and quotes the queue one market at a time. */
  private schedule(listed: BookMarket) {
    // As the catalog has it now: a market halted (or put in cancel-only) is not quoted.
    const market = this.catalog.findBookMarket(listed.symbol);
    if (market?.status !== 'trading') return;
    this.due.add(market);
    this.quoteNext();
  }

  private quoteNext() {
    const [market] = this.due;
    if (this.running || !market) return;
    this.due.delete(market);
    this.running = this.refresh(market).finally(() => {
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
    if (this.looks) clearInterval(this.looks);
    this.looks = null;
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

  private async refresh(market: BookMarket) {
    try {
      const shape = ladderShape(ladderDepth(market, this.accounts.inventory, liquidMarkets(this.catalog)));
      const last = await this.lastTrade(market);
      const center = ladderCenter(this.reference.price(market.symbol)!, last.holding, shape.halfSpread);
      this.quotedAround.set(market, { center, halfSpread: shape.halfSpread, last: last.price });
      const { makerId } = this.accounts;
      const resting = (await this.trading.openOrders(makerId, market.symbol)).map((order) => ({
        id: order.id,
        side: order.side,
        price: String(order.price),
      }));
      this.cannotQuote(market, ladderShortfall(market, center, shape));
      const { cancel, place } = ladderChanges(quoteLadder(market, center, shape), resting);
      // Stale quotes go before new ones come: a new quote could meet one the reference passed, and
      // the book holds at most one ladder a side at any moment.
      await this.cancel(cancel);
      await this.place(market, place);
    } catch (error) {
      if (!this.outages.causedBy(error))
        this.logger.warn({ err: error, symbol: market.symbol }, 'market maker round failed');
    }
  }

  /** Sent together, the cancels share the sequencer's rounds. */
  private async cancel(quotes: RestingQuote[]) {
    const { makerId } = this.accounts;
    await Promise.all(quotes.map((quote) => this.quietly(() => this.trading.cancelOrder(makerId, quote.id))));
  }

  /** Places quotes nearest first, each side until its balance cannot hold the next one; sent together. */
  private async place(market: BookMarket, quotes: LadderQuote[]) {
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
        if (!fits) this.cannotQuote(market, `its balance cannot hold every ${quote.side === 'buy' ? 'bid' : 'ask'}`);
        // A level that does not fit ends its side: deeper ones are bigger still.
        budget[quote.side] = fits ? budget[quote.side].minus(cost) : money(0);
        return fits;
      });
    await Promise.all(
      affordable.map((quote) =>
        this.quietly(() =>
          this.trading.placeOrder(makerId, {
            symbol: market.symbol,
            side: quote.side,
            type: 'limit',
            amount: quote.amount,
            price: quote.price,
            post_only: true,
          }),
        ),
      ),
    );
  }

  /** Logs what the maker cannot quote on a market, the first time it meets each condition there. */
  private cannotQuote(market: BookMarket, shortfall: string | null) {
    const key = `${market.symbol} ${shortfall}`;
    if (shortfall === null || this.shortfalls.has(key)) return;
    this.shortfalls.add(key);
    this.logger.warn({ symbol: market.symbol, shortfall }, 'market maker cannot quote a market in full');
  }

  private async quietly(action: () => Promise<unknown>) {
    try {
      await action();
    } catch (error) {
      this.logger.debug({ err: error instanceof Error ? error.message : error }, 'market maker order refused');
    }
  }
}
