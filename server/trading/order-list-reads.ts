import type { DataSource } from 'typeorm';
import { readsForward, time, type ListWindow } from './order-reads';
import type { OrderListRow } from './orders/order-list.entity';
import type { OrderRow } from './orders/order.entity';

/**
 * Trading owns the order lists table: a user's lists as Binance's endpoints name them, by
 * orderListId (one sequence for every symbol) or by their client id, each with its orders. Every
 * read is the user's own.
 */

/** A list with its orders, in the list's order. */
export interface OrderListRead {
  list: OrderListRow;
  orders: OrderRow[];
}

/** A list named by its orderListId, or by its client id (the latest list of the user with it). */
export type OrderListName = { listId: number } | { clientListId: string };

export async function findOrderList(
  db: DataSource,
  userId: string,
  name: OrderListName,
): Promise<OrderListRead | null> {
  const [row]: OrderListRow[] =
    'listId' in name
      ? await db.query('SELECT * FROM order_lists WHERE user_id = $1 AND id = $2', [userId, name.listId])
      : await db.query(
          'SELECT * FROM order_lists WHERE user_id = $1 AND client_list_id = $2 ORDER BY id DESC LIMIT 1',
          [userId, name.clientListId],
        );
  if (!row) return null;
  const [read] = await withOrders(db, [row]);
  return read!;
}

/** The user's open lists, on every symbol, oldest first. */
export async function openOrderLists(db: DataSource, userId: string): Promise<OrderListRead[]> {
  const rows: OrderListRow[] = await db.query(
    "SELECT * FROM order_lists WHERE user_id = $1 AND status = 'executing' ORDER BY id",
    [userId],
  );
  return withOrders(db, rows);
}

/** Up to `limit` of the user's lists on every symbol, open or not, by orderListId ascending. */
export async function listOrderLists(
  db: DataSource,
  userId: string,
  window: ListWindow,
  limit: number,
): Promise<OrderListRead[]> {
  const forward = readsForward(window);
  const rows: OrderListRow[] = await db.query(
    `SELECT * FROM order_lists WHERE user_id = $1 AND ($2::bigint IS NULL OR id >= $2)
        AND ($3::timestamptz IS NULL OR created_at >= $3) AND ($4::timestamptz IS NULL OR created_at <= $4)
      ORDER BY id ${forward ? 'ASC' : 'DESC'} LIMIT $5`,
    [userId, window.fromId ?? null, time(window.startTime), time(window.endTime), limit],
  );
  return withOrders(db, forward ? rows : rows.reverse());
}

/** Each list with its orders (placed by one command: in the list's order by seq). */
async function withOrders(db: DataSource, lists: OrderListRow[]): Promise<OrderListRead[]> {
  if (lists.length === 0) return [];
  const orders: OrderRow[] = await db.query('SELECT * FROM orders WHERE list_id = ANY($1::bigint[]) ORDER BY seq', [
    lists.map((list) => list.id),
  ]);
  return lists.map((list) => ({ list, orders: orders.filter((order) => order.list_id === list.id) }));
}
