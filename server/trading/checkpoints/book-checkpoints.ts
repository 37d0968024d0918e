import type { DataSource, EntityManager } from 'typeorm';
import { stateHash, type BookSnapshot, type MarketSpec, type OrderBook } from '../../../engine';
import type { Logger } from '../../platform/logger/logger';
import { emptiedUnder } from '../books/book-rules';
import { OPEN_STATUSES } from '../books/live-order';
import type { MarketState } from '../books/market-state';
import { refuseTrading } from '../orders/refusals';

/** How often a book's running state hash is recorded for recovery to check against, at most. */
const HASH_CHECKPOINT_MS = 1000;
/**
 * Hashing a deep book takes milliseconds (tens with tens of thousands of resting orders), inside a
 * round, so it holds up that round's orders: the checkpoints are spaced at least this many times
 * what the last hash of the book took.
 */
const HASH_COST_RATIO = 200;
/** Commands between two snapshots of a book (recovery replays at most this many). */
const SNAPSHOT_EVERY = 100_000;

/**
 * SQL, after an INSERT INTO book_states: an older checkpoint never replaces a newer one. One of the
 * same command replaces it: the book restarted under new rules there (see restart).
 */
export const KEEP_NEWEST_STATE_HASH = `ON CONFLICT (symbol) DO UPDATE SET seq = EXCLUDED.seq, state_hash = EXCLUDED.state_hash, updated_at = now()
  WHERE book_states.seq <= EXCLUDED.seq`;

/**
 * What recovery starts from and checks against, for one book: its state hash, recorded with a
 * round now and then (book_states), and its snapshot every SNAPSHOT_EVERY commands and at stop
 * (book_snapshots), written beside the running rounds.
 */
export class BookCheckpoints {
  private lastHashAt = 0;
  private hashEveryMs = HASH_CHECKPOINT_MS;
  private snapshotWrite: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
  ) {}

  /** The book's running hash, when a round that logs commands at `now` should record one; null otherwise. */
  hashIfDue(state: MarketState, now: number, logsCommands: boolean): string | null {
    if (!logsCommands || now - this.lastHashAt < this.hashEveryMs) return null;
    const started = performance.now();
    const hash = state.book.stateHash();
    this.lastHashAt = now;
    this.hashEveryMs = Math.max(HASH_CHECKPOINT_MS, HASH_COST_RATIO * (performance.now() - started));
    return hash;
  }

  snapshotDue(state: MarketState): boolean {
    return state.commandSeq - state.snapshotSeq >= SNAPSHOT_EVERY;
  }

  /**
   * Snapshots the book as it is now (right after a commit) and writes it beside the running
   * rounds, so a large book does not hold up the orders queued behind it.
   */
  snapshot(state: MarketState): Promise<void> {
    const { market, book, commandSeq } = state;
    if (commandSeq === state.snapshotSeq) return this.snapshotWrite;
    let snapshot: BookSnapshot;
    try {
      snapshot = book.snapshot();
    } catch (error) {
      this.logger.error({ error, symbol: market.symbol }, 'book snapshot failed');
      return this.snapshotWrite;
    }
    state.snapshotSeq = commandSeq;
    this.snapshotWrite = this.snapshotWrite.then(() =>
      this.dataSource
        .transaction((manager) => writeSnapshot(manager, market.symbol, commandSeq, snapshot))
        .catch((error: unknown) => this.logger.error({ error, symbol: market.symbol }, 'book snapshot failed')),
    );
    return this.snapshotWrite;
  }

  /**
   * The empty book under the rules `record` writes, in the transaction that also writes that book's
   * snapshot at the last command: recovery starts from it and never replays a command counted in
   * the old ticks and lots into a book of the new. Refused while an order is open on the book.
   */
  async restart(state: MarketState, record: (manager: EntityManager) => Promise<MarketSpec>): Promise<OrderBook> {
    const { market, commandSeq } = state;
    // A snapshot still being written is of the book under the old rules, at this command or before.
    await this.snapshotWrite;
    return this.dataSource.transaction(async (manager) => {
      const spec = await record(manager);
      const open = await manager.query(
        'SELECT 1 FROM orders WHERE symbol = $1 AND status = ANY($2::varchar[]) LIMIT 1',
        [market.symbol, OPEN_STATUSES],
      );
      if (open.length > 0) throw refuseTrading('book-not-empty');
      const book = emptiedUnder(state.book, spec);
      await writeSnapshot(manager, market.symbol, commandSeq, book.snapshot());
      return book;
    });
  }
}

/** The book's snapshot after command `seq`, replacing any older (the command log keeps the full history), with its hash. */
async function writeSnapshot(manager: EntityManager, symbol: string, seq: number, snapshot: BookSnapshot) {
  await manager.query(
    `INSERT INTO book_snapshots (symbol, seq, snapshot) VALUES ($1, $2, $3)
       ON CONFLICT (symbol, seq) DO UPDATE SET snapshot = EXCLUDED.snapshot, created_at = now()`,
    [symbol, seq, snapshot],
  );
  await manager.query('DELETE FROM book_snapshots WHERE symbol = $1 AND seq < $2', [symbol, seq]);
  await recordStateHash(manager, symbol, seq, stateHash(snapshot));
}

/** The book's hash after command `seq`, beside its snapshot. */
async function recordStateHash(manager: EntityManager, symbol: string, seq: number, hash: string): Promise<void> {
  await manager.query(
    `INSERT INTO book_states (symbol, seq, state_hash, updated_at) VALUES ($1, $2, $3, now()) ${KEEP_NEWEST_STATE_HASH}`,
    [symbol, seq, hash],
  );
}
