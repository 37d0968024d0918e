/** The engine's mutable order record; also the node of its price level's queue. */
import type { OrderType, Side, StpMode, TimeInForce } from './commands';
import type { OrderList } from './order-lists';
import type { PriceLevel } from './price-level';
import type { UserList } from './user-orders';

/**
 * Fields are assigned in memory order (V8 lays them out as they are first assigned): the queue
 * links next to the object's header, so unlinking or appending next to a neighbour touches one
 * cache line of it, not two; then what matching and amending read; what they rarely read last.
 */
export class Order {
  /** Queue links inside the price level (intrusive doubly linked list). */
  prev: Order | null;
  next: Order | null;
  level: PriceLevel | null;
  /**
   * Lots left; for a market buy by quote amount, the notional budget left. A resting iceberg's
   * visible lots only (the rest is `hidden`), so matching and level totals need not know icebergs.
   */
  remaining: number;
  /** Ticks; 0 for market orders. */
  price: number;
  /** Total lots, filled part included; 0 for a market buy by quote amount. */
  quantity: number;
  /** Lots of a resting iceberg not shown now (see icebergs.ts); 0 for any other order. */
  hidden: number;
  readonly userId: string;
  readonly side: Side;
  /** Changes from a stop or take-profit type to limit or market when triggered. */
  orderType: OrderType;
  readonly byQuote: boolean;
  readonly postOnly: boolean;
  /** Lots an iceberg shows at a time; 0: not an iceberg. */
  readonly icebergQty: number;
  /** Indexed as open (resting or waiting) in its book. */
  open: boolean;
  readonly id: string;
  priority: number;
  timestamp: number;
  readonly timeInForce: TimeInForce;
  readonly stp: StpMode;
  readonly makerFeePpm: number;
  readonly takerFeePpm: number;
  /** Ticks; 0 when not a stop order. */
  stopPrice: number;
  /** Quote budget given at placement (market buys by quote amount), else 0. */
  readonly quoteAmount: number;
  /** Links in the list of its user's open orders, and that list (see user-orders.ts). */
  userPrev: Order | null;
  userNext: Order | null;
  userList: UserList | null;
  /** The list the order belongs to; read only where an order trades, triggers or ends. */
  list: OrderList | null;
  /**
   * Basis points a trailing stop trails the price by (0: not trailing), and the best last price
   * it has seen since trailing started (0: not started: waiting for its stop price, or for the
   * book's first trade when it has none). See trailing-stops.ts.
   */
  readonly trailingDelta: number;
  trailPeak: number;

  constructor(
    id: string,
    userId: string,
    side: Side,
    orderType: OrderType,
    price: number,
    stopPrice: number,
    quantity: number,
    remaining: number,
    byQuote: boolean,
    timeInForce: TimeInForce,
    postOnly: boolean,
    stp: StpMode,
    makerFeePpm: number,
    takerFeePpm: number,
    timestamp: number,
    priority: number,
    quoteAmount: number,
    icebergQty: number,
    hidden: number,
    trailingDelta: number,
    trailPeak: number,
  ) {
    this.prev = null;
    this.next = null;
    this.level = null;
    this.remaining = remaining;
    this.price = price;
    this.quantity = quantity;
    this.hidden = hidden;
    this.userId = userId;
    this.side = side;
    this.orderType = orderType;
    this.byQuote = byQuote;
    this.postOnly = postOnly;
    this.icebergQty = icebergQty;
    this.open = false;
    this.id = id;
    this.priority = priority;
    this.timestamp = timestamp;
    this.timeInForce = timeInForce;
    this.stp = stp;
    this.makerFeePpm = makerFeePpm;
    this.takerFeePpm = takerFeePpm;
    this.stopPrice = stopPrice;
    this.quoteAmount = quoteAmount;
    this.userPrev = null;
    this.userNext = null;
    this.userList = null;
    this.list = null;
    this.trailingDelta = trailingDelta;
    this.trailPeak = trailPeak;
  }
}
