import type { DataSource } from 'typeorm';
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
