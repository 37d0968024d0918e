/**
 * The price levels of one side: an index price -> level for O(1) lookup (level-index.ts), an AVL
 * tree for O(log n) insert and remove, and the levels threaded in a sorted doubly linked list so
 * the best price, and the next one after it, are O(1).
 *
 * A level that empties stays as an empty placeholder, so an order moving back to that price costs
 * no tree work (the benchmark's moves do this all the time, at the best price too). The best level
 * is the best non-empty one: when it empties, the best moves to the next live level, and when it
 * passes more than a few placeholders on the way it removes them (a long walk is paid for once).
 * Placeholders are swept once they outnumber live levels 4 to 1, and when the side empties.
 */
import type { Side } from './commands';
import { LevelIndex } from './level-index';
import { PriceLevel } from './price-level';

function height(n: PriceLevel | null): number {
  return n !== null ? n.height : 0;
}

function update(n: PriceLevel): void {
  const l = height(n.left);
  const r = height(n.right);
  n.height = (l > r ? l : r) + 1;
}

function rotateRight(n: PriceLevel): PriceLevel {
  const l = n.left as PriceLevel;
  n.left = l.right;
  l.right = n;
  update(n);
  update(l);
  return l;
}

function rotateLeft(n: PriceLevel): PriceLevel {
  const r = n.right as PriceLevel;
  n.right = r.left;
  r.left = n;
  update(n);
  update(r);
  return r;
}

function balance(n: PriceLevel): PriceLevel {
  update(n);
  const b = height(n.left) - height(n.right);
  if (b > 1) {
    const l = n.left as PriceLevel;
    if (height(l.left) < height(l.right)) n.left = rotateLeft(l);
    return rotateRight(n);
  }
  if (b < -1) {
    const r = n.right as PriceLevel;
    if (height(r.right) < height(r.left)) n.right = rotateRight(r);
    return rotateLeft(n);
  }
  return n;
}

function insertNode(root: PriceLevel | null, level: PriceLevel): PriceLevel {
  if (root === null) return level;
  if (level.price < root.price) root.left = insertNode(root.left, level);
  else root.right = insertNode(root.right, level);
  return balance(root);
}

function removeMin(root: PriceLevel): PriceLevel | null {
  if (root.left === null) return root.right;
  root.left = removeMin(root.left);
  return balance(root);
}

function removeNode(root: PriceLevel | null, price: number): PriceLevel | null {
  if (root === null) return null;
  if (price < root.price) root.left = removeNode(root.left, price);
  else if (price > root.price) root.right = removeNode(root.right, price);
  else {
    const { left, right } = root;
    root.left = root.right = null;
    root.height = 1;
    if (right === null) return left;
    let min = right;
    while (min.left !== null) min = min.left;
    min.right = removeMin(right);
    min.left = left;
    return balance(min);
  }
  return balance(root);
}

/** Placeholders the best price may pass when it moves; a longer walk removes the ones it passed. */
const SHORT_WALK = 8;

export class PriceTree {
  readonly byPrice = new LevelIndex();
  private root: PriceLevel | null = null;
  lowest: PriceLevel | null = null;
  highest: PriceLevel | null = null;
  /** Best non-empty level: highest bid or lowest ask. */
  private top: PriceLevel | null = null;
  private placeholders = 0;

  /** Bids (and sell stops) put the highest price first; asks (and buy stops) the lowest. */
  constructor(
    readonly side: Side,
    private readonly highestFirst = side === 'buy',
  ) {}

  /** Best non-empty level: highest bid or lowest ask. */
  get best(): PriceLevel | null {
    return this.top;
  }

  /** The level after `level` going away from the best price. */
  worse(level: PriceLevel): PriceLevel | null {
    return this.highestFirst ? level.lower : level.higher;
  }

  /** The next non-empty level after `level` going away from the best price. */
  nextLive(level: PriceLevel): PriceLevel | null {
    let l = this.worse(level);
    while (l !== null && l.count === 0) l = this.worse(l);
    return l;
  }

  /** The level at `price` for an order about to be appended to it. */
  getOrCreate(price: number): PriceLevel {
    let level = this.byPrice.get(price);
    if (level !== undefined) {
      if (level.count === 0) this.placeholders--;
    } else {
      level = this.create(price);
    }
    const top = this.top;
    if (top === null || (this.highestFirst ? price > top.price : price < top.price)) this.top = level;
    return level;
  }

  private create(price: number): PriceLevel {
    const level = new PriceLevel(this.side, price);
    // Find neighbours on the way down, then insert.
    let lower: PriceLevel | null = null;
    let higher: PriceLevel | null = null;
    let n = this.root;
    while (n !== null) {
      if (price < n.price) {
        higher = n;
        n = n.left;
      } else {
        lower = n;
        n = n.right;
      }
    }
    level.lower = lower;
    level.higher = higher;
    if (lower !== null) lower.higher = level;
    else this.lowest = level;
    if (higher !== null) higher.lower = level;
    else this.highest = level;
    this.root = insertNode(this.root, level);
    this.byPrice.set(price, level);
    return level;
  }

  /** A level has just lost its last order. */
  dropEmpty(level: PriceLevel): void {
    this.placeholders++;
    if (level === this.top) {
      let next = this.worse(level);
      let passed = 0;
      for (; next !== null && next.count === 0; next = this.worse(next)) passed++;
      if (passed > SHORT_WALK) this.removeBetween(level, next);
      this.top = next;
      if (next === null) return this.sweep();
    }
    if (this.placeholders > 2048 && this.placeholders > 4 * (this.byPrice.size - this.placeholders)) this.sweep();
  }

  /** Removes the placeholders strictly between `from` and `to` (null: to the end of the side). */
  private removeBetween(from: PriceLevel, to: PriceLevel | null): void {
    for (let l = this.worse(from); l !== to && l !== null;) {
      const next = this.worse(l);
      this.remove(l);
      this.placeholders--;
      l = next;
    }
  }

  private sweep(): void {
    for (let l = this.lowest; l !== null;) {
      const next: PriceLevel | null = l.higher;
      if (l.count === 0) this.remove(l);
      l = next;
    }
    this.placeholders = 0;
  }

  private remove(level: PriceLevel): void {
    if (level.lower !== null) level.lower.higher = level.higher;
    else this.lowest = level.higher;
    if (level.higher !== null) level.higher.lower = level.lower;
    else this.highest = level.lower;
    level.lower = level.higher = null;
    level.dropped = true;
    this.root = removeNode(this.root, level.price);
    this.byPrice.delete(level.price);
  }
}
