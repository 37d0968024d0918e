import { deskPrices, type DeskPrices } from './desk-prices';
import { money, toJsonNumber, type Money } from '../../kernel/money';
import type { MarketCatalog } from '../../markets/catalog';
import { instruments, type Instrument } from '../../markets/reference-prices/instruments';
import type { ReferencePrices } from '../../markets/reference-prices/reference-prices.service';
import type { TradingService } from '../trading.service';

export interface QuoteView {
  symbol: string;
  name: string;
  price: number;
  /** What the desk pays for one unit (a sell on the simple screen fills here); null while it buys nothing. */
  bid: number | null;
  /** What the desk charges for one unit (a buy on the simple screen fills here). */
  ask: number;
  kind: Instrument['kind'];
}

/** The desk's two prices and the reference they are built around. */
export interface DeskQuote extends DeskPrices {
  price: Money;
}

/**
 * The prices the simple screen shows and the desk trades at. While a reference feed runs the
 * mid price is the reference price, which no trader can move: a quote taken from our own last trade
 * would let a tiny trade on a thin book set the price of a large trade against the house. With the
 * feed off, a crypto market is quoted at its last trade (the seed price before the first one).
 */
export class InstrumentQuotes {
  constructor(
    private readonly catalog: MarketCatalog,
    private readonly reference: ReferencePrices,
    private readonly books: Pick<TradingService, 'lastPrice' | 'depth'>,
    /** The desk's spread around the mid price, as a fraction (DESK_SPREAD). */
    private readonly spread: Money,
  ) {}

  async quote(instrument: Instrument): Promise<Money> {
    if (instrument.kind === 'crypto' && !this.reference.live) {
      const last = await this.books.lastPrice(instrument.symbol);
      if (last !== null) return money(last);
    }
    return this.reference.price(instrument.symbol)!;
  }

  /** The desk's bid and ask now; for a book market, bounded by the book's best prices as last committed. */
  async deskQuote(instrument: Instrument): Promise<DeskQuote> {
    const price = await this.quote(instrument);
    if (instrument.kind === 'forex') return { price, ...deskPrices(price, instrument.tickSize, this.spread) };
    const { bids, asks } = await this.books.depth(instrument.symbol, 1);
    const book = { bestBid: bids[0] && money(bids[0][0]), bestAsk: asks[0] && money(asks[0][0]) };
    return { price, ...deskPrices(price, instrument.tickSize, this.spread, book) };
  }

  async board(): Promise<QuoteView[]> {
    return Promise.all(
      instruments(this.catalog).map(async (instrument) => {
        const { price, bid, ask } = await this.deskQuote(instrument);
        return {
          symbol: instrument.symbol,
          name: instrument.name,
          price: toJsonNumber(price),
          bid: bid === null ? null : toJsonNumber(bid),
          ask: toJsonNumber(ask),
          kind: instrument.kind,
        };
      }),
    );
  }
}
