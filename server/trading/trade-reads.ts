import type { DataSource } from 'typeorm';
import type { Side } from '../../engine';

/**
 * Trading owns the trades table: what others read of it, they read here. Public trades by trade id
 * (the per-symbol seq) and time, as decimal strings.
 */

/** A trade as the public sees it. */
export interface PublicTradeRow {
  seq: string;
  price: string;
  amount: string;
  quote_amount: string;
  taker_side: Side;
  taker_order_id: string;
  created_at: Date;
}

const TRADE_COLUMNS = 'seq, price, amount, quote_amount, taker_side, taker_order_id, created_at';

/** Which trades of a symbol, in trade id order: from an id, or within times, or the latest. */
export interface TradeWindow {
  fromId?: number;
  /** Trade ids up to this one only (paging back through the latest). */
  toId?: number;
  startTime?: number;
  endTime?: number;
}

/** Whether a window reads forward from where it starts, or back from the latest trade. */
export const readsForward = (window: TradeWindow) => window.fromId !== undefined || window.startTime !== undefined;

/**
 * Up to `limit` trades of the window: from `fromId` or `startTime` onward; otherwise the latest
 * (up to `toId` and before `endTime` if given). Ascending either way.
 */
export async function readTrades(
  db: DataSource,
  symbol: string,
  window: TradeWindow,
  limit: number,
): Promise<PublicTradeRow[]> {
  const forward = readsForward(window);
  const time = (ms: number | undefined) => (ms === undefined ? null : new Date(ms));
  const rows: PublicTradeRow[] = await db.query(
    `SELECT ${TRADE_COLUMNS} FROM trades
      WHERE symbol = $1 AND ($2::bigint IS NULL OR seq >= $2) AND ($3::bigint IS NULL OR seq <= $3)
        AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at <= $5)
      ORDER BY seq ${forward ? 'ASC' : 'DESC'} LIMIT $6`,
    [symbol, window.fromId ?? null, window.toId ?? null, time(window.startTime), time(window.endTime), limit],
  );
  return forward ? rows : rows.reverse();
}

/** The trade ids of a symbol's last 24 hours and the trades around them (null: no trade in them). */
export interface DayTrades {
  /** The first trade of the window, and the price of the one before it. */
  first_id: string;
  prev_close: string | null;
  /** The latest trade. */
  last_id: string;
  last_qty: string;
}

export async function readDayTrades(db: DataSource, symbol: string, since: number): Promise<DayTrades | null> {
  const [row]: Array<DayTrades | { first_id: null }> = await db.query(
    `WITH first AS (SELECT seq FROM trades WHERE symbol = $1 AND created_at >= $2 ORDER BY created_at, seq LIMIT 1),
          last AS (SELECT seq, amount FROM trades WHERE symbol = $1 ORDER BY seq DESC LIMIT 1)
     SELECT first.seq AS first_id, last.seq AS last_id, last.amount AS last_qty,
            (SELECT price FROM trades WHERE symbol = $1 AND seq = first.seq - 1) AS prev_close
       FROM first, last`,
    [symbol, new Date(since)],
  );
  return row && row.first_id !== null ? (row as DayTrades) : null;
}

/** Each of `symbols`' last trade price, for those that have traded (read through the trades' symbol and seq index). */
export async function lastTradePrices(
  dataSource: DataSource,
  symbols: readonly string[],
): Promise<Map<string, string>> {
  const rows: Array<{ symbol: string; price: string }> = await dataSource.query(
    `SELECT market.symbol, last.price
       FROM unnest($1::text[]) AS market(symbol)
       JOIN LATERAL (SELECT price::text AS price FROM trades WHERE trades.symbol = market.symbol ORDER BY seq DESC LIMIT 1) last ON true`,
    [symbols],
  );
  return new Map(rows.map((row) => [row.symbol, row.price]));
}

/** A symbol's latest `limit` trades, newest first. */
export function latestTrades(
  db: DataSource,
  symbol: string,
  limit: number,
): Promise<Array<{ id: string; price: string; amount: string; taker_side: string; created_at: Date }>> {
  return db.query(
    `SELECT id, price, amount, taker_side, created_at FROM trades
        WHERE symbol = $1 ORDER BY created_at DESC, seq DESC LIMIT $2`,
    [symbol, limit],
  );
}
