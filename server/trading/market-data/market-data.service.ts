import type { DataSource } from 'typeorm';
import type { HistoryReads } from '../../platform/db/history-reads';
import { money, toJsonNumber, ZERO } from '../../kernel/money';
import type { BookMarket, MarketCatalog } from '../../markets/catalog';
import { loadKlines, type Kline, type KlineInterval } from './candles';
import { loadDayStatistics } from './day-statistics';
import { latestTrades } from '../trade-reads';
import type { InstrumentQuotes } from './instrument-quotes';
import type { TradingService } from '../trading.service';

export interface Ticker {
  symbol: string;
  last_price: number;
  price_change: number;
  price_change_percent: number;
  high: number;
  low: number;
  volume: number;
  quote_volume: number;
}

export interface PublicTrade {
  id: string;
  price: number;
  quantity: number;
  time: number;
  /** The resting order was the buy, so the taker sold: shown as a sell. */
  is_buyer_maker: boolean;
}

export interface Depth {
  /** The book's update id these levels are as of: the market room's depth updates continue from it. */
  last_update_id: number;
  bids: Array<[number, number]>;
  asks: Array<[number, number]>;
}

/** Price levels as the web API answers them: JSON numbers. */
export const jsonLevels = (levels: Array<[string, string]>) =>
  levels.map(([price, quantity]): [number, number] => [toJsonNumber(price), toJsonNumber(quantity)]);

/** Public market data, computed from our own trades (through the candles kept of them) and order books. */
export class MarketDataService {
  constructor(
    private readonly dataSource: DataSource,
    /** Klines are history: read where HistoryReads sends them. */
    private readonly reads: HistoryReads,
    private readonly books: Pick<TradingService, 'depth'>,
    private readonly quotes: InstrumentQuotes,
    private readonly catalog: MarketCatalog,
  ) {}

  /** 24 hours of statistics; before the first trade, the last price is the quote and nothing changed. */
  async ticker(market: BookMarket): Promise<Ticker> {
    const day = await loadDayStatistics(this.dataSource.manager, market.symbol);
    const last = day.last_price != null ? money(day.last_price) : await this.quotes.quote(market);
    const open = day.open_price != null ? money(day.open_price) : last;
    const change = last.minus(open);
    return {
      symbol: market.symbol,
      last_price: toJsonNumber(last),
      price_change: toJsonNumber(change),
      price_change_percent: toJsonNumber(open.isZero() ? ZERO : change.div(open).times(100).toDecimalPlaces(3)),
      high: toJsonNumber(day.high ?? last),
      low: toJsonNumber(day.low ?? last),
      volume: toJsonNumber(day.volume),
      quote_volume: toJsonNumber(day.quote_volume),
    };
  }

  async tickers(): Promise<Ticker[]> {
    const tickers: Ticker[] = [];
    for (const market of this.catalog.bookMarkets()) tickers.push(await this.ticker(market));
    return tickers;
  }

  async depth(market: BookMarket, limit: number): Promise<Depth> {
    const book = await this.books.depth(market.symbol, limit);
    return { last_update_id: book.lastUpdateId, bids: jsonLevels(book.bids), asks: jsonLevels(book.asks) };
  }

  /** Newest first. */
  async trades(market: BookMarket, limit: number): Promise<PublicTrade[]> {
    const rows = await latestTrades(this.dataSource, market.symbol, limit);
    return rows.map((row) => ({
      id: row.id,
      price: toJsonNumber(row.price),
      quantity: toJsonNumber(row.amount),
      time: row.created_at.getTime(),
      is_buyer_maker: row.taker_side === 'sell',
    }));
  }

  klines(market: BookMarket, interval: KlineInterval, limit: number): Promise<Kline[]> {
    return this.reads.run((db) => loadKlines(db.manager, market.symbol, interval, limit));
  }
}
