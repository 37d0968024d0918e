import { z } from 'zod';
import type { DataSource } from 'typeorm';
import type { StatementRunner } from '../platform/db/named-statement';
import { OPEN_STATUSES } from './books/live-order';
import type { OrderRow } from './orders/order.entity';
import type { PreventedMatchRow } from './orders/prevented-match.entity';
import type { TradeRow } from './orders/trade.entity';

/**
 * Trading owns the orders, trades and prevented matches tables: what others read of them, they read here. A user's
 * orders and fills as Binance's endpoints name them: by symbol and orderId (the order's per-symbol
 * seq) or client order id, trades by their per-symbol seq. Every read is the user's own.
 */

/** Which orders or trades of a user on one symbol: from an id, within times, or the latest. */
export interface ListWindow {
  fromId?: number;
  startTime?: number;
  endTime?: number;
}

/** From an id or a start time, the list runs forward from there; otherwise it is the latest, answered ascending too. */
export const readsForward = (window: ListWindow) => window.fromId !== undefined || window.startTime !== undefined;

export const time = (ms: number | undefined) => (ms === undefined ? null : new Date(ms));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An order named by its orderId or its client order id (an order placed without one is named by its own id). */
export type OrderName = { orderId: number } | { clientOrderId: string };

export async function findOrder(
  db: DataSource,
  userId: string,
  symbol: string,
  name: OrderName,
): Promise<OrderRow | null> {
  const [row]: OrderRow[] =
    'orderId' in name
      ? await db.query('SELECT * FROM orders WHERE user_id = $1 AND symbol = $2 AND seq = $3', [
          userId,
          symbol,
          name.orderId,
        ])
      : await db.query(
          `SELECT * FROM orders WHERE user_id = $1 AND symbol = $2
              AND (client_order_id = $3 OR (client_order_id IS NULL AND id = $4::uuid))
            ORDER BY client_order_id NULLS LAST LIMIT 1`,
          [userId, symbol, name.clientOrderId, UUID.test(name.clientOrderId) ? name.clientOrderId : null],
        );
  return row ?? null;
}

/** The user's open orders (waiting stops included), on one symbol or all, oldest first. */
export async function openOrders(db: DataSource, userId: string, symbol: string | null): Promise<OrderRow[]> {
  return db.query(
    `SELECT * FROM orders WHERE user_id = $1 AND status = ANY($2::varchar[]) AND ($3::varchar IS NULL OR symbol = $3)
      ORDER BY created_at, symbol, seq`,
    [userId, OPEN_STATUSES, symbol],
  );
}

/** Up to `limit` of the user's orders on a symbol, open or not, by orderId ascending. */
export async function listOrders(
  db: DataSource,
  userId: string,
  symbol: string,
  window: ListWindow,
  limit: number,
): Promise<OrderRow[]> {
  const forward = readsForward(window);
  const rows: OrderRow[] = await db.query(
    `SELECT * FROM orders WHERE user_id = $1 AND symbol = $2 AND ($3::bigint IS NULL OR seq >= $3)
        AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at <= $5)
      ORDER BY seq ${forward ? 'ASC' : 'DESC'} LIMIT $6`,
    [userId, symbol, window.fromId ?? null, time(window.startTime), time(window.endTime), limit],
  );
  return forward ? rows : rows.reverse();
}

/** A fill of the user with the orderId of their order in it. */
export interface AccountTradeRow extends TradeRow {
  order_seq: string;
}

/**
 * Up to `limit` of the user's fills on a symbol (of one order of theirs, if `orderId` is given), by
 * trade id ascending. A user is on one side of a fill only (their orders never meet each other).
 */
