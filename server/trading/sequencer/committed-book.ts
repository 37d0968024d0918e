import type { Depth, MarketSpec, OrderBook } from '../../../engine';
import { MAX_LIST } from '../read-limits';

/**
 * What others may read of a book (depth, last price): as of its last commit, never a round still
 * being written. `lastUpdateId` is the book's update id it is as of: the sequence number of the
 * last command applied to it (its command log's, so it survives restarts and a hand-over to another
 * process), the id the published book diffs count in (see trading-notifications.ts).
 */
export interface CommittedBook {
  /** The rules its prices and quantities count in (ticks and lots). */
  spec: MarketSpec;
  depth: Depth;
  lastPrice: number | undefined;
  lastUpdateId: number;
}

/** The book's public view as it is now, after the command numbered `lastUpdateId`: taken when what it holds has committed. */
export const committedView = (book: OrderBook, lastUpdateId: number): CommittedBook => ({
  spec: book.spec,
  depth: book.depth(MAX_LIST),
  lastPrice: book.lastPrice,
  lastUpdateId,
});
