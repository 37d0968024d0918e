import type { EntityManager } from 'typeorm';
import type { BinanceKlineRow } from '../binance/market-reads';
import { KLINE_INTERVALS, type KlineInterval } from '../../trading/market-data/candles';

const INTERVALS = Object.keys(KLINE_INTERVALS) as KlineInterval[];

/** A candle of the kline streams, with the width it is of. */
interface CandleRow extends BinanceKlineRow {
  width: number;
}

/**
 * The two latest candles of a market in every width, newest first: the current one, and the one
 * before, which a kline stream reports closed once the next has opened. One statement, each
 * width read from the candles' primary key.
 */
export async function latestCandles(
  manager: EntityManager,
  symbol: string,
): Promise<Map<KlineInterval, BinanceKlineRow[]>> {
  const rows: CandleRow[] = await manager.query(
    `SELECT w.width, c.* FROM unnest($2::int[]) AS w(width)
       CROSS JOIN LATERAL (
         SELECT (extract(epoch FROM bucket) * 1000)::bigint AS time, open, high, low, close, volume, quote_volume,
                taker_buy_volume, taker_buy_quote_volume, open_seq, close_seq
           FROM candles WHERE symbol = $1 AND width = w.width ORDER BY bucket DESC LIMIT 2
       ) c`,
    [symbol, INTERVALS.map((interval) => KLINE_INTERVALS[interval])],
  );
  const candles = new Map<KlineInterval, BinanceKlineRow[]>(INTERVALS.map((interval) => [interval, []]));
  for (const row of rows) {
    const interval = INTERVALS.find((i) => KLINE_INTERVALS[i] === row.width)!;
    candles.get(interval)!.push(row);
  }
  return candles;
}
