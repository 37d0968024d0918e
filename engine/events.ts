/**
 * Events out of an order book: a closed union. Every event carries the book's monotonically
 * increasing sequence number and the timestamp of the command that caused it.
 */
import type { ListKind, OrderType, Side, StpMode, TimeInForce } from './commands';

/** `pending_new`: a list's pending order, placed once its working order has filled. */
export type OrderStatus =
  'new' | 'partially_filled' | 'filled' | 'canceled' | 'rejected' | 'expired' | 'waiting' | 'pending_new';

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
  | 'NOTHING_TO_AMEND'
  | 'INVALID_LIST'
  | 'INVALID_TRAILING_DELTA';

/** `LIST`: by its list's rules (the other order of a pair traded, triggered or ended; a working order ended unfilled). */
export type CancelReason = 'USER' | 'SELF_TRADE' | 'LIST';
/** `POST_ONLY_WOULD_TAKE`: a list's pending post-only order that would trade when placed. */
export type ExpireReason = 'IOC_REMAINDER' | 'NO_LIQUIDITY' | 'FOK_NOT_FILLABLE' | 'POST_ONLY_WOULD_TAKE';

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
  trailingDelta?: number;
  icebergQty?: number;
  timeInForce: TimeInForce;
  status: 'new' | 'waiting' | 'pending_new';
}

export interface RejectedEvent extends EventBase {
  type: 'rejected';
  command: 'place' | 'cancel' | 'amend' | 'placeList' | 'cancelList' | 'unknown';
  /** For a list command, the list id. */
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
  /** The price it triggered at: its stop price, or a trailing stop's trailing price (see trailing-stops.ts). */
  stopPrice: number;
  lastPrice: number;
}

/**
 * Self-trade prevention `decrement`: a taker met a resting order of its own user and both lost
 * `quantity` lots (a market buy by quote amount: `price * quantity` of its budget) without a
 * trade, from their remaining and their total quantity alike. An order this leaves with nothing
 * follows with `canceled` (`SELF_TRADE`).
 */
export interface PreventedEvent extends EventBase {
  type: 'prevented';
  makerOrderId: string;
  takerOrderId: string;
  userId: string;
  takerSide: Side;
  /** Ticks: the maker's price. */
  price: number;
  quantity: number;
  makerRemaining: number;
  takerRemaining: number;
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

/**
 * A trailing stop started trailing (Binance's `trailingTime`): placed without a stop price, or its
 * stop price reached. From here on it follows the last price (see trailing-stops.ts).
 */
export interface TrailingEvent extends EventBase {
  type: 'trailing';
  orderId: string;
  userId: string;
}

/** A list's pending order placed (its working order has filled): from here on an order like any other. */
export interface ActivatedEvent extends EventBase {
  type: 'activated';
  orderId: string;
  userId: string;
  listId: string;
  status: 'new' | 'waiting';
}

/**
 * A list's status, in Binance's terms: `exec_started` / `executing` when placed, `all_done` /
 * `all_done` once none of its orders is open. (A list command refused is a `rejected` event: what
 * Binance answers as `response` / `reject`.)
 */
export interface ListStatusEvent extends EventBase {
  type: 'list_status';
  listId: string;
  userId: string;
  kind: ListKind;
  statusType: 'exec_started' | 'all_done';
  listStatus: 'executing' | 'all_done';
  /** Every order of the list, in the list's order. */
  orderIds: string[];
}

/**
 * Aggregated quantity now at a price level (0 = level gone; icebergs count with their visible part
 * only); one per touched level per command.
 */
export interface BookEvent extends EventBase {
  type: 'book';
  side: Side;
  price: number;
  quantity: number;
}

export type EngineEvent =
  | AcceptedEvent
  | RejectedEvent
  | TradeEvent
  | CanceledEvent
  | ExpiredEvent
  | TriggeredEvent
  | PreventedEvent
  | AmendedEvent
  | BookEvent
  | ActivatedEvent
  | TrailingEvent
  | ListStatusEvent;

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
  /** Lots not filled (an iceberg's hidden part included). */
  remaining: number;
  filled: number;
  /** Market or stop-market buys by quote amount: the notional budget. */
  quoteAmount?: number;
  trailingDelta?: number;
  icebergQty?: number;
  status: OrderStatus;
  timeInForce: TimeInForce;
  postOnly: boolean;
  stp: StpMode;
  makerFeePpm: number;
  takerFeePpm: number;
  timestamp: number;
  /** Time priority: lower is earlier. */
  priority: number;
  /** The list the order belongs to, if any. */
  listId?: string;
}
