import type { OrderBook } from '../../../engine';
import type { BookMarket } from '../../markets/catalog';
import type { LiveList } from './live-list';
import type { LiveOrder } from './live-order';

/**
 * Everything the sequencer of one symbol owns in memory: the engine's book, the open orders with
 * their holds and their lists, and the next sequence numbers. Rebuilt from the database on start and after a
 * failed commit (see recovery.ts).
 */
export interface MarketState {
  market: BookMarket;
  book: OrderBook;
  open: Map<string, LiveOrder>;
  /** The open order lists, by id. */
  lists: Map<number, LiveList>;
  /** Last command sequence number written to the command log. */
  commandSeq: number;
  /** Last trade sequence number. */
  tradeSeq: number;
  /** Last prevented match's number (a self-trade prevention stopped it). */
  preventedMatchSeq: number;
  /** Command sequence number of the latest snapshot. */
  snapshotSeq: number;
}
