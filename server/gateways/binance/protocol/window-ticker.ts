import { money, ZERO } from '../../../kernel/money';
import { decimalText } from './decimal-text';

/**
 * Binance's tickers over a window that opens on a minute: the rolling window (REST `ticker`, the
 * `@ticker_<window>` streams) and the trading day (`ticker/tradingDay`). Pure: the statistics are
 * read elsewhere (window-statistics.ts).
 */

export const MINUTE_MS = 60_000;

/** A market's trades since a minute, as decimal strings; the prices are null without a trade in the window. */
export interface WindowStatistics {
  /** The latest trade ever, in the window or not. */
  last_price: string | null;
  open_price: string | null;
  high: string | null;
  low: string | null;
  volume: string;
  quote_volume: string;
  /** The window's first and last trade ids (null: no trade in it). */
  first_id: string | null;
  last_id: string | null;
}

const UNIT_MS = { m: MINUTE_MS, h: 60 * MINUTE_MS, d: 24 * 60 * MINUTE_MS } as const;
/** The most of each unit a window may have: 59m, 23h, 7d; units are not combined. */
const UNIT_MOST = { m: 59, h: 23, d: 7 } as const;
const WINDOW_SIZE = /^([1-9][0-9]?)([mhd])$/;

/** A window size as Binance names it (`1m`...`59m`, `1h`...`23h`, `1d`...`7d`) in ms; null for any other text. */
export function windowSizeMs(text: string): number | null {
  const match = WINDOW_SIZE.exec(text);
  if (!match) return null;
  const count = Number(match[1]);
  const unit = match[2] as keyof typeof UNIT_MS;
  return count <= UNIT_MOST[unit] ? count * UNIT_MS[unit] : null;
}

/** Where a rolling window of `windowMs` up to `closeTime` opens: on the minute, so up to 59999 ms wider than asked, as Binance's. */
export const rollingOpenTime = (closeTime: number, windowMs: number) =>
  Math.floor((closeTime - windowMs) / MINUTE_MS) * MINUTE_MS;

/** The MINI fields, in Binance's order; before a trade in the window, every price is the last one. */
export function miniWindowTicker(symbol: string, stats: WindowStatistics, openTime: number, closeTime: number) {
  const last = decimalText(stats.last_price ?? 0);
  const firstId = stats.first_id === null ? -1 : Number(stats.first_id);
  const lastId = stats.last_id === null ? -1 : Number(stats.last_id);
  return {
    symbol,
    openPrice: stats.open_price === null ? last : decimalText(stats.open_price),
    highPrice: stats.high === null ? last : decimalText(stats.high),
    lowPrice: stats.low === null ? last : decimalText(stats.low),
    lastPrice: last,
    volume: decimalText(stats.volume),
    quoteVolume: decimalText(stats.quote_volume),
    openTime,
    closeTime,
    firstId,
    lastId,
    count: stats.first_id === null ? 0 : lastId - firstId + 1,
  };
}

/** Every field (FULL): the change and the weighted average first, then the MINI fields. */
export function windowTicker(symbol: string, stats: WindowStatistics, openTime: number, closeTime: number) {
  const { symbol: _, ...mini } = miniWindowTicker(symbol, stats, openTime, closeTime);
  const open = money(mini.openPrice);
  const change = money(mini.lastPrice).minus(open);
  const volume = money(stats.volume);
  return {
    symbol,
    priceChange: decimalText(change),
    priceChangePercent: (open.isZero() ? ZERO : change.div(open).times(100)).toFixed(3),
    weightedAvgPrice: decimalText(volume.isZero() ? ZERO : money(stats.quote_volume).div(volume).toDecimalPlaces(8)),
    ...mini,
  };
}
