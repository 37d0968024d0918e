import { BINANCE_INTERVALS, type BinanceInterval, type KlineSeries } from '../../trading/market-data/kline-intervals';
import type { BookMarket, MarketCatalog } from '../../markets/catalog';

/**
 * Binance's market stream names, as clients subscribe to them and as events are published under
 * them: the symbol in lowercase, then the stream (`btcusdt@depth@100ms`, `btcusdt@kline_1m`), or an
 * all-market stream (`!ticker@arr`). Names are case-sensitive, as Binance's are.
 */
export type DepthSpeed = 100 | 1000;
export const PARTIAL_DEPTH_LEVELS = [5, 10, 20] as const;
export type PartialDepthLevels = (typeof PARTIAL_DEPTH_LEVELS)[number];
/** The rolling windows Binance streams tickers of (`@ticker_1h`, `!ticker_1h@arr`). */
export const TICKER_WINDOWS = ['1h', '4h', '1d'] as const;
export type TickerWindow = (typeof TICKER_WINDOWS)[number];

/** The kline streams' time zones: UTC, and Binance's `@+08:00` (its days, weeks and months open at midnight there). */
export const KLINE_ZONES = [
  { suffix: '', offset: 0 },
  { suffix: '@+08:00', offset: 8 * 3_600_000 },
] as const;

const speedSuffix = (speed: DepthSpeed) => (speed === 100 ? '@100ms' : '');
const prefix = (market: BookMarket) => market.symbol.toLowerCase();

export const streamName = {
  diffDepth: (market: BookMarket, speed: DepthSpeed) => `${prefix(market)}@depth${speedSuffix(speed)}`,
  partialDepth: (market: BookMarket, levels: PartialDepthLevels, speed: DepthSpeed) =>
    `${prefix(market)}@depth${levels}${speedSuffix(speed)}`,
  trade: (market: BookMarket) => `${prefix(market)}@trade`,
  aggTrade: (market: BookMarket) => `${prefix(market)}@aggTrade`,
  kline: (market: BookMarket, interval: BinanceInterval, zone = '') => `${prefix(market)}@kline_${interval}${zone}`,
  ticker: (market: BookMarket) => `${prefix(market)}@ticker`,
  miniTicker: (market: BookMarket) => `${prefix(market)}@miniTicker`,
  bookTicker: (market: BookMarket) => `${prefix(market)}@bookTicker`,
  windowTicker: (market: BookMarket, window: TickerWindow) => `${prefix(market)}@ticker_${window}`,
  avgPrice: (market: BookMarket) => `${prefix(market)}@avgPrice`,
  allTickers: '!ticker@arr',
  allMiniTickers: '!miniTicker@arr',
  allWindowTickers: (window: TickerWindow) => `!ticker_${window}@arr`,
} as const;

const SYMBOL_STREAM = new RegExp(
  `^([a-z0-9]+)@(depth(?:5|10|20)?(?:@100ms)?|trade|aggTrade|kline_(?:${BINANCE_INTERVALS.join('|')})(?:@\\+08:00)?|ticker|ticker_(?:${TICKER_WINDOWS.join('|')})|miniTicker|bookTicker|avgPrice)$`,
);

/** A market's kline streams, each with the klines it tells: every interval, in each zone. */
export const klineStreams = (market: BookMarket): Array<{ stream: string; series: KlineSeries }> =>
  BINANCE_INTERVALS.flatMap((interval) =>
    KLINE_ZONES.map(({ suffix, offset }) => ({
      stream: streamName.kline(market, interval, suffix),
      series: { interval, offset },
    })),
  );

/** Whether `name` is a market stream this venue publishes. */
export function isMarketStream(catalog: MarketCatalog, name: string): boolean {
  if (name === streamName.allTickers || name === streamName.allMiniTickers) return true;
  if (TICKER_WINDOWS.some((window) => name === streamName.allWindowTickers(window))) return true;
  const match = SYMBOL_STREAM.exec(name);
  return match !== null && catalog.findBookMarket(match[1]!.toUpperCase()) !== undefined;
}
