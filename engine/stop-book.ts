/**
 * Stop orders waiting for the last trade price to reach their stop price: stop-loss buys and
 * take-profit sells as it rises, stop-loss sells and take-profit buys as it falls.
 *
 * Trigger order, when several are due at once: those due on a rising price before those due on a
 * falling one; rising ones lowest stop price first, falling ones highest stop price first (the
 * order in which a moving price reaches them); equal stop prices by time priority. Orders trigger
 * one at a time and the price is checked again after each one has matched, so a cascade follows
 * the price it creates. (For stop-loss orders alone this is: buys first, then sells.)
 *
 * Each direction is a PriceTree keyed by stop price (the structure the book's sides use), each
 * stop price a FIFO queue: adding or canceling a stop is O(log P) for P distinct stop prices (O(1)
 * when its price already has stops), the next one due is O(1). A queue stays in time priority
 * because a stop is only ever added with a priority newer than all others (placed, or amended and
 * so given a fresh one), or restored from a snapshot in trigger order.
 *
 * A trailing stop with a stop price waits here until the price reaches it, then starts trailing
 * (trailing-stops.ts).
 */
import type { OrderType, Side } from './commands';
import type { Order } from './order';
import type { PriceLevel } from './price-level';
import { PriceTree } from './price-tree';

export class StopBook {
  /** Due as the price rises: lowest stop price first. */
  private readonly rising = new PriceTree('buy', false);
  /** Due as the price falls: highest stop price first. */
  private readonly falling = new PriceTree('sell', true);
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(order: Order): void {
    this.sideOf(order).getOrCreate(order.stopPrice).append(order);
    this.count++;
  }

  remove(order: Order): boolean {
    const level = order.level;
    if (level === null) return false;
    level.remove(order);
    if (level.count === 0) this.sideOf(order).dropEmpty(level);
    this.count--;
    return true;
  }

  /** Removes and returns the next stop due at this last price, if any. */
  popTriggered(lastPrice: number): Order | undefined {
    const r = this.rising.best;
    if (r !== null && r.price <= lastPrice) return this.pop(r);
    const f = this.falling.best;
    if (f !== null && f.price >= lastPrice) return this.pop(f);
    return undefined;
  }

  /** All waiting stops in trigger order, rising ones first (for snapshots). */
  all(): Order[] {
    const orders: Order[] = [];
    for (const tree of [this.rising, this.falling]) {
      for (let l = tree.best; l !== null; l = tree.nextLive(l)) {
        for (let o = l.head; o !== null; o = o.next) orders.push(o);
      }
    }
    return orders;
  }

  private pop(level: PriceLevel): Order {
    const order = level.head as Order;
    this.remove(order);
    return order;
  }

  private sideOf(order: Order): PriceTree {
    return triggersRising(order.side, order.orderType) ? this.rising : this.falling;
  }
}

/** A stop order not yet triggered (triggering turns it into a limit or market order). */
export function isWaitingStop(order: Order): boolean {
  return order.orderType !== 'limit' && order.orderType !== 'market';
}

/** Whether a stop of this side and type is due when the price rises to it (else when it falls). */
function triggersRising(side: Side, orderType: OrderType): boolean {
  return (side === 'buy') !== (orderType === 'take_profit_limit' || orderType === 'take_profit');
}

/**
 * Whether a stop is due at this last trade price: a stop-loss buy (or take-profit sell) once the
 * price has risen to its stop, a stop-loss sell (or take-profit buy) once it has fallen to it.
 * Never before the book's first trade.
 */
export function isStopDue(
  side: Side,
  stopPrice: number,
  lastPrice: number | undefined,
  orderType: OrderType = 'stop_limit',
): boolean {
  if (lastPrice === undefined) return false;
  return triggersRising(side, orderType) ? lastPrice >= stopPrice : lastPrice <= stopPrice;
}

/** Whether a stop order is already due at this last trade price. */
export function isTriggered(order: Order, lastPrice: number | undefined): boolean {
  return isStopDue(order.side, order.stopPrice, lastPrice, order.orderType);
}
