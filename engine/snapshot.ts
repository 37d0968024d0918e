/** A book's full state as plain JSON data, for recovery and fast start. */
import type { OrderType, Side, StpMode, TimeInForce } from './commands';
import type { MarketSpec } from './market-spec';
import { Order } from './order';

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
}

export interface BookSnapshot {
  version: 1;
  spec: MarketSpec;
  /** Sequence number of the last event emitted. */
  seq: number;
  /** Last time priority handed out. */
  priority: number;
  lastPrice: number | null;
  /** Resting orders: bids best first, then asks best first, each level in time priority. */
  orders: OrderRecord[];
  /** Waiting stop orders, buys then sells, each in trigger order. */
  stops: OrderRecord[];
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
  );
}
