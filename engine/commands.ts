/**
 * Commands into an order book: a closed union. Prices are in ticks, quantities in lots, quote
 * amounts in notional units (see market-spec.ts); ids and timestamps come from the caller.
 */
export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market' | 'stop_limit' | 'stop_market';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';
/**
 * Self-trade prevention, decided by the incoming (taker) order when it meets a resting order of
 * the same user: cancel the incoming order, the resting one (and keep matching), or both.
 */
export type StpMode = 'cancel_newest' | 'cancel_oldest' | 'cancel_both';

export interface PlaceCommand {
  type: 'place';
  orderId: string;
  userId: string;
  side: Side;
  orderType: OrderType;
  /** Limit price in ticks: limit and stop_limit only. */
  price?: number;
  /** Stop price in ticks: stop_limit and stop_market only. */
  stopPrice?: number;
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

export type Command = PlaceCommand | CancelCommand | AmendCommand;
