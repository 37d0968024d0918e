import Decimal from 'decimal.js';
import { money, type Money } from '../../kernel/money';

/** The desk's two prices: it sells at the ask and buys at the bid. */
export interface DeskPrices {
  /** Null while the bid would round to 0 at the tick (a reference of a tick or so): the desk never buys for nothing. */
  bid: Money | null;
  ask: Money;
}

/** The best prices of a book as last committed; undefined for an empty side. */
export interface BookTop {
  bestBid?: Money;
  bestAsk?: Money;
}

/**
 * The desk's bid and ask: `spread` wide around the reference (half of it each side), rounded to the
 * tick away from the reference so the rounding never favours the trader. Against a book it is never
 * the better place to trade: its ask is at least the book's best ask and its bid at most the book's
 * best bid (and, on a one-sided book, at least or at most the side there is). Otherwise, while the
 * book still rests quotes around an older reference, buying on one and selling on the other would
 * earn money without risk. A bid that rounds down to 0 is no bid.
 */
export function deskPrices(reference: Money, tickSize: string, spread: Money, book: BookTop = {}): DeskPrices {
  const tick = money(tickSize);
  const half = spread.div(2);
  let ask = reference.times(half.plus(1)).toNearest(tick, Decimal.ROUND_UP);
  let bid = reference.times(money(1).minus(half)).toNearest(tick, Decimal.ROUND_DOWN);
  for (const price of [book.bestBid, book.bestAsk]) {
    if (price?.greaterThan(ask)) ask = price;
    if (price?.lessThan(bid)) bid = price;
  }
  return { bid: bid.isZero() ? null : bid, ask };
}
