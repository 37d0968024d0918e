/** A book's full state as plain JSON data, for recovery and fast start. */
import type { ListKind, OrderType, Side, StpMode, TimeInForce } from './commands';
import type { MarketSpec } from './market-spec';
import { Order } from './order';
import type { OrderList } from './order-lists';

export interface OrderRecord {
  id: string;
  userId: string;
  side: Side;
  orderType: OrderType;
  price: number;
  stopPrice: number;
  quantity: number;
  remaining: number;
  byQuote: boolean;
  quoteAmount: number;
  timeInForce: TimeInForce;
  postOnly: boolean;
  stp: StpMode;
  makerFeePpm: number;
  takerFeePpm: number;
  timestamp: number;
  priority: number;
  /** See order.ts; absent from version 1 snapshots (read as 0). */
  icebergQty: number;
  hidden: number;
  trailingDelta: number;
  trailPeak: number;
}

/** An open order list; its resting and waiting orders are in the snapshot's orders and stops. */
export interface ListRecord {
  id: string;
  userId: string;
  kind: ListKind;
  /** Every order's id, in the list's order. */
  orderIds: string[];
  /** Whether each order is open (resting, waiting or pending). */
  open: boolean[];
  /** The pending orders (placed once the working order fills), in the list's order. */
  pending: OrderRecord[];
}

export interface BookSnapshot {
  /** 2 since order lists, icebergs and trailing stops; OrderBook.restore also takes 1 (no `lists`). */
  version: 1 | 2;
  spec: MarketSpec;
  /** Sequence number of the last event emitted. */
  seq: number;
  /** Last time priority handed out. */
  priority: number;
  lastPrice: number | null;
  /** Resting orders: bids best first, then asks best first, each level in time priority. */
  orders: OrderRecord[];
  /** Waiting stop orders: the stop book's in trigger order, then trailing stops that started trailing. */
  stops: OrderRecord[];
  /** Open order lists, in the order they were placed. */
  lists?: ListRecord[];
}

export function toRecord(o: Order): OrderRecord {
  return {
    id: o.id,
    userId: o.userId,
    side: o.side,
    orderType: o.orderType,
    price: o.price,
    stopPrice: o.stopPrice,
    quantity: o.quantity,
    remaining: o.remaining,
    byQuote: o.byQuote,
    quoteAmount: o.quoteAmount,
    timeInForce: o.timeInForce,
    postOnly: o.postOnly,
    stp: o.stp,
    makerFeePpm: o.makerFeePpm,
    takerFeePpm: o.takerFeePpm,
    timestamp: o.timestamp,
    priority: o.priority,
    icebergQty: o.icebergQty,
    hidden: o.hidden,
    trailingDelta: o.trailingDelta,
    trailPeak: o.trailPeak,
  };
}

export function fromRecord(r: OrderRecord): Order {
  return new Order(
    r.id,
    r.userId,
    r.side,
    r.orderType,
    r.price,
    r.stopPrice,
    r.quantity,
    r.remaining,
    r.byQuote,
    r.timeInForce,
    r.postOnly,
    r.stp,
    r.makerFeePpm,
    r.takerFeePpm,
    r.timestamp,
    r.priority,
    r.quoteAmount,
    r.icebergQty ?? 0,
    r.hidden ?? 0,
    r.trailingDelta ?? 0,
    r.trailPeak ?? 0,
  );
}

export function toListRecord(list: OrderList): ListRecord {
  const pending: OrderRecord[] = [];
  for (const leg of list.legs) if (leg !== null && list.isPending(leg)) pending.push(toRecord(leg));
  return {
    id: list.id,
    userId: list.userId,
    kind: list.kind,
    orderIds: [...list.orderIds],
    open: list.legs.map((leg) => leg !== null),
    pending,
  };
}
