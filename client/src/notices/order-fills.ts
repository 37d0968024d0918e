/**
 * Which pushed order updates are fills, and the one notice that tells of a batch of them: a market
 * order that takes thirty resting orders is one notice for its owner, and one for the owner of the
 * thirty.
 */
import type { Order } from '../api/types';

/** What an order can be once something of it traded: done, still resting, or its untraded rest dropped (IOC, market). */
const TRADED_STATUSES = new Set(['filled', 'partially_filled', 'expired']);
/** Statuses after which an order changes no more, so it need not be remembered. */
const FINAL_STATUSES = new Set(['filled', 'canceled', 'expired', 'rejected']);

/** Remembers how much of each open order had filled, so an update tells whether more has. */
export class FillTracker {
  private readonly filled = new Map<string, number>();

  /** Whether this update of an order brings a fill not told of yet. */
  isNewFill(order: Pick<Order, 'id' | 'status' | 'filled'>): boolean {
    const before = this.filled.get(order.id) ?? 0;
    const filled = Number(order.filled);
    if (FINAL_STATUSES.has(order.status)) this.filled.delete(order.id);
    else this.filled.set(order.id, filled);
    return TRADED_STATUSES.has(order.status) && filled > before;
  }
}

const plural = (count: number) => (count === 1 ? 'order' : 'orders');

/** 'BUY BTC/USDT order filled' for one order; '3 orders filled, 1 partially filled' for several. */
export function fillNotice(orders: Array<Pick<Order, 'id' | 'status' | 'side' | 'symbol'>>): string {
  // An order filled in steps within one notice counts once, as it last stood.
  const latest = [...new Map(orders.map((order) => [order.id, order])).values()];
  if (latest.length === 1) {
    const [order] = latest;
    const how = order!.status === 'filled' ? 'filled' : 'partially filled';
    return `${order!.side.toUpperCase()} ${order!.symbol} order ${how}`;
  }
  const done = latest.filter((order) => order.status === 'filled').length;
  const partly = latest.length - done;
  if (partly === 0) return `${done} orders filled`;
  if (done === 0) return `${partly} orders partially filled`;
  return `${done} ${plural(done)} filled, ${partly} partially filled`;
}
