/**
 * Stop orders waiting for the last trade price to reach their stop price.
 *
 * Trigger order, when several are due at once: buy stops before sell stops; buy stops lowest stop
 * price first, sell stops highest stop price first (the order in which a moving price reaches
 * them); equal stop prices by time priority. Orders trigger one at a time and the price is checked
 * again after each one has matched, so a cascade follows the price it creates.
 *
 * Each side is a sorted array with the next stop to trigger at the end: pop is O(1), insert and
 * cancel are a binary search plus a splice.
 */
import type { Order } from './order';

/** True when a sorts before b in the array (i.e. triggers later). */
type Before = (a: Order, b: Order) => boolean;

const buyBefore: Before = (a, b) => a.stopPrice > b.stopPrice || (a.stopPrice === b.stopPrice && a.priority > b.priority);
const sellBefore: Before = (a, b) => a.stopPrice < b.stopPrice || (a.stopPrice === b.stopPrice && a.priority > b.priority);

function insertSorted(list: Order[], order: Order, before: Before): void {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid], order)) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, order);
}

function removeSorted(list: Order[], order: Order, before: Before): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid], order)) lo = mid + 1;
    else hi = mid;
  }
  if (list[lo] !== order) return false;
  list.splice(lo, 1);
  return true;
}

export class StopBook {
  private readonly buys: Order[] = [];
  private readonly sells: Order[] = [];

  get size(): number {
    return this.buys.length + this.sells.length;
  }

  add(order: Order): void {
    if (order.side === 'buy') insertSorted(this.buys, order, buyBefore);
    else insertSorted(this.sells, order, sellBefore);
  }

  remove(order: Order): boolean {
    return order.side === 'buy' ? removeSorted(this.buys, order, buyBefore) : removeSorted(this.sells, order, sellBefore);
  }

  /** Removes and returns the next stop due at this last price, if any. */
  popTriggered(lastPrice: number): Order | undefined {
    const b = this.buys[this.buys.length - 1];
    if (b && b.stopPrice <= lastPrice) return this.buys.pop();
    const s = this.sells[this.sells.length - 1];
    if (s && s.stopPrice >= lastPrice) return this.sells.pop();
    return undefined;
  }

  /** All waiting stops in trigger order per side, buys first (for snapshots). */
  all(): Order[] {
    return [...this.buys].reverse().concat([...this.sells].reverse());
  }
}

/** Whether a stop order is already due at this last trade price. */
export function isTriggered(order: Order, lastPrice: number | undefined): boolean {
  if (lastPrice === undefined) return false;
  return order.side === 'buy' ? lastPrice >= order.stopPrice : lastPrice <= order.stopPrice;
}
