import type { EntityManager } from 'typeorm';
import { toJsonNumber } from '../../kernel/money';

/**
 * Candle widths in seconds. Buckets start on multiples of the width since the epoch (UTC). The
 * database keeps candles of each width (the Candles migration lists them); a new one needs its own.
 */
export const KLINE_INTERVALS = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '4h': 14400,
  '1d': 86400,
} as const;
export type KlineInterval = keyof typeof KLINE_INTERVALS;

export interface Kline {
  /** Opening time of the bucket, ms since the epoch. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A candle as the candles table gives it: decimal strings, the time in ms. */
export interface KlineRow {
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** Stored widths in ms, widest first: each divides the one before, so their buckets nest. */
const WIDTHS_MS = Object.values(KLINE_INTERVALS)
  .map((seconds) => seconds * 1000)
  .sort((a, b) => b - a);

/** A run of consecutive stored candles of one width: buckets opening in [from, to). */
export interface CandleRun {
  width: number;
  from: number;
  to: number;
}

/**
 * The fewest stored candles that make up [from, to) (whole minutes): from each point the widest
 * bucket that starts there and fits, consecutive ones of a width in one run. Buckets nest, so a
 * span of any length costs at most a few dozen candles beyond its whole days.
 */
export function candleRuns(from: number, to: number): CandleRun[] {
  const runs: CandleRun[] = [];
  for (let time = from; time < to;) {
    const width = WIDTHS_MS.find((w) => time % w === 0 && time + w <= to)!;
    const last = runs[runs.length - 1];
    if (last?.width === width) last.to += width;
    else runs.push({ width, from: time, to: time + width });
    time += width;
  }
  return runs;
}

/** Start of the bucket holding `timeMs`. */
export const bucketStart = (timeMs: number, interval: KlineInterval) => {
  const width = KLINE_INTERVALS[interval] * 1000;
  return Math.floor(timeMs / width) * width;
};

/**
 * The latest `limit` candles of a market, oldest first, as the database keeps them (candle.entity.ts).
 * Buckets without trades are left out (no trade, no price).
 */
export async function loadKlines(
  manager: EntityManager,
  symbol: string,
  interval: KlineInterval,
  limit: number,
  nowMs = Date.now(),
): Promise<Kline[]> {
  const seconds = KLINE_INTERVALS[interval];
  const since = new Date(bucketStart(nowMs, interval) - (limit - 1) * seconds * 1000);
  const rows: KlineRow[] = await manager.query(
    // The time as a number: a thousand timestamps cost the driver more to parse than the query costs PostgreSQL.
    `SELECT (extract(epoch FROM bucket) * 1000)::bigint AS time, open, high, low, close, volume FROM candles
      WHERE symbol = $1 AND width = $2 AND bucket >= $3
      ORDER BY bucket DESC
      LIMIT $4`,
    [symbol, seconds, since, limit],
  );
  return rows.reverse().map((row) => ({
    time: Number(row.time),
    open: toJsonNumber(row.open),
    high: toJsonNumber(row.high),
    low: toJsonNumber(row.low),
    close: toJsonNumber(row.close),
    volume: toJsonNumber(row.volume),
  }));
}
