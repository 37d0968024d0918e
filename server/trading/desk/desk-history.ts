import type { DataSource } from 'typeorm';
import { toJsonNumber } from '../../kernel/money';
import { fillSources, listPage, listRows, type ListFilters, type ListSource, type ListWindow } from '../user-lists';

/**
 * A trade as its trader sees it (an execution: what a desk trade answers), and the trade history:
 * the user's desk trades and order fills (as maker or taker) in one list, each naming its kind, and
 * a fill its order and fee (a desk trade has neither: its price is the desk's). A fill's total is
 * price x amount, as on the simple screen.
 */

export interface ExecutionView {
  id: string;
  symbol: string;
  type: 'buy' | 'sell';
  amount: number;
  price: number;
  total: number;
  created_at: string;
}

export interface ExecutionRow {
  id: string;
  symbol: string;
  type: 'buy' | 'sell';
  amount: string;
  price: string;
  total: string;
  created_at: Date;
}

export const executionView = (row: ExecutionRow): ExecutionView => ({
  id: row.id,
  symbol: row.symbol,
  type: row.type,
  amount: toJsonNumber(row.amount),
  price: toJsonNumber(row.price),
  total: toJsonNumber(row.total),
  created_at: row.created_at.toISOString(),
});

export type TradeKind = 'fill' | 'desk';

export type HistoryTradeView = ExecutionView & { kind: TradeKind; order_id: string | null; fee: number | null };

type HistoryTradeRow = ExecutionRow & { kind: TradeKind; order_id: string | null; fee: string | null };

const DESK_TRADES: ListSource = {
  table: 'instant_trades',
  mine: 'user_id = $1',
  columns: `id, symbol, side AS type, amount, price, total, created_at, 'desk' AS kind,
            NULL::uuid AS order_id, NULL::numeric AS fee, NULL::bigint AS seq`,
  side: 'side',
};
const BOOK_FILLS = fillSources(
  (role, side) => `id, symbol, ${side} AS type, amount, price, quote_amount AS total, created_at, 'fill' AS kind,
                   ${role}_order_id AS order_id, ${role}_fee AS fee, seq`,
);
const SOURCES: Record<TradeKind | 'all', ListSource[]> = {
  desk: [DESK_TRADES],
  fill: BOOK_FILLS,
  all: [DESK_TRADES, ...BOOK_FILLS],
};

/** The trade history's filters: those of every list, and which kind of trade. */
export type TradeHistoryFilters = Omit<ListFilters, 'type'> & { kind?: TradeKind };

const view = (row: HistoryTradeRow): HistoryTradeView => ({
  ...executionView(row),
  kind: row.kind,
  order_id: row.order_id,
  fee: row.fee === null ? null : toJsonNumber(row.fee),
});

/** A page of the user's trade history, and how many trades the filters select. */
export async function tradeHistoryPage(
  db: DataSource,
  userId: string,
  { kind, ...filters }: TradeHistoryFilters,
  window: ListWindow,
) {
  const page = await listPage<HistoryTradeRow>(db, userId, SOURCES[kind ?? 'all'], filters, window);
  return { total: page.total, items: page.items.map(view) };
}

/** The trades of a window alone (an export reads batch after batch). */
export async function tradeHistoryRows(
  db: DataSource,
  userId: string,
  { kind, ...filters }: TradeHistoryFilters,
  window: ListWindow,
) {
  return (await listRows<HistoryTradeRow>(db, userId, SOURCES[kind ?? 'all'], filters, window)).map(view);
}
