import type { DataSource } from 'typeorm';
import { bucketStart, KLINE_INTERVALS, type KlineInterval, type KlineRow } from '../../trading/market-data/candles';
import { readsForward, readTrades, type PublicTradeRow, type TradeWindow } from '../../trading/trade-reads';
import { aggregateTrades } from './aggregate-trades';

/**
 * The public market data Binance's endpoints name by trade id (our per-symbol trade seq) and time,
 * from the trades (read through trading/trade-reads.ts) and candles tables as decimal strings
 * (Binance answers them exactly).
 */

/** Binance's aggregate trade: one taker order's fills at one price, in trade id order. */
export interface AggregateTrade {
  /** Its first trade's id, which names it (aggregate ids rise with trade ids, with gaps). */
  id: number;
  lastId: number;
  trades: PublicTradeRow[];
}

const aggregate = (rows: PublicTradeRow[]): AggregateTrade[] =>
  aggregateTrades(rows).map((trades) => ({
    id: Number(trades[0]!.seq),
    lastId: Number(trades[trades.length - 1]!.seq),
    trades,
  }));

/**
 * Up to `limit` aggregate trades of the window, ascending. A taker order's fills commit together in
 * one round, so an aggregate is whole once all its trades are read: trades are read in pages until
 * `limit` aggregates are known whole (one more has begun beyond them, or the trades ran out).
 */
export async function readAggregateTrades(
  db: DataSource,
  symbol: string,
  window: TradeWindow,
  limit: number,
): Promise<AggregateTrade[]> {
  const forward = readsForward(window);
  const { fromId } = window;
  // From an id: the trade before it too, to see whether an aggregate began before it (then it is not one of these).
  let page: TradeWindow = fromId !== undefined ? { ...window, fromId: Math.max(fromId - 1, 0) } : window;
  const rows: PublicTradeRow[] = [];
  for (;;) {
    const read = await readTrades(db, symbol, page, limit + 1);
    if (forward) rows.push(...read);
    else rows.unshift(...read);
    const exhausted = read.length <= limit;
    const aggregates = aggregate(rows).filter((a) => fromId === undefined || a.id >= fromId);
    if (exhausted || aggregates.length > limit) {
      if (forward) return aggregates.slice(0, limit);
      // Read backwards, the earliest may have begun before the trades read, unless they ran out.
      return (exhausted ? aggregates : aggregates.slice(1)).slice(-limit);
    }
    page = forward
      ? { ...page, fromId: Number(read[read.length - 1]!.seq) + 1 }
      : { ...page, toId: Number(read[0]!.seq) - 1 };
  }
}

/** A candle as Binance's klines tell it: with its quote volume, what takers bought, its first and last trade ids. */
export interface BinanceKlineRow extends KlineRow {
  quote_volume: string;
  taker_buy_volume: string;
  taker_buy_quote_volume: string;
  open_seq: string;
  close_seq: string;
}

/**
 * Up to `limit` candles of one width, ascending: opening at or after `startTime` onward, otherwise
 * the latest opening at or before `endTime` (or now). Buckets without trades have no candle.
 */
export async function readKlines(
  db: DataSource,
  symbol: string,
  interval: KlineInterval,
  window: { startTime?: number; endTime?: number },
  limit: number,
): Promise<BinanceKlineRow[]> {
  const forward = window.startTime !== undefined;
  const time = (ms: number | undefined) => (ms === undefined ? null : new Date(ms));
  const rows: BinanceKlineRow[] = await db.query(
    `SELECT (extract(epoch FROM bucket) * 1000)::bigint AS time, open, high, low, close, volume, quote_volume,
            taker_buy_volume, taker_buy_quote_volume, open_seq, close_seq
       FROM candles
      WHERE symbol = $1 AND width = $2 AND ($3::timestamptz IS NULL OR bucket >= $3)
        AND ($4::timestamptz IS NULL OR bucket <= $4)
      ORDER BY bucket ${forward ? 'ASC' : 'DESC'} LIMIT $5`,
    [symbol, KLINE_INTERVALS[interval], time(window.startTime), time(window.endTime), limit],
  );
  return forward ? rows : rows.reverse();
}

/** Quote volume and volume of the trades of the last `minutes` minutes (the current one included), and when the last was. */
export async function readRecentVolume(
  db: DataSource,
  symbol: string,
  minutes: number,
  nowMs: number,
): Promise<{ volume: string; quote_volume: string; close_time: string | null }> {
  const since = new Date(bucketStart(nowMs, '1m') - (minutes - 1) * 60_000);
  const [row] = await db.query(
    `SELECT COALESCE(sum(volume), 0) AS volume, COALESCE(sum(quote_volume), 0) AS quote_volume,
            (extract(epoch FROM max(close_at)) * 1000)::bigint AS close_time
       FROM candles WHERE symbol = $1 AND width = 60 AND bucket >= $2`,
    [symbol, since],
  );
  return row;
}