export async function listTrades(
  db: DataSource,
  userId: string,
  symbol: string,
  window: ListWindow & { order?: OrderRow },
  limit: number,
): Promise<AccountTradeRow[]> {
  const forward = readsForward(window) || window.order !== undefined;
  const order = forward ? 'ASC' : 'DESC';
  // Each side through its user's index; a symbol's trade ids rise with their times, which bounds the scan from an id.
  const side = (who: 'maker' | 'taker') =>
    `(SELECT * FROM trades WHERE ${who}_user_id = $1 AND symbol = $2
         AND ($3::bigint IS NULL OR (seq >= $3 AND created_at >= (SELECT created_at FROM trades WHERE symbol = $2 AND seq >= $3
                                                                 ORDER BY seq LIMIT 1)))
         AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at <= $5)
         AND ($6::uuid IS NULL OR (${who}_order_id = $6 AND created_at >= $7))
       ORDER BY created_at ${order}, seq ${order} LIMIT $8)`;
  const rows: AccountTradeRow[] = await db.query(
    `SELECT t.*, o.seq AS order_seq FROM (${side('maker')} UNION ALL ${side('taker')}) t
       JOIN orders o ON o.id = CASE WHEN t.taker_user_id = $1 THEN t.taker_order_id ELSE t.maker_order_id END
      ORDER BY t.seq ${order} LIMIT $8`,
    [
      userId,
      symbol,
      window.fromId ?? null,
      time(window.startTime),
      time(window.endTime),
      window.order?.id ?? null,
      window.order?.created_at ?? null,
      limit,
    ],
  );
  return forward ? rows : rows.reverse();
}

/** A prevented match with its two orders' per-symbol seqs (their Binance orderIds). */
export type PreventedMatchRead = PreventedMatchRow & { taker_seq: string; maker_seq: string };

/**
 * The user's prevented matches on a symbol, by id ascending: one (`preventedMatchId`), or those of one
 * of their orders (taker or maker), from an id on, up to `limit`.
 */
export async function listPreventedMatches(
  db: DataSource,
  userId: string,
  symbol: string,
  which: { preventedMatchId?: number; orderId?: string; fromId?: number },
  limit: number,
): Promise<PreventedMatchRead[]> {
  return db.query(
    `SELECT p.*, t.seq AS taker_seq, m.seq AS maker_seq FROM prevented_matches p
       JOIN orders t ON t.id = p.taker_order_id JOIN orders m ON m.id = p.maker_order_id
      WHERE p.user_id = $1 AND p.symbol = $2 AND ($3::bigint IS NULL OR p.id = $3)
        AND ($4::uuid IS NULL OR p.taker_order_id = $4 OR p.maker_order_id = $4) AND ($5::bigint IS NULL OR p.id >= $5)
      ORDER BY p.id LIMIT $6`,
    [userId, symbol, which.preventedMatchId ?? null, which.orderId ?? null, which.fromId ?? null, limit],
  );
}

/** The book an order is on (null: no such order), which a cancel in a cluster is forwarded to. */
export async function symbolOfOrder(db: DataSource, orderId: string): Promise<string | null> {
  if (!z.guid().safeParse(orderId).success) return null;
  const [row] = (await db.query('SELECT symbol FROM orders WHERE id = $1', [orderId])) as Array<{ symbol: string }>;
  return row?.symbol ?? null;
}

/** Who has an open order on a book. */
export async function openOrderTraders(db: DataSource, symbol: string): Promise<string[]> {
  const traders: Array<{ user_id: string }> = await db.query(
    'SELECT DISTINCT user_id FROM orders WHERE symbol = $1 AND status = ANY($2::varchar[])',
    [symbol, OPEN_STATUSES],
  );
  return traders.map((trader) => trader.user_id);
}

/** These orders of the user's, as they are now (ids not theirs are left out). */
export function ordersOfUserById(db: DataSource, userId: string, orderIds: string[]): Promise<OrderRow[]> {
  return db.query('SELECT * FROM orders WHERE user_id = $1 AND id = ANY($2::uuid[]) ORDER BY created_at, symbol, seq', [
    userId,
    orderIds,
  ]);
}

/** Whose an order is, its book and its status (undefined: no such order). */
export async function orderOwner(
  db: DataSource,
  orderId: string,
): Promise<Pick<OrderRow, 'user_id' | 'symbol' | 'status'> | undefined> {
  const [row] = (await db.query('SELECT user_id, symbol, status FROM orders WHERE id = $1', [orderId])) as OrderRow[];
  return row;
}

/** Whether the client order id names an order of the user: its own, or the id of one placed without one. */
export async function clientOrderIdTaken(
  run: StatementRunner,
  userId: string,
  clientOrderId: string,
): Promise<boolean> {
  const rows = await run({
    name: 'client-order-id-taken',
    text: `SELECT 1 FROM orders WHERE user_id = $1
                AND (client_order_id = $2 OR (client_order_id IS NULL AND id = $3::uuid)) LIMIT 1`,
    values: [userId, clientOrderId, UUID.test(clientOrderId) ? clientOrderId : null],
  });
  return rows.length > 0;
}
