/**
 * Binance's kline intervals and where their klines open. Times are ms since the epoch (UTC). Up
 * to 12h a kline opens on a multiple of its width since the epoch; a day, 3 days, a week
 * (from Monday) and a month (from its first day) open at midnight of a time zone, UTC unless
 * asked (Binance's `timeZone`). 3-day klines count from the epoch, as Binance's do.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** The epoch was a Thursday: weeks open 4 days after it. */
const FIRST_MONDAY = 4 * DAY;

/** Each interval's width in ms; a month's varies (null). */
const WIDTHS = {
  '1s': SECOND,
  '1m': MINUTE,
  '3m': 3 * MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': HOUR,
  '2h': 2 * HOUR,
  '4h': 4 * HOUR,
  '6h': 6 * HOUR,
  '8h': 8 * HOUR,
  '12h': 12 * HOUR,
  '1d': DAY,
  '3d': 3 * DAY,
  '1w': WEEK,
  '1M': null,
} as const;
export type BinanceInterval = keyof typeof WIDTHS;
export const BINANCE_INTERVALS = Object.keys(WIDTHS) as BinanceInterval[];

/** An interval as a time zone sees it: `offset` (ms east of UTC) moves the opening of a day and longer. */
export interface KlineSeries {
  interval: BinanceInterval;
  offset: number;
}

/** Where a grid of `width` shifted by `phase` places the kline holding `time`. */
const onGrid = (time: number, width: number, phase: number) => Math.floor((time - phase) / width) * width + phase;

/** Opening time of the kline holding `time`. */
export function klineOpen({ interval, offset }: KlineSeries, time: number): number {
  const width = WIDTHS[interval];
  if (width === null) {
    const local = new Date(time + offset);
    return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offset;
  }
  if (width < DAY) return onGrid(time, width, 0);
  return onGrid(time, width, (width === WEEK ? FIRST_MONDAY : 0) - offset);
}

/** Opening time of the kline after the one opening at `open`. */
export function nextKlineOpen(series: KlineSeries, open: number): number {
  const width = WIDTHS[series.interval];
  if (width !== null) return open + width;
  const local = new Date(open + series.offset);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - series.offset;
}

/** Opening time of the kline before the one opening at `open`. */
export const previousKlineOpen = (series: KlineSeries, open: number) => klineOpen(series, open - 1);

/** Opening time of the first kline opening at or after `time`. */
export function klineOpenFrom(series: KlineSeries, time: number): number {
  const open = klineOpen(series, time);
  return open === time ? open : nextKlineOpen(series, open);
}

const ZONE = /^([+-]?)(\d{1,2})(?::(\d{2}))?$/;

/**
 * Binance's `timeZone`: hours (`8`, `-1`) or hours and minutes (`+05:45`, `-1:00`), within
 * -12:00..+14:00. Its offset east of UTC in ms, or null when it is none of these.
 */
export function parseTimeZone(text: string): number | null {
  const match = ZONE.exec(text);
  if (!match) return null;
  const minutes = Number(match[3] ?? 0);
  if (minutes > 59) return null;
  const offset = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * HOUR + minutes * MINUTE);
  return offset >= -12 * HOUR && offset <= 14 * HOUR ? offset : null;
}
