/**
 * Trailing stops that have started trailing (Binance's `trailingDelta`): each remembers the best
 * last price seen since (a sell the highest, a buy the lowest: its `trailPeak`) and triggers once
 * the price has moved `trailingDelta` basis points against it. A trailing stop without a stop price
 * starts at placement from the last price (or from the book's first trade); one with a stop price
 * waits in the stop book until the price reaches it and starts from that last price.
 *
 * Trailing stops see the last price where stops are checked (after a command's own matching and
 * after each triggered order's), not each trade inside one matching. At each check they first take
 * in the last price, then the waiting stops go (stop-book.ts), then the trailing stops due: buys
 * (due on a rising price) lowest trailing price first, then sells highest first, ties by time
 * priority; one at a time, checked again after each.
 *
 * Kept apart from the stop book and the price levels, so a book without trailing stops never
 * touches this; with N of them, every new last price costs one O(N) pass (each peak is updated and
 * whether any is due noted), and so does each search for the next one due (only when one is).
 */
import type { Side } from './commands';
import type { Order } from './order';

const BIPS = 10_000;

/**
 * The trailing price in ticks: a sell triggers at or below `peak - ceil(peak * delta / 10000)`, a
 * buy at or above `peak + ceil(peak * delta / 10000)`. The move is rounded up, in the order's
 * disfavour: it never triggers before the price has moved by the whole delta. Computed in parts,
 * so no product passes 2^53 (`peak` is a safe integer, `delta` below 10,000).
 */
export function trailingPrice(side: Side, peak: number, delta: number): number {
  const whole = Math.floor(peak / BIPS);
  const move = whole * delta + Math.ceil(((peak - whole * BIPS) * delta) / BIPS);
  return side === 'buy' ? peak + move : peak - move;
}

/** The trailing price of a trailing stop that has seen a price. */
export function trailingPriceOf(order: Order): number {
  return trailingPrice(order.side, order.trailPeak, order.trailingDelta);
}

export class TrailingStops {
  /** In the order they started trailing (which a snapshot keeps); the trigger order does not depend on it. */
  private readonly orders = new Set<Order>();
  private seen: number | undefined = undefined;
  /** None is due at `seen` (a new one never is): nothing to search until the price moves. */
  private quiet = false;

  get size(): number {
    return this.orders.size;
  }

  /** Starts trailing from this last price (none yet: from the next one seen). */
  add(order: Order, lastPrice: number | undefined): void {
    order.trailPeak = lastPrice ?? 0;
    this.orders.add(order);
  }

  /** Takes back a trailing stop as a snapshot recorded it, its peak included. */
  restore(order: Order): void {
    this.orders.add(order);
  }

  remove(order: Order): boolean {
    return this.orders.delete(order);
  }

  /** Every peak takes in this last price; in the same pass, whether any is due now. */
  observe(lastPrice: number): void {
    if (lastPrice === this.seen) return;
    this.seen = lastPrice;
    let due = false;
    for (const o of this.orders) {
      if (o.trailPeak === 0 || (o.side === 'buy' ? lastPrice < o.trailPeak : lastPrice > o.trailPeak)) {
        // At its new peak: not due.
        o.trailPeak = lastPrice;
      } else if (!due) due = isDue(o, lastPrice);
    }
    this.quiet = !due;
  }

  /** Removes and returns the next trailing stop due at this last price (after `observe`), if any. */
  popTriggered(lastPrice: number): Order | undefined {
    if (this.quiet) return undefined;
    let next: Order | undefined;
    let nextPrice = 0;
    for (const o of this.orders) {
      const price = trailingPriceOf(o);
      if (o.side === 'buy' ? lastPrice < price : lastPrice > price) continue;
      if (next === undefined || comesFirst(o, price, next, nextPrice)) {
        next = o;
        nextPrice = price;
      }
    }
    if (next === undefined) this.quiet = true;
    else this.orders.delete(next);
    return next;
  }

  all(): Order[] {
    return [...this.orders];
  }
}

function isDue(order: Order, lastPrice: number): boolean {
  const price = trailingPriceOf(order);
  return order.side === 'buy' ? lastPrice >= price : lastPrice <= price;
}

function comesFirst(a: Order, aPrice: number, b: Order, bPrice: number): boolean {
  if (a.side !== b.side) return a.side === 'buy';
  if (aPrice !== bPrice) return a.side === 'buy' ? aPrice < bPrice : aPrice > bPrice;
  return a.priority < b.priority;
}

/** Whether a trailing stop has started trailing (else it waits in the stop book for its stop price). */
export function isTrailing(order: Order): boolean {
  return order.trailingDelta > 0 && (order.stopPrice === 0 || order.trailPeak > 0);
}
