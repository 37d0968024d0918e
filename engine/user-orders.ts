/**
 * Each user's open orders, for `openOrders(userId)`: an intrusive doubly linked list per user
 * (links on the order itself), so adding and removing are O(1).
 *
 * A user's list stays in the Map when it empties (one small object per user who has had an open
 * order): adding an order is then one Map lookup and removing one none, where creating and
 * deleting the entry each time would cost a Map insert and delete for a user going from no open
 * orders to one and back.
 */
import type { Order } from './order';

/** The head of one user's list: the user's most recently added open order. */
export class UserList {
  head: Order | null = null;
}

export class UserOrders {
  private readonly lists = new Map<string, UserList>();

  add(order: Order): void {
    let list = this.lists.get(order.userId);
    if (list === undefined) {
      list = new UserList();
      this.lists.set(order.userId, list);
    }
    const head = list.head;
    order.userList = list;
    order.userPrev = null;
    order.userNext = head;
    if (head !== null) head.userPrev = order;
    list.head = order;
  }

  remove(order: Order): void {
    const { userPrev: prev, userNext: next } = order;
    if (next !== null) next.userPrev = prev;
    if (prev !== null) prev.userNext = next;
    else (order.userList as UserList).head = next;
    order.userPrev = order.userNext = null;
    order.userList = null;
  }

  /** The user's open orders, most recently added first. */
  of(userId: string): Order[] {
    const orders: Order[] = [];
    for (let o = this.lists.get(userId)?.head ?? null; o !== null; o = o.userNext) orders.push(o);
    return orders;
  }
}
