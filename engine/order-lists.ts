/**
 * Order lists, as Binance's spot order lists: a few orders of one user whose lives are tied.
 *
 * - `oco`: a pair on one side and of one quantity, at least one of them a stop (waiting in the
 *   stop book), the other a stop too or a GTC limit order. When either trades (even in part),
 *   triggers, or is canceled or expires, the other is canceled in the same command.
 * - `oto`: a working limit order, and a pending order placed only once the working one has filled
 *   completely. Until then the pending order rests nowhere: it can neither trade nor trigger.
 * - `otoco`: a working limit order, and a pending `oco` pair placed once it has filled completely.
 *
 * A working order that ends unfilled cancels the pending ones. Canceling the list, or any one of
 * its orders, cancels every open order of it. The list is done once none of its orders is open.
 *
 * Here are the list's own rules, about which order is which; the book carries them out where an
 * order of a list trades, triggers or ends. Which kind of order a leg is (limit, stop-loss,
 * take-profit...) matters only through `isWaitingStop`.
 */
import type { ListKind } from './commands';
import type { Order } from './order';
import { isWaitingStop } from './stop-book';

export class OrderList {
  /** The pending orders are all those from this index on (none for an oco). */
  readonly firstPending: number;
  /** Set once its all_done status is out. */
  done = false;
  /** Set while all its orders are being canceled: an order's end then cancels nothing more. */
  closing = false;

  constructor(
    readonly id: string,
    readonly userId: string,
    readonly kind: ListKind,
    /** Every order's id, in the list's order (working order first). */
    readonly orderIds: readonly string[],
    /** Each order while open (resting, waiting or pending), null once it has ended. */
    readonly legs: Array<Order | null>,
  ) {
    this.firstPending = kind === 'oco' ? legs.length : 1;
  }

  /** Whether the order at `index` is the working order of an oto or otoco. */
  isWorking(index: number): boolean {
    return index === 0 && this.kind !== 'oco';
  }

  /** The other order of the pair the order at `index` belongs to, while open. */
  otherOfPair(index: number): Order | null {
    if (this.kind === 'oco') return this.legs[1 - index];
    if (this.kind === 'otoco' && index > 0) return this.legs[3 - index];
    return null;
  }

  /** Whether `order` (one of its open orders) is pending: its working order is still open. */
  isPending(order: Order): boolean {
    return this.kind !== 'oco' && this.legs[0] !== null && this.legs[0] !== order;
  }

  get isEmpty(): boolean {
    return this.legs.every((leg) => leg === null);
  }
}

/**
 * Whether the orders make a list of this kind (their fields each valid already): a working order
 * is a limit order; a pending order of an oto anything but a market buy by quote amount; a pair as
 * described above.
 */
export function isListShape(kind: ListKind, orders: readonly Order[]): boolean {
  if (kind === 'oco') return isPair(orders[0], orders[1]);
  if (orders[0].orderType !== 'limit') return false;
  return kind === 'oto' ? !orders[1].byQuote : isPair(orders[1], orders[2]);
}

function isPair(a: Order, b: Order): boolean {
  return (
    a.side === b.side &&
    !a.byQuote &&
    !b.byQuote &&
    a.quantity === b.quantity &&
    waitsInPair(a) &&
    waitsInPair(b) &&
    (isWaitingStop(a) || isWaitingStop(b))
  );
}

/** An order of a pair waits (in the stop book, or resting): an order that cannot rest would end the pair at once. */
function waitsInPair(o: Order): boolean {
  return isWaitingStop(o) || (o.orderType === 'limit' && o.timeInForce === 'GTC');
}
