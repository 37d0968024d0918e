/**
 * Commands into an order book: a closed union. Prices are in ticks, quantities in lots, quote
 * amounts in notional units (see market-spec.ts); ids and timestamps come from the caller.
 */
export type Side = 'buy' | 'sell';
/**
 * Stop orders wait for the last trade price: `stop_*` (stop-loss) buys trigger when it rises to the
 * stop price, sells when it falls to it; `take_profit*` the other way round (Binance's TAKE_PROFIT
 * and TAKE_PROFIT_LIMIT).
 */
export type OrderType = 'limit' | 'market' | 'stop_limit' | 'stop_market' | 'take_profit_limit' | 'take_profit';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';
/**
 * Self-trade prevention, decided by the incoming (taker) order when it meets a resting order of
 * the same user: cancel the incoming order, the resting one (and keep matching), or both; or
 * `decrement` both by the quantity they would have traded (Binance's DECREMENT).
 */
export type StpMode = 'cancel_newest' | 'cancel_oldest' | 'cancel_both' | 'decrement';

export interface PlaceCommand {
  type: 'place';
  orderId: string;
  userId: string;
  side: Side;
  orderType: OrderType;
  /** Limit price in ticks: limit, stop_limit and take_profit_limit only. */
  price?: number;
  /**
   * Stop price in ticks: stop and take-profit orders only; optional with `trailingDelta` (then the
   * trailing starts once the stop price is reached, else at placement).
   */
  stopPrice?: number;
  /** Stop and take-profit orders: trail the best last price by this many basis points, 1..9999. */
  trailingDelta?: number;
  /** GTC limit orders (stop-limits too): show this many lots at a time, less than `quantity`. */
  icebergQty?: number;
  /** Base quantity in lots. Market buys may give quoteAmount instead. */
  quantity?: number;
  /** Market (and stop-market) buys: spend at most this notional (fees not included). */
  quoteAmount?: number;
  /** Default GTC for limit orders, IOC for market orders (which may also be FOK). */
  timeInForce?: TimeInForce;
  postOnly?: boolean;
  /** Default cancel_newest. */
  stp?: StpMode;
  /** Fee rates in parts per million of notional (1000 = 0.1%), 0..1,000,000. */
  makerFeePpm: number;
  takerFeePpm: number;
  /** Milliseconds; the engine never reads a clock. */
  timestamp: number;
}

export interface CancelCommand {
  type: 'cancel';
  orderId: string;
  /** When given, the order must belong to this user (else UNKNOWN_ORDER). */
  userId?: string;
  timestamp: number;
}

/**
 * Changes a resting limit order or a waiting stop order. `quantity` is the new total order
 * quantity (filled part included) and must exceed what is already filled. A price change or a
 * size increase loses time priority; a size decrease keeps it.
 */
export interface AmendCommand {
  type: 'amend';
  orderId: string;
  userId?: string;
  price?: number;
  quantity?: number;
  timestamp: number;
}

/** Binance's order lists (see order-lists.ts): one-cancels-the-other, one-triggers-the-other, and both. */
export type ListKind = 'oco' | 'oto' | 'otoco';

/** One order of a list: a place command without what the list gives all its orders. */
export type ListOrder = Omit<PlaceCommand, 'type' | 'userId' | 'timestamp'>;

/**
 * Places a list of orders of one user, all or nothing. `orders` by kind: oco, the two orders of
 * the pair; oto, the working order, then the pending one; otoco, the working order, then the
 * pending pair. Each order keeps its own id; the list id must not be that of an open list.
 */
export interface PlaceListCommand {
  type: 'placeList';
  listId: string;
  userId: string;
  kind: ListKind;
  orders: ListOrder[];
  timestamp: number;
}

/** Cancels every open order of a list (canceling one of its orders by its id does the same). */
export interface CancelListCommand {
  type: 'cancelList';
  listId: string;
  userId?: string;
  timestamp: number;
}

export type Command = PlaceCommand | CancelCommand | AmendCommand | PlaceListCommand | CancelListCommand;
