/**
 * A 64-bit fingerprint of a book's state, so a replay can prove it reached the state that was
 * running. Two independent 32-bit lanes fed word by word, field by field (the header, then every
 * resting order in book order, then every waiting stop, then every open order list), never through a JSON text: a running book
 * is hashed on the matching thread, inside a round, and the JSON of tens of thousands of resting
 * orders took tens of milliseconds to make and read. Not cryptographic, only a cheap equality
 * witness. The hash carries its version (`3:`), so a hash an earlier version recorded is told apart
 * instead of failing the comparison.
 */
import type { MarketSpec } from './market-spec';
import type { ListRecord, OrderRecord } from './snapshot';

/** 3 since order lists, icebergs and trailing stops. */
const VERSION = '3';

/** What the hash covers: a snapshot has it, and so does a running book without copying its orders. */
export interface HashedState {
  spec: MarketSpec;
  seq: number;
  priority: number;
  lastPrice: number | null;
  orders: Iterable<OrderRecord>;
  stops: Iterable<OrderRecord>;
  /** Absent from a version 1 snapshot: no lists. */
  lists?: Iterable<ListRecord>;
}

export function stateHash(state: HashedState): string {
  const fp = new Fingerprint();
  fp.text(state.spec.symbol);
  fp.text(state.spec.tickSize);
  fp.text(state.spec.lotSize);
  fp.text(state.spec.minNotional);
  fp.number(state.seq);
  fp.number(state.priority);
  if (state.lastPrice === null) fp.word(0);
  else {
    fp.word(1);
    fp.number(state.lastPrice);
  }
  for (const order of state.orders) fp.order(order);
  // Between the two lists, so an order cannot move from one to the other unseen.
  fp.word(0x5f0b5);
  for (const order of state.stops) fp.order(order);
  fp.word(0x11575);
  for (const list of state.lists ?? []) fp.list(list);
  return `${VERSION}:${fp.digest()}`;
}

/** Whether `hash` was made by this version's stateHash (else it cannot be compared with one). */
export const isCurrentStateHash = (hash: string): boolean => hash.startsWith(`${VERSION}:`);

// A number's eight bytes as two 32-bit words, so every double (not only the integers) is told apart.
const float = new Float64Array(1);
const words = new Uint32Array(float.buffer);
const FLOAT_MARK = 0x7ff1f00d;

class Fingerprint {
  // Kept as 32-bit integers (`| 0`): a field that starts as a larger number is stored as a double, each write boxed.
  private h1 = 0x811c9dc5 | 0;
  private h2 = 0x5bd1e995 | 0;
  private length = 0;

  order(o: OrderRecord): void {
    this.text(o.id);
    this.text(o.userId);
    this.text(o.side);
    this.text(o.orderType);
    this.number(o.price);
    this.number(o.stopPrice);
    this.number(o.quantity);
    this.number(o.remaining);
    this.word(o.byQuote ? 1 : 0);
    this.number(o.quoteAmount);
    this.text(o.timeInForce);
    this.word(o.postOnly ? 1 : 0);
    this.text(o.stp);
    this.number(o.makerFeePpm);
    this.number(o.takerFeePpm);
    this.number(o.timestamp);
    this.number(o.priority);
    this.number(o.icebergQty);
    this.number(o.hidden);
    this.number(o.trailingDelta);
    this.number(o.trailPeak);
  }

  list(l: ListRecord): void {
    this.text(l.id);
    this.text(l.userId);
    this.text(l.kind);
    this.word(l.orderIds.length);
    l.orderIds.forEach((id, i) => {
      this.text(id);
      this.word(l.open[i] ? 1 : 0);
    });
    this.word(l.pending.length);
    for (const order of l.pending) this.order(order);
  }

  /** Its length first, so "ab","c" and "a","bc" differ; then two UTF-16 units per word. */
  text(s: string): void {
    const n = s.length;
    this.word(n);
    let i = 0;
    for (; i + 1 < n; i += 2) this.word(s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16));
    if (i < n) this.word(s.charCodeAt(i));
  }

  /**
   * A 32-bit integer as one word (-0 as 0: a snapshot's JSON has no -0, and the book restored from
   * it must hash the same); any other number, and the marker itself, as the marker and its eight bytes.
   */
  number(n: number): void {
    if ((n | 0) === n && n !== FLOAT_MARK) {
      this.word(n | 0);
      return;
    }
    float[0] = n;
    this.word(FLOAT_MARK);
    this.word(words[0]!);
    this.word(words[1]!);
  }

  /** One multiply-and-shift per lane (the shifts bring the high bits down, which a multiply alone never does). */
  word(w: number): void {
    const h1 = Math.imul(this.h1 ^ w, 0x9e3779b1);
    this.h1 = h1 ^ (h1 >>> 15);
    const h2 = Math.imul(this.h2 + w, 0x85ebca6b);
    this.h2 = h2 ^ (h2 >>> 13);
    this.length++;
  }

  /** murmur3's finalizer on each lane, the word count folded in. */
  digest(): string {
    const mix = (h: number) => {
      h ^= this.length;
      h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
      h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
      return (h ^ (h >>> 16)) >>> 0;
    };
    return mix(this.h1).toString(16).padStart(8, '0') + mix(this.h2).toString(16).padStart(8, '0');
  }
}
