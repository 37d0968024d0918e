import { KLINE_INTERVALS, type KlineInterval } from '../../trading/market-data/candles';
import type { BookMarket, MarketCatalog } from '../../markets/catalog';

/**
 * Binance's market stream names, as clients subscribe to them and as events are published under
 * them: the symbol in lowercase, then the stream (`btcusdt@depth@100ms`, `btcusdt@kline_1m`), or an
 * all-market stream (`!ticker@arr`). Names are case-sensitive, as Binance's are.
 */
export type DepthSpeed = 100 | 1000;
export const PARTIAL_DEPTH_LEVELS = [5, 10, 20] as const;
export type PartialDepthLevels = (typeof PARTIAL_DEPTH_LEVELS)[number];

const speedSuffix = (speed: DepthSpeed) => (speed === 100 ? '@100ms' : '');
const prefix = (market: BookMarket) => market.symbol.toLowerCase();

export const streamName = {
  diffDepth: (market: BookMarket, speed: DepthSpeed) => `${prefix(market)}@depth${speedSuffix(speed)}`,
  partialDepth: (market: BookMarket, levels: PartialDepthLevels, speed: DepthSpeed) =>
    `${prefix(market)}@depth${levels}${speedSuffix(speed)}`,
  trade: (market: BookMarket) => `${prefix(market)}@trade`,
  aggTrade: (market: BookMarket) => `${prefix(market)}@aggTrade`,
  kline: (market: BookMarket, interval: KlineInterval) => `${prefix(market)}@kline_${interval}`,
  ticker: (market: BookMarket) => `${prefix(market)}@ticker`,
  miniTicker: (market: BookMarket) => `${prefix(market)}@miniTicker`,
  bookTicker: (market: BookMarket) => `${prefix(market)}@bookTicker`,
  allTickers: '!ticker@arr',
  allMiniTickers: '!miniTicker@arr',
} as const;

const SYMBOL_STREAM = new RegExp(
  `^([a-z0-9]+)@(depth(?:5|10|20)?(?:@100ms)?|trade|aggTrade|kline_(?:${Object.keys(KLINE_INTERVALS).join('|')})|ticker|miniTicker|bookTicker)$`,
);

/** Whether `name` is a market stream this venue publishes. */
export function isMarketStream(catalog: MarketCatalog, name: string): boolean {
  if (name === streamName.allTickers || name === streamName.allMiniTickers) return true;
  const match = SYMBOL_STREAM.exec(name);
  return match !== null && catalog.findBookMarket(match[1]!.toUpperCase()) !== undefined;
}
