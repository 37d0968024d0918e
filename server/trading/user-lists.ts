import type { DataSource } from 'typeorm';
import type { Side } from '../../engine';
import { FINAL_STATUSES, OPEN_STATUSES } from './books/live-order';
import type { OrderKind } from './orders/order-schemas';

/**
 * A trader's own lists as the web shows them: open orders, order history, fills, and the trade
 * history that mixes fills with desk trades, narrowed by filters, a page at a time with the total.
 * Each list is one or more sources (a table's rows of the user), each read through its index on
 * (user, created_at) as far as the page reaches, then merged; the total counts the same rows.
 */

/** What a list is narrowed to; a filter left out narrows nothing. */
export interface ListFilters {
  /** The bare symbol (BTCUSDT). */
  symbol?: string | null;
  /** The user's side of the order or trade. */
  side?: Side;
  /** The order type (orders only). */
  type?: OrderKind;
  /** Made at or after `since`, and before `until`. */
  since?: Date | null;
  until?: Date | null;
}

/** Which rows: newest first from `offset`, or (an export read batch by batch) oldest first, so rows added meanwhile come last. */
export interface ListWindow {
  limit: number;
  offset: number;
  oldestFirst?: boolean;
}

/** A page of a user's rows, and how many rows the filters select. */
export interface RowsPage<Row> {
  items: Row[];
  total: number;
}

/** A table's rows of one user, as one list shows them. */
export interface ListSource {
  table: string;
  /** Which rows are the user's ($1 is the user's id). */
  mine: string;
  /** What a row of the list is made of; every source of a list gives the same columns, `seq` among them. */
  columns: string;
  /** The user's side of a row. */
  side: string;
}

// The core's own statuses, written into the SQL: the open orders' condition is then the one of their partial index.
const statusIn = (statuses: Iterable<string>) => `status IN (${[...statuses].map((s) => `'${s}'`).join(', ')})`;

const ordersIn = (statuses: Iterable<string>): ListSource[] => [
  { table: 'orders', mine: `user_id = $1 AND ${statusIn(statuses)}`, columns: '*', side: 'side' },
];
/** A user's orders: open (waiting stops included), or ended (their history: filled, canceled, rejected, expired). */
export const ORDER_LISTS = { open: ordersIn(OPEN_STATUSES), history: ordersIn(FINAL_STATUSES) };
export type OrderList = keyof typeof ORDER_LISTS;

const MAKER_SIDE = "CASE taker_side WHEN 'buy' THEN 'sell' ELSE 'buy' END";
/**
 * The user's fills as maker and as taker (a user's orders never meet, so a fill is on one side of
 * theirs only), each row made of `columns(role, side)`: the role names the order and fee columns,
 * `side` is the user's side in SQL.
 */
export const fillSources = (columns: (role: 'maker' | 'taker', side: string) => string): ListSource[] => [
  { table: 'trades', mine: 'maker_user_id = $1', columns: columns('maker', MAKER_SIDE), side: MAKER_SIDE },
  {
    table: 'trades',
    mine: 'taker_user_id = $1 AND maker_user_id <> $1',
    columns: columns('taker', 'taker_side'),
    side: 'taker_side',
  },
];
/** The user's fills, rows of the trades table. */
export const FILLS = fillSources(() => '*');

/** Each source's conditions: the user's rows, narrowed by the filters (each filter one parameter, shared). */
function conditions(sources: ListSource[], filters: ListFilters, values: unknown[]): string[] {
  const param = (value: unknown) => `$${values.push(value)}`;
  const symbol = filters.symbol ? `symbol = ${param(filters.symbol)}` : null;
  const side = filters.side ? param(filters.side) : null;
  const type = filters.type ? `type = ${param(filters.type)}` : null;
  const since = filters.since ? `created_at >= ${param(filters.since)}` : null;
  const until = filters.until ? `created_at < ${param(filters.until)}` : null;
  return sources.map((source) =>
    [source.mine, symbol, side && `${source.side} = ${side}`, type, since, until]
      .filter((condition) => condition !== null)
      .join(' AND '),
  );
}

/** The rows of a window: each source up to where the window ends, then merged; seq and id keep the order total. */
export function listRows<Row>(
  db: DataSource,
  userId: string,
  sources: ListSource[],
  filters: ListFilters,
  window: ListWindow,
): Promise<Row[]> {
  const values: unknown[] = [userId];
  const where = conditions(sources, filters, values);
  const direction = window.oldestFirst ? 'ASC' : 'DESC';
  const reach = `$${values.push(window.offset + window.limit)}`;
  const branches = sources.map(
    (source, i) =>
      `(SELECT ${source.columns} FROM ${source.table} WHERE ${where[i]}
         ORDER BY created_at ${direction}, seq ${direction} LIMIT ${reach})`,
  );
  const limit = `$${values.push(window.limit)}`;
  const offset = `$${values.push(window.offset)}`;
  return db.query(
    `SELECT * FROM (${branches.join(' UNION ALL ')}) list
      ORDER BY created_at ${direction}, seq ${direction}, id ${direction} LIMIT ${limit} OFFSET ${offset}`,
    values,
  );
}

/** How many rows the filters select, over every source. */
export async function listTotal(
  db: DataSource,
  userId: string,
  sources: ListSource[],
  filters: ListFilters,
): Promise<number> {
  const values: unknown[] = [userId];
  const counts = conditions(sources, filters, values).map(
    (where, i) => `(SELECT count(*) FROM ${sources[i]!.table} WHERE ${where})`,
  );
  const [row] = (await db.query(`SELECT ${counts.join(' + ')} AS total`, values)) as Array<{ total: string }>;
  return Number(row!.total);
}

/** A page of a list and its total, read side by side. */
export async function listPage<Row>(
  db: DataSource,
  userId: string,
  sources: ListSource[],
  filters: ListFilters,
  window: ListWindow,
): Promise<RowsPage<Row>> {
  const [items, total] = await Promise.all([
    listRows<Row>(db, userId, sources, filters, window),
    listTotal(db, userId, sources, filters),
  ]);
  return { items, total };
}
