/**
 * The price levels of one side: an index price -> level for O(1) lookup (level-index.ts), an AVL
 * tree for O(log n) insert and remove, and the levels threaded in a sorted doubly linked list so
 * the best price, and the next one after it, are O(1).
 *
 * A level that empties away from the best price stays as an empty placeholder, so an order
 * moving back to that price costs no tree work (the benchmark's moves do this all the time).
 * The best level is never empty; placeholders are swept once they outnumber live levels 4 to 1.
 */
import type { Side } from './commands';
import { LevelIndex } from './level-index';
import { PriceLevel } from './price-level';

function height(n: PriceLevel | null): number {
  return n ? n.height : 0;
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
  if (!root) return level;
  if (level.price < root.price) root.left = insertNode(root.left, level);
  else root.right = insertNode(root.right, level);
  return balance(root);
}

function removeMin(root: PriceLevel): PriceLevel | null {
  if (!root.left) return root.right;
  root.left = removeMin(root.left);
  return balance(root);
}

function removeNode(root: PriceLevel | null, price: number): PriceLevel | null {
  if (!root) return null;
  if (price < root.price) root.left = removeNode(root.left, price);
  else if (price > root.price) root.right = removeNode(root.right, price);
  else {
    const { left, right } = root;
    root.left = root.right = null;
    root.height = 1;
    if (!right) return left;
    let min = right;
    while (min.left) min = min.left;
    min.right = removeMin(right);
    min.left = left;
    return balance(min);
  }
  return balance(root);
}

export class PriceTree {
  readonly byPrice = new LevelIndex();
  private root: PriceLevel | null = null;
  lowest: PriceLevel | null = null;
  highest: PriceLevel | null = null;
  private placeholders = 0;

  /** Bids (and sell stops) put the highest price first; asks (and buy stops) the lowest. */
  constructor(
    readonly side: Side,
    private readonly highestFirst = side === 'buy',
  ) {}

  /** Best level: highest bid or lowest ask. */
  get best(): PriceLevel | null {
    return this.highestFirst ? this.highest : this.lowest;
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
    const found = this.byPrice.get(price);
    if (found) {
      if (found.count === 0) this.placeholders--;
      return found;
    }
    const level = new PriceLevel(this.side, price);
    // Find neighbours on the way down, then insert.
    let lower: PriceLevel | null = null;
    let higher: PriceLevel | null = null;
    let n = this.root;
    while (n) {
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
    if (lower) lower.higher = level;
    else this.lowest = level;
    if (higher) higher.lower = level;
    else this.highest = level;
    this.root = insertNode(this.root, level);
    this.byPrice.set(price, level);
    return level;
  }

  /** A level has just lost its last order. */
  dropEmpty(level: PriceLevel): void {
    if (level === this.best) {
      this.remove(level);
      for (let b = this.best; b !== null && b.count === 0; b = this.best) {
        this.remove(b);
        this.placeholders--;
      }
      return;
    }
    this.placeholders++;
    if (this.placeholders > 2048 && this.placeholders > 4 * (this.byPrice.size - this.placeholders)) this.sweep();
  }

  private sweep(): void {
    for (let l = this.lowest; l !== null; ) {
      const next: PriceLevel | null = l.higher;
      if (l.count === 0) this.remove(l);
      l = next;
    }
    this.placeholders = 0;
  }

  private remove(level: PriceLevel): void {
    if (level.lower) level.lower.higher = level.higher;
    else this.lowest = level.higher;
    if (level.higher) level.higher.lower = level.lower;
    else this.highest = level.lower;
    level.lower = level.higher = null;
    level.dropped = true;
    this.root = removeNode(this.root, level.price);
    this.byPrice.delete(level.price);
  }
}
