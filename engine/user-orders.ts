/**
 * Each user's open orders, for `openOrders(userId)`: an intrusive doubly linked list per user
 * (links on the order itself), so adding and removing are O(1) and a user going from no open
 * orders to one and back allocates nothing but a Map entry.
 */
import type { Order } from './order';

export class UserOrders {
  /** userId -> the user's most recently added open order. */
  private readonly heads = new Map<string, Order>();

  add(order: Order): void {
    const head = this.heads.get(order.userId) ?? null;
    order.userPrev = null;
    order.userNext = head;
    if (head !== null) head.userPrev = order;
    this.heads.set(order.userId, order);
  }

  remove(order: Order): void {
    const { userPrev: prev, userNext: next } = order;
    if (next !== null) next.userPrev = prev;
    if (prev !== null) prev.userNext = next;
    else if (next !== null) this.heads.set(order.userId, next);
    else this.heads.delete(order.userId);
    order.userPrev = order.userNext = null;
  }

  /** The user's open orders, most recently added first. */
  of(userId: string): Order[] {
    const orders: Order[] = [];
    for (let o = this.heads.get(userId) ?? null; o !== null; o = o.userNext) orders.push(o);
    return orders;
  }
}
