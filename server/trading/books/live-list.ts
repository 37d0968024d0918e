import type { ListKind } from '../../../engine';
import type { OrderListRow, ListStatus } from '../orders/order-list.entity';
import type { OrderTerms } from './order-input';

/** One order of a list as its list names it: its id, its Binance orderId (seq) and client order id. */
export interface ListLeg {
  orderId: string;
  seq: number;
  clientOrderId: string;
}

/** An order list as the sequencer tracks it (see engine/order-lists.ts): open while `executing`. */
export interface LiveList {
  /** Binance's orderListId; the engine's list id is its text. */
  id: number;
  userId: string;
  symbol: string;
  kind: ListKind;
  clientListId: string;
  /** Its orders in the list's order: the working order first (oto, otoco), the pair last (oco, otoco). */
  legs: ListLeg[];
  status: ListStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** A list as asked for, checked: its id drawn, each order's terms and id. */
export interface ListTerms {
  listId: number;
  kind: ListKind;
  clientListId: string;
  orders: Array<{ orderId: string; terms: OrderTerms }>;
}

/** The indexes of a list's pair (the orders of which one ending ends the other), if it has one. */
export function pairOf(kind: ListKind): readonly [number, number] | null {
  if (kind === 'oco') return [0, 1];
  if (kind === 'otoco') return [1, 2];
  return null;
}

/** The row a list in memory is written as. */
export const listRecord = (list: LiveList): OrderListRow => ({
  id: String(list.id),
  user_id: list.userId,
  symbol: list.symbol,
  kind: list.kind,
  client_list_id: list.clientListId,
  status: list.status,
  created_at: list.createdAt,
  updated_at: list.updatedAt,
});

/** An open list's row back in memory, with its orders (recovery). */
export const liveList = (row: OrderListRow, legs: ListLeg[]): LiveList => ({
  id: Number(row.id),
  userId: row.user_id,
  symbol: row.symbol,
  kind: row.kind,
  clientListId: row.client_list_id,
  legs,
  status: row.status,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
