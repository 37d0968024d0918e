/**
 * Events out of an order book: a closed union. Every event carries the book's monotonically
 * increasing sequence number and the timestamp of the command that caused it.
 */
import type { OrderType, Side, StpMode, TimeInForce } from './commands';

export type OrderStatus = 'new' | 'partially_filled' | 'filled' | 'canceled' | 'rejected' | 'expired' | 'waiting';

export type RejectReason =
  | 'INVALID_COMMAND'
  | 'INVALID_ORDER'
  | 'INVALID_ID'
  | 'INVALID_PRICE'
  | 'INVALID_QUANTITY'
  | 'INVALID_FEE'
  | 'INVALID_TIMESTAMP'
  | 'TICK_SIZE'
  | 'LOT_SIZE'
  | 'MIN_NOTIONAL'
  | 'OVERFLOW'
  | 'DUPLICATE_ID'
  | 'UNKNOWN_ORDER'
  | 'POST_ONLY_WOULD_TAKE'
  | 'FOK_NOT_FILLABLE'
  | 'NOTHING_TO_AMEND';

export type CancelReason = 'USER' | 'SELF_TRADE';
export type ExpireReason = 'IOC_REMAINDER' | 'NO_LIQUIDITY' | 'FOK_NOT_FILLABLE';

interface EventBase {
  seq: number;
  timestamp: number;
}

export interface AcceptedEvent extends EventBase {
  type: 'accepted';
  orderId: string;
  userId: string;
  side: Side;
  orderType: OrderType;
  price?: number;
  stopPrice?: number;
  quantity?: number;
  quoteAmount?: number;
  timeInForce: TimeInForce;
  status: 'new' | 'waiting';
}

export interface RejectedEvent extends EventBase {
  type: 'rejected';
  command: 'place' | 'cancel' | 'amend' | 'unknown';
  orderId: string;
  userId?: string;
  reason: RejectReason;
}

export interface TradeEvent extends EventBase {
  type: 'trade';
  makerOrderId: string;
  takerOrderId: string;
  makerUserId: string;
  takerUserId: string;
  takerSide: Side;
  /** Ticks: always the maker's price. */
  price: number;
  /** Lots. */
  quantity: number;
  /** price x quantity, in notional units. */
  notional: number;
  /** Notional units, rounded up. */
  makerFee: number;
  takerFee: number;
  makerRemaining: number;
  /** Lots left on the taker; for a market buy by quote amount, the notional budget left. */
  takerRemaining: number;
  makerStatus: 'partially_filled' | 'filled';
  takerStatus: 'partially_filled' | 'filled';
}

export interface CanceledEvent extends EventBase {
  type: 'canceled';
  orderId: string;
  userId: string;
  reason: CancelReason;
  /** Lots not filled (for a market buy by quote amount: the notional budget not spent). */
  remaining: number;
  status: 'canceled';
}

export interface ExpiredEvent extends EventBase {
  type: 'expired';
  orderId: string;
  userId: string;
  reason: ExpireReason;
  /** Lots not filled (for a market buy by quote amount: the notional budget not spent). */
  remaining: number;
  status: 'expired';
}

export interface TriggeredEvent extends EventBase {
  type: 'triggered';
  orderId: string;
  userId: string;
  stopPrice: number;
  lastPrice: number;
}

export interface AmendedEvent extends EventBase {
  type: 'amended';
  orderId: string;
  userId: string;
  price?: number;
  /** New total quantity, filled part included. */
  quantity: number;
  remaining: number;
  priorityKept: boolean;
}

/** Aggregated quantity now at a price level (0 = level gone); one per touched level per command. */
export interface BookEvent extends EventBase {
  type: 'book';
  side: Side;
  price: number;
  quantity: number;
}

export type EngineEvent =
  AcceptedEvent | RejectedEvent | TradeEvent | CanceledEvent | ExpiredEvent | TriggeredEvent | AmendedEvent | BookEvent;

/** Public view of an open (resting or waiting) order. */
export interface OrderView {
  orderId: string;
  userId: string;
  side: Side;
  orderType: OrderType;
  price?: number;
  stopPrice?: number;
  /** Total quantity in lots, filled part included. */
  quantity: number;
  remaining: number;
  filled: number;
  /** Market or stop-market buys by quote amount: the notional budget. */
  quoteAmount?: number;
  status: OrderStatus;
  timeInForce: TimeInForce;
  postOnly: boolean;
  stp: StpMode;
  makerFeePpm: number;
  takerFeePpm: number;
  timestamp: number;
  /** Time priority: lower is earlier. */
  priority: number;
}
