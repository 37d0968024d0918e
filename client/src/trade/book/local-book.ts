/**
 * The trade screen's copy of one order book, kept exact from a depth snapshot and the market
 * room's depth updates, the way Binance documents it for its streams: updates that come before
 * the snapshot is in are buffered; those it already covers are dropped; the first applied must
 * cover the update after the snapshot's `last_update_id`, and each next one must start right after
 * the one before. Anything else means updates were lost: the book asks for a fresh snapshot.
 */
import type { Depth, DepthUpdate, Level } from '../../api/types';

export type BookSides = { bids: Level[]; asks: Level[] };

/** Updates kept while waiting for a snapshot: minutes of a busy book. */
const MAX_BUFFERED = 1000;

export class LocalBook {
  private bids = new Map<number, number>();
  private asks = new Map<number, number>();
  /** The update id the book is as of; null until a snapshot that carries one is in. */
  private lastUpdateId: number | null = null;
  /** The next update applied is the first after a snapshot: it may start at or before lastUpdateId + 1. */
  private fromSnapshot = false;
  private buffered: DepthUpdate[] = [];

  get updateId(): number | null {
    return this.lastUpdateId;
  }

  /** Takes a snapshot, then the updates buffered meanwhile; false if they do not continue it (fetch another). */
  reset(snapshot: Depth): boolean {
    this.bids = new Map(snapshot.bids);
    this.asks = new Map(snapshot.asks);
    // The public exchange's fallback depth carries no id: shown as it is, and replaced by our next snapshot.
    this.lastUpdateId = snapshot.last_update_id ?? null;
    this.fromSnapshot = true;
    const buffered = this.buffered.splice(0);
    return this.lastUpdateId === null || buffered.every((update) => this.update(update));
  }

  /** Applies (or buffers) one update; false when it shows updates were lost: fetch a fresh snapshot. */
  update(update: DepthUpdate): boolean {
    if (this.lastUpdateId === null) {
      // Bounded: while no usable snapshot comes, the oldest go (a snapshot older than what is kept is fetched again).
      if (this.buffered.push(update) > MAX_BUFFERED) this.buffered.shift();
      return true;
    }
    const next = this.lastUpdateId + 1;
    if (update.last_update_id < next) return true;
    const continues = this.fromSnapshot ? update.first_update_id <= next : update.first_update_id === next;
    if (!continues) {
      this.lastUpdateId = null;
      this.buffered = [update];
      return false;
    }
    for (const [price, quantity] of update.bids) set(this.bids, price, quantity);
    for (const [price, quantity] of update.asks) set(this.asks, price, quantity);
    this.lastUpdateId = update.last_update_id;
    this.fromSnapshot = false;
    return true;
  }

  /** The best `rows` levels a side, best first. */
  top(rows: number): BookSides {
    const side = (levels: Map<number, number>, descending: boolean): Level[] =>
      [...levels]
        .sort(([a], [b]) => (descending ? b - a : a - b))
        .slice(0, rows)
        .map(([price, quantity]) => [price, quantity]);
    return { bids: side(this.bids, true), asks: side(this.asks, false) };
  }
}

function set(side: Map<number, number>, price: number, quantity: number) {
  if (quantity === 0) side.delete(price);
  else side.set(price, quantity);
}
