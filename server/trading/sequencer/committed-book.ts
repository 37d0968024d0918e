import type { Depth, MarketSpec, OrderBook } from '../../../engine';

/**
 * What others may read of a book (depth, last price): as of its last commit, never a round still
 * being written. `lastUpdateId` is the book's update id it is as of: the sequence number of the
 * last command applied to it (its command log's, so it survives restarts and a hand-over to another
 * process), the id the published book diffs count in (see committed-rounds.ts).
 */
export interface CommittedBook {
  /** The rules its prices and quantities count in (ticks and lots). */
  spec: MarketSpec;
  depth: Depth;
  /** The levels a side `depth` was taken with: a side with fewer is the whole side. */
  levels: number;
  lastPrice: number | undefined;
  lastUpdateId: number;
  /**
   * The book with MAX_DEPTH levels a side, as of this view's commit or a later one (its own
   * lastUpdateId says which). Taken only when asked for: a round's view keeps MAX_LIST levels.
   */
  deepened(): Promise<CommittedBook>;
}

/** The book's public view as it is now, after the command numbered `lastUpdateId`: taken when what it holds has committed. */
export const committedView = (
  book: OrderBook,
  lastUpdateId: number,
  levels: number,
  deepened: () => Promise<CommittedBook>,
): CommittedBook => ({
  spec: book.spec,
  depth: book.depth(levels),
  levels,
  lastPrice: book.lastPrice,
  lastUpdateId,
  deepened,
});

/** Whether the view answers `levels` levels a side: it was taken with as many, or holds the whole book. */
export const holdsLevels = ({ depth, levels: taken }: CommittedBook, levels: number): boolean =>
  levels <= taken || (depth.bids.length < taken && depth.asks.length < taken);
