/** The engine's mutable order record; also the node of its price level's queue. */
import type { OrderType, Side, StpMode, TimeInForce } from './commands';
import type { PriceLevel } from './price-level';
import type { UserList } from './user-orders';

export class Order {
  /** Queue links inside the price level (intrusive doubly linked list). */
  prev: Order | null = null;
  next: Order | null = null;
  level: PriceLevel | null = null;
  /** Links in the list of its user's open orders, and that list (see user-orders.ts). */
  userPrev: Order | null = null;
  userNext: Order | null = null;
  userList: UserList | null = null;
  /** Indexed as open (resting or waiting) in its book. */
  open = false;

  constructor(
    public readonly id: string,
    public readonly userId: string,
    public readonly side: Side,
    /** Changes from stop_* to limit/market when triggered. */
    public orderType: OrderType,
    /** Ticks; 0 for market orders. */
    public price: number,
    /** Ticks; 0 when not a stop order. */
    public stopPrice: number,
    /** Total lots, filled part included; 0 for a market buy by quote amount. */
    public quantity: number,
    /** Lots left; for a market buy by quote amount, the notional budget left. */
    public remaining: number,
    public readonly byQuote: boolean,
    public readonly timeInForce: TimeInForce,
    public readonly postOnly: boolean,
    public readonly stp: StpMode,
    public readonly makerFeePpm: number,
    public readonly takerFeePpm: number,
    public timestamp: number,
    public priority: number,
    /** Quote budget given at placement (market buys by quote amount), else 0. */
    public readonly quoteAmount: number,
  ) {}
}
