import type { Depth, OrderBook } from '../../../engine';
import { MAX_LIST } from '../read-limits';

/** What others may read of a book (depth, last price): as of its last commit, never a round still being written. */
export interface CommittedBook {
  depth: Depth;
  lastPrice: number | undefined;
}

/** The book's public view as it is now: taken when what it holds has committed. */
export const committedView = (book: OrderBook): CommittedBook => ({
  depth: book.depth(MAX_LIST),
  lastPrice: book.lastPrice,
});
