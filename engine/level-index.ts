/**
 * Price -> level lookup for one side of a book: an array over a window of ticks, where a book's
 * prices are dense (around the best price), and a Map for the prices outside it. An array slot is
 * one load where a Map lookup hashes and probes; moves of resting orders look a level up on every
 * command.
 *
 * The window is placed around the first price stored. When prices drift away from it (stores
 * outside the window outnumber the levels held since it was placed), it is placed again around
 * the price being stored: a rebuild of O(window + levels), paid for by those stores.
 */
import type { PriceLevel } from './price-level';

/** Slots in the window (ticks), half below and half above the price it is placed around. */
export const WINDOW = 4096;
/** Stores outside the window tolerated before it moves, however few levels there are. */
const MIN_OUTSIDE_STORES = 64;

export class LevelIndex {
  private slots: Array<PriceLevel | undefined> = [];
  /** Price of slots[0]. */
  private base = 0;
  private readonly outside = new Map<number, PriceLevel>();
  private outsideStores = 0;
  size = 0;

  get(price: number): PriceLevel | undefined {
    const i = price - this.base;
    if (i >= 0 && i < this.slots.length) return this.slots[i];
    return this.outside.size === 0 ? undefined : this.outside.get(price);
  }

  /** Stores the level of a price not held yet. */
  set(price: number, level: PriceLevel): void {
    this.size++;
    if (this.slots.length === 0) this.place(price);
    const i = price - this.base;
    if (i >= 0 && i < WINDOW) {
      this.slots[i] = level;
      return;
    }
    this.outside.set(price, level);
    if (++this.outsideStores > MIN_OUTSIDE_STORES && this.outsideStores > this.size) this.rebuild(price);
  }

  delete(price: number): void {
    const i = price - this.base;
    if (i >= 0 && i < this.slots.length) {
      if (this.slots[i] === undefined) return;
      this.slots[i] = undefined;
    } else if (!this.outside.delete(price)) {
      return;
    }
    this.size--;
  }

  private place(price: number): void {
    this.base = price - WINDOW / 2;
    this.slots = new Array<PriceLevel | undefined>(WINDOW).fill(undefined);
    this.outsideStores = 0;
  }

  /** Places the window around `price` and stores every level again. */
  private rebuild(price: number): void {
    const levels: PriceLevel[] = [...this.outside.values()];
    for (const level of this.slots) if (level !== undefined) levels.push(level);
    this.outside.clear();
    this.place(price);
    for (const level of levels) {
      const i = level.price - this.base;
      if (i >= 0 && i < WINDOW) this.slots[i] = level;
      else this.outside.set(level.price, level);
    }
  }
}
