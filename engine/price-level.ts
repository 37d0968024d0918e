/**
 * One price on one side: a FIFO queue of orders as an intrusive doubly linked list, so appending,
 * removing any order and popping the head are O(1). Also a node of its side's price tree.
 */
import type { Side } from './commands';
import type { Order } from './order';

export class PriceLevel {
  head: Order | null = null;
  tail: Order | null = null;
  /** Sum of remaining lots. */
  total = 0;
  count = 0;
  /** Neighbours in ascending price order across the side. */
  lower: PriceLevel | null = null;
  higher: PriceLevel | null = null;
  /** AVL tree links, see price-tree.ts. */
  left: PriceLevel | null = null;
  right: PriceLevel | null = null;
  height = 1;
  /** Command number that last marked this level as changed (for book events). */
  touched = -1;
  /** Taken out of its price tree; a new level may now stand at this price. */
  dropped = false;

  constructor(
    public readonly side: Side,
    public readonly price: number,
  ) {}

  // Links are tested with `!== null`, not for truthiness: an object's truthiness is read from its
  // map, a load from the neighbour (often not in cache) that the branch has to wait for.
  append(order: Order): void {
    order.level = this;
    order.next = null;
    order.prev = this.tail;
    if (this.tail !== null) this.tail.next = order;
    else this.head = order;
    this.tail = order;
    this.total += order.remaining;
    this.count++;
  }

  remove(order: Order): void {
    if (order.prev !== null) order.prev.next = order.next;
    else this.head = order.next;
    if (order.next !== null) order.next.prev = order.prev;
    else this.tail = order.prev;
    order.prev = order.next = null;
    order.level = null;
    this.total -= order.remaining;
    this.count--;
  }
}
