/** The engine's mutable order record; also the node of its price level's queue. */
import type { OrderType, Side, StpMode, TimeInForce } from './commands';
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
  /** Lots left; for a market buy by quote amount, the notional budget left. */
  remaining: number;
  /** Ticks; 0 for market orders. */
  price: number;
  /** Total lots, filled part included; 0 for a market buy by quote amount. */
  quantity: number;
  readonly userId: string;
  readonly side: Side;
  /** Changes from stop_* to limit/market when triggered. */
  orderType: OrderType;
  readonly byQuote: boolean;
  readonly postOnly: boolean;
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
  ) {
    this.prev = null;
    this.next = null;
    this.level = null;
    this.remaining = remaining;
    this.price = price;
    this.quantity = quantity;
    this.userId = userId;
    this.side = side;
    this.orderType = orderType;
    this.byQuote = byQuote;
    this.postOnly = postOnly;
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
  }
}
