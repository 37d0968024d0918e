import type { DataSource } from 'typeorm';
import { money, type Money } from '../../kernel/money';
import { USD, type ForexPair, type MarketCatalog } from '../../markets/catalog';
import type { DollarPrices } from '../../money/accounts/portfolio';
import { lastTradePrices } from '../trade-reads';
import { KLINE_INTERVALS } from './candles';
import type { InstrumentQuotes } from './instrument-quotes';

/** A currency's dollars from its pair's price: USDJPY is yen per dollar, EURUSD dollars per euro. */
const currencyPrice = (pair: ForexPair, price: Money) => (pair.quote === pair.asset ? money(1).div(price) : price);

/**
 * Each asset's price in dollars, now and when a day began (for the Assets page and Today's PnL).
 * A coin is worth its market's last trade (its quote before the first), and at the day's start the
 * close of the last daily candle before it: the last trade before midnight. A currency is worth its
 * forex pair's quote; the venue keeps no history of those, so its day-start price is today's.
 */
export class DollarPriceBook {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: MarketCatalog,
    private readonly quotes: Pick<InstrumentQuotes, 'quote'>,
  ) {}

  async prices(dayStart: Date): Promise<DollarPrices> {
    const books = this.catalog.bookMarkets();
    const symbols = books.map((market) => market.symbol);
    const [lastTrades, closes] = await Promise.all([
      lastTradePrices(this.dataSource, symbols),
      this.closesBefore(symbols, dayStart),
    ]);
    const now = new Map<string, Money>([[USD, money(1)]]);
    const atDayStart = new Map<string, Money>([[USD, money(1)]]);
    for (const market of books) {
      const last = lastTrades.get(market.symbol);
      const price = last ? money(last) : await this.quotes.quote(market);
      now.set(market.base, price);
      const close = closes.get(market.symbol);
      atDayStart.set(market.base, close ? money(close) : price);
    }
    for (const pair of this.catalog.forexPairs()) {
      const price = currencyPrice(pair, await this.quotes.quote(pair));
      now.set(pair.asset, price);
      atDayStart.set(pair.asset, price);
    }
    return { now, dayStart: atDayStart };
  }

  /** Each market's last trade price before `time`: the close of its last daily candle opened before it. */
  private async closesBefore(symbols: readonly string[], time: Date): Promise<Map<string, string>> {
    const rows: Array<{ symbol: string; close: string }> = await this.dataSource.query(
      `SELECT market.symbol, day.close
         FROM unnest($1::text[]) AS market(symbol)
         JOIN LATERAL (SELECT close::text FROM candles
                        WHERE candles.symbol = market.symbol AND width = $2 AND bucket < $3
                        ORDER BY bucket DESC LIMIT 1) day ON true`,
      [symbols, KLINE_INTERVALS['1d'], time],
    );
    return new Map(rows.map((row) => [row.symbol, row.close]));
  }
}
