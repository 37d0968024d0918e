import Decimal from 'decimal.js';

/** A diff event as the market streams send it (Binance's depthUpdate: U, u, b, a). */
export interface DepthUpdate {
  U: number;
  u: number;
  b: Array<[string, string]>;
  a: Array<[string, string]>;
}

/** A depth snapshot: /api/v3/depth's fields (prices and quantities as strings or numbers). */
export interface DepthSnapshot {
  lastUpdateId: number;
  bids: Array<[string | number, string | number]>;
  asks: Array<[string | number, string | number]>;
}

type Side = Map<string, Decimal>;

/**
 * A local order book kept as Binance documents it ("How to manage a local order book correctly"),
 * written as an independent client would write it, to check the server against:
 * 1. buffer the stream's events; 2. fetch a snapshot, again if it is older than the first buffered
 * event; 3. drop the buffered events it already covers (u <= lastUpdateId); 4. the first event
 * applied must cover lastUpdateId + 1; 5. each later event must start right after the one before
 * (U = previous u + 1), else events were lost: start again from step 1 with a fresh snapshot.
 * Prices are compared as decimals, so a snapshot of numbers and events of strings meet.
 */
export class LocalOrderBook {
  private bids: Side = new Map();
  private asks: Side = new Map();
  /** The update id the book is as of; null while waiting for a snapshot. */
  lastUpdateId: number | null = null;
  /** Snapshots fetched because events were missing (the first one is not counted). */
  resyncs = 0;
  private buffered: DepthUpdate[] = [];
  /** The next event applied is the first after a snapshot: it may start at or before lastUpdateId + 1. */
  private fromSnapshot = false;
  private syncing: Promise<void> | null = null;
  private snapshots = 0;

  constructor(private readonly fetchSnapshot: () => Promise<DepthSnapshot>) {}

  /** Starts (or restarts) from a snapshot; events meanwhile are buffered. Resolves once in sync. */
  sync(): Promise<void> {
    this.syncing ??= this.load().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  onEvent(event: DepthUpdate): void {
    if (this.lastUpdateId === null) {
      this.buffered.push(event);
      return;
    }
    this.apply(event);
  }

  /** Up to `limit` levels a side, best first, as [price, quantity] decimal strings. */
  depth(limit: number): { bids: string[][]; asks: string[][] } {
    const side = (levels: Side, descending: boolean) =>
      [...levels]
        .sort(([a], [b]) => (descending ? new Decimal(b).cmp(a) : new Decimal(a).cmp(b)))
        .slice(0, limit)
        .map(([price, quantity]) => [price, quantity.toFixed()]);
    return { bids: side(this.bids, true), asks: side(this.asks, false) };
  }

  private async load() {
    for (;;) {
      const snapshot = await this.fetchSnapshot();
      if (this.snapshots++ > 0) this.resyncs++;
      const first = this.buffered[0];
      if (first && snapshot.lastUpdateId < first.U - 1) continue; // older than the stream: fetch again
      this.bids = levels(snapshot.bids);
      this.asks = levels(snapshot.asks);
      this.lastUpdateId = snapshot.lastUpdateId;
      this.fromSnapshot = true;
      for (const event of this.buffered.splice(0)) if (!this.apply(event)) return; // a gap: apply() started again
      return;
    }
  }

  /** Applies an event in sequence; on a gap, drops the book and starts again (false). */
  private apply(event: DepthUpdate): boolean {
    const next = this.lastUpdateId! + 1;
    if (event.u < next) return true; // already covered
    const inSequence = this.fromSnapshot ? event.U <= next : event.U === next;
    if (!inSequence) {
      this.lastUpdateId = null;
      this.buffered = [event];
      void this.sync();
      return false;
    }
    for (const [price, quantity] of event.b) set(this.bids, price, quantity);
    for (const [price, quantity] of event.a) set(this.asks, price, quantity);
    this.lastUpdateId = event.u;
    this.fromSnapshot = false;
    return true;
  }
}

const key = (price: string | number) => new Decimal(price).toFixed();

function set(side: Side, price: string, quantity: string) {
  const amount = new Decimal(quantity);
  if (amount.isZero()) side.delete(key(price));
  else side.set(key(price), amount);
}

function levels(list: Array<[string | number, string | number]>): Side {
  return new Map(list.map(([price, quantity]) => [key(price), new Decimal(quantity)]));
}
