/**
 * Stop orders waiting for the last trade price to reach their stop price.
 *
 * Trigger order, when several are due at once: buy stops before sell stops; buy stops lowest stop
 * price first, sell stops highest stop price first (the order in which a moving price reaches
 * them); equal stop prices by time priority. Orders trigger one at a time and the price is checked
 * again after each one has matched, so a cascade follows the price it creates.
 *
 * Each side is a PriceTree keyed by stop price (the structure the book's sides use), each stop
 * price a FIFO queue: adding or canceling a stop is O(log P) for P distinct stop prices (O(1) when
 * its price already has stops), the next one due is O(1). A queue stays in time priority because a
 * stop is only ever added with a priority newer than all others (placed, or amended and so given
 * a fresh one), or restored from a snapshot in trigger order.
 */
import type { Side } from './commands';
import type { Order } from './order';
import type { PriceLevel } from './price-level';
import { PriceTree } from './price-tree';

export class StopBook {
  /** Buy stops trigger as the price rises: lowest stop price first. */
  private readonly buys = new PriceTree('buy', false);
  /** Sell stops trigger as the price falls: highest stop price first. */
  private readonly sells = new PriceTree('sell', true);
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
    const b = this.buys.best;
    if (b !== null && b.price <= lastPrice) return this.pop(b);
    const s = this.sells.best;
    if (s !== null && s.price >= lastPrice) return this.pop(s);
    return undefined;
  }

  /** All waiting stops in trigger order per side, buys first (for snapshots). */
  all(): Order[] {
    const orders: Order[] = [];
    for (const tree of [this.buys, this.sells]) {
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
    return order.side === 'buy' ? this.buys : this.sells;
  }
}

/** A stop order not yet triggered (triggering turns it into a limit or market order). */
export function isWaitingStop(order: Order): boolean {
  return order.orderType === 'stop_limit' || order.orderType === 'stop_market';
}

/**
 * Whether a stop on `side` is due at this last trade price: a buy once the price has risen to its
 * stop, a sell once it has fallen to it. Never before the book's first trade.
 */
export function isStopDue(side: Side, stopPrice: number, lastPrice: number | undefined): boolean {
  if (lastPrice === undefined) return false;
  return side === 'buy' ? lastPrice >= stopPrice : lastPrice <= stopPrice;
}

/** Whether a stop order is already due at this last trade price. */
export function isTriggered(order: Order, lastPrice: number | undefined): boolean {
  return isStopDue(order.side, order.stopPrice, lastPrice);
}
