import { money, toJsonNumber, type Money } from '../ledger/money';
import { INSTRUMENTS, type Instrument } from '../reference-prices/instruments';
import type { ReferencePrices } from '../reference-prices/reference-prices.service';
import type { TradingService } from '../trading/trading.service';

export interface QuoteView {
  symbol: string;
  name: string;
  price: number;
  kind: Instrument['kind'];
}

/**
 * The price the simple screen shows and the house desk trades at. While a reference feed runs it is
 * the reference price, which no trader can move: a quote taken from our own last trade would let a
 * tiny trade on a thin book set the price of a large trade against the house. With the feed off, a
 * crypto market is quoted at its last trade (the seed price before the first one).
 */
export class InstrumentQuotes {
  constructor(
    private readonly reference: ReferencePrices,
    private readonly books: Pick<TradingService, 'lastPrice'>,
  ) {}

  async quote(instrument: Instrument): Promise<Money> {
    if (instrument.kind === 'crypto' && !this.reference.live) {
      const last = await this.books.lastPrice(instrument.symbol);
      if (last !== null) return money(last);
    }
    return this.reference.price(instrument.symbol)!;
  }

  async board(): Promise<QuoteView[]> {
    return Promise.all(
      INSTRUMENTS.map(async (instrument) => ({
        symbol: instrument.symbol,
        name: instrument.name,
        price: toJsonNumber(await this.quote(instrument)),
        kind: instrument.kind,
      })),
    );
  }
}
