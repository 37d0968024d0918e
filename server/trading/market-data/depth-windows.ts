import type { BookDiff } from '../market-relay';

/** The book diffs of one window merged: every level changed in it with the last quantity it got. */
export interface WindowDiff {
  symbol: string;
  firstUpdateId: number;
  lastUpdateId: number;
  bids: Array<[string, string]>;
  asks: Array<[string, string]>;
}

interface OpenWindow {
  firstUpdateId: number;
  lastUpdateId: number;
  bids: Map<string, string>;
  asks: Map<string, string>;
  timer: NodeJS.Timeout | null;
}

/**
 * The book diffs of each market merged over windows of `intervalMs` (Binance's "update speed"), so
 * a busy book costs one event per window, not one per round. What a window emits covers every update
 * id since the one before it, so consecutive emitted diffs stay contiguous:
 * - a window in which no level moved (rounds of refused orders) still emits, with no levels: a
 *   subscriber's book then reaches the id a depth read answers, and can tell it is up to date;
 * - a diff that does not continue the last one seen (the bus lost one during a Redis outage) closes
 *   the open window at once and starts a new one at its own first id: a subscriber sees the gap and
 *   fetches a snapshot again, which is all it can do;
 * - a diff already covered (a message retried late) is dropped.
 */
export class DepthWindows {
  private readonly windows = new Map<string, OpenWindow>();
  private readonly lastSeen = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly emit: (diff: WindowDiff) => void,
  ) {}

  add(diff: BookDiff): void {
    const { symbol } = diff;
    const seen = this.lastSeen.get(symbol);
    if (seen !== undefined && diff.lastUpdateId <= seen) return;
    this.lastSeen.set(symbol, diff.lastUpdateId);
    let window = this.windows.get(symbol);
    if (window && diff.firstUpdateId !== window.lastUpdateId + 1) {
      this.close(symbol, window);
      window = undefined;
    }
    if (!window) {
      window = { firstUpdateId: diff.firstUpdateId, lastUpdateId: 0, bids: new Map(), asks: new Map(), timer: null };
      this.windows.set(symbol, window);
    }
    window.lastUpdateId = diff.lastUpdateId;
    for (const [price, quantity] of diff.bids) window.bids.set(price, quantity);
    for (const [price, quantity] of diff.asks) window.asks.set(price, quantity);
    if (window.timer === null) {
      const open = window;
      open.timer = setTimeout(() => this.close(symbol, open), this.intervalMs);
    }
  }

  stop(): void {
    for (const window of this.windows.values()) if (window.timer) clearTimeout(window.timer);
    this.windows.clear();
  }

  private close(symbol: string, window: OpenWindow): void {
    if (window.timer) clearTimeout(window.timer);
    this.windows.delete(symbol);
    this.emit({
      symbol,
      firstUpdateId: window.firstUpdateId,
      lastUpdateId: window.lastUpdateId,
      bids: [...window.bids],
      asks: [...window.asks],
    });
  }
}
