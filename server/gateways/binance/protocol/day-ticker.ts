import { money, ZERO } from '../../../kernel/money';
import type { DayStatistics } from '../../../trading/market-data/day-statistics';
import { decimalText } from './decimal-text';
import type { DayTrades } from '../../../trading/trade-reads';

/**
 * Binance's 24-hour ticker of a market, built once for REST ticker/24hr and the @ticker streams:
 * from the window's statistics (kept by the candles), its trade ids and the trades around them,
 * and the book's best prices.
 */

export const DAY_MS = 86_400_000;

type Level = [string, string];

export interface DayTickerState {
  symbol: string;
  day: DayStatistics;
  /** The window's first and last trade ids, the last trade's quantity, the price before the window; null without a trade in it. */
  trades: DayTrades | null;
  bestBid: Level | null;
  bestAsk: Level | null;
  /** The window: the 24 hours up to closeTime. */
  openTime: number;
  closeTime: number;
}

/** The window's prices and volumes (MINI); before a trade in the window, every price is the last one. */
export function miniDayTicker(symbol: string, day: DayStatistics, openTime: number, closeTime: number) {
  const last = money(day.last_price ?? 0);
  return {
    symbol,
    openPrice: decimalText(money(day.open_price ?? last)),
    highPrice: decimalText(day.high ?? last),
    lowPrice: decimalText(day.low ?? last),
    lastPrice: decimalText(last),
    volume: decimalText(day.volume),
    quoteVolume: decimalText(day.quote_volume),
    openTime,
    closeTime,
  };
}

/** Every field of Binance's ticker/24hr (FULL), in its order. */
export function dayTicker({ symbol, day, trades, bestBid, bestAsk, openTime, closeTime }: DayTickerState) {
  const mini = miniDayTicker(symbol, day, openTime, closeTime);
  const last = money(mini.lastPrice);
  const open = money(mini.openPrice);
  const volume = money(day.volume);
  const change = last.minus(open);
  const firstId = trades ? Number(trades.first_id) : -1;
  const lastId = trades ? Number(trades.last_id) : -1;
  return {
    symbol,
    priceChange: decimalText(change),
    priceChangePercent: (open.isZero() ? ZERO : change.div(open).times(100)).toFixed(3),
    weightedAvgPrice: decimalText(volume.isZero() ? ZERO : money(day.quote_volume).div(volume).toDecimalPlaces(8)),
    prevClosePrice: decimalText(trades?.prev_close ?? 0),
    lastPrice: mini.lastPrice,
    lastQty: decimalText(trades?.last_qty ?? 0),
    bidPrice: decimalText(bestBid?.[0] ?? 0),
    bidQty: decimalText(bestBid?.[1] ?? 0),
    askPrice: decimalText(bestAsk?.[0] ?? 0),
    askQty: decimalText(bestAsk?.[1] ?? 0),
    openPrice: mini.openPrice,
    highPrice: mini.highPrice,
    lowPrice: mini.lowPrice,
    volume: mini.volume,
    quoteVolume: mini.quoteVolume,
    openTime,
    closeTime,
    firstId,
    lastId,
    count: trades ? lastId - firstId + 1 : 0,
  };
}
