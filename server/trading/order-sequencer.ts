import type { DataSource, EntityManager } from 'typeorm';
import { stateHash } from '../../engine';
import type { UsdBalance } from '../accounts/balance-events';
import { HttpError } from '../http/errors';
import { InsufficientFundsError } from '../ledger/ledger';
import type { Logger } from '../logger';
import { USD } from '../markets/catalog';
import { BalanceSheet } from './balance-sheet';
import { recordStateHash, writePostings, writeRows, type MarketBatch } from './batch-writer';
import type { FeeRates } from './funds-hold';
import type { MarketState } from './market-state';
import { emptyEffects, OrderExecution, type Outcome, type Submission, type Trader } from './order-execution';
import { recoverMarket } from './recovery';
import { roundTransaction, type CommitAfter } from './round-transaction';

/** Commands of one symbol in one commit at most; what waits beyond goes in the next. */
const MAX_BATCH = 512;
/** How often each book's running state hash is recorded for recovery to check against, at most. */
const HASH_CHECKPOINT_MS = 1000;
/**
 * Hashing a deep book takes milliseconds (tens with tens of thousands of resting orders), inside a
 * round, so it holds up that round's orders: the checkpoints are spaced at least this many times
 * what the last hash of the book took.
 */
const HASH_COST_RATIO = 200;
/** Commands between two snapshots of a book (recovery replays at most this many). */
const SNAPSHOT_EVERY = 100_000;

interface Pending {
  submission: Submission;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

/** One symbol: its state (owned here), its queue of commands in arrival order. */
interface MarketLine {
  state: MarketState;
  queue: Pending[];
  /** The state may hold a batch that did not commit. */
  stale: boolean;
  lastHashAt: number;
  hashEveryMs: number;
  snapshotWrite: Promise<void>;
}

type Round = Array<{ line: MarketLine; pending: Pending[] }>;

/** What is reported after each commit, for the notifications: per market, and the new USD balances. */
export interface CommittedRound {
  markets: MarketBatch[];
  balances: UsdBalance[];
}

/**
 * Applies each symbol's commands in arrival order to that symbol's book, and commits them in
 * groups: whatever is waiting, on every symbol, when the previous commit ends forms the next
 * round: each command applied to its engine book in turn, all rows, postings and command-log
 * entries written in ONE transaction, and only after it commits is any caller answered. One
 * writer for all symbols: a round locks its order placers' accounts first and counterparties'
 * later, so two concurrent writers could deadlock on the same two accounts. If the transaction
 * fails, the symbols' in-memory states are rebuilt from the database (the round never happened)
 * and its commands are retried one by one, so a single bad command fails alone.
 */
export class OrderSequencer {
  private readonly lines = new Map<string, MarketLine>();
  private draining: Promise<void> | null = null;

  constructor(
    states: MarketState[],
    private readonly dataSource: DataSource,
    private readonly fees: FeeRates,
    private readonly logger: Logger,
    private readonly onCommit: (round: CommittedRound) => void,
  ) {
    for (const state of states) this.lines.set(state.market.symbol, { state, queue: [], stale: false, lastHashAt: 0, hashEveryMs: HASH_CHECKPOINT_MS, snapshotWrite: Promise.resolve() });
  }

  /** The symbol's current in-memory state (its book answers depth and last price). */
  state(symbol: string): MarketState | undefined {
    return this.lines.get(symbol)?.state;
  }

  submit(symbol: string, submission: Submission): Promise<Outcome> {
    const line = this.lines.get(symbol);
    if (!line) return Promise.reject(new Error(`no order book for ${symbol}`));
    return new Promise((resolve, reject) => {
      line.queue.push({ submission, resolve, reject });
      this.draining ??= this.drain().finally(() => {
        this.draining = null;
      });
    });
  }

  /** Waits for the queues to empty, then snapshots every book so the next start replays nothing. */
  async stop(): Promise<void> {
    while (this.draining) await this.draining;
    await Promise.all([...this.lines.values()].map((line) => this.snapshot(line)));
  }

  private async drain() {
    for (;;) {
      const round: Round = [];
      for (const line of this.lines.values()) if (line.queue.length > 0) round.push({ line, pending: line.queue.splice(0, MAX_BATCH) });
      if (round.length === 0) return;
      await this.commit(round);
    }
  }

  private async commit(round: Round): Promise<void> {
    let committed: { outcomes: Outcome[][]; result: CommittedRound };
    try {
      for (const { line } of round) if (line.stale) await this.recover(line);
      committed = await roundTransaction(this.dataSource, (manager, commitAfter) => this.execute(manager, round, commitAfter));
    } catch (error) {
      return this.retry(round, error);
    }
    round.forEach(({ pending }, i) => pending.forEach((p, j) => p.resolve(committed.outcomes[i]![j]!)));
    this.onCommit(committed.result);
    for (const { line } of round) if (line.state.commandSeq - line.state.snapshotSeq >= SNAPSHOT_EVERY) void this.snapshot(line);
  }

  /** The round never happened: rebuild its books from the database, then give each command its own chance. */
  private async retry(round: Round, error: unknown): Promise<void> {
    for (const { line } of round) line.stale = true;
    const all = round.flatMap(({ line, pending }) => pending.map((p) => ({ line, p })));
    try {
      for (const { line } of round) await this.recover(line);
    } catch (recoveryError) {
      for (const { p } of all) p.reject(recoveryError);
      return;
    }
    if (all.length > 1) {
      this.logger.warn({ size: all.length, error }, 'order batch failed; retrying its commands one by one');
      for (const { line, p } of all) await this.commit([{ line, pending: [p] }]);
    } else if (error instanceof InsufficientFundsError) {
      all[0]!.p.resolve({ ok: false, error: new HttpError(400, 'Insufficient balance') });
    } else {
      all[0]!.p.reject(error);
    }
  }

  private async recover(line: MarketLine) {
    line.state = await recoverMarket(this.dataSource, line.state.market, this.logger);
    line.stale = false;
  }

  private async execute(manager: EntityManager, round: Round, commitAfter: CommitAfter) {
    const placers = [...new Set(round.flatMap(({ pending }) => pending.filter((p) => p.submission.kind === 'place').map((p) => p.submission.userId)))];
    const assets = [USD, ...round.map(({ line }) => line.state.market.base)];
    const { traders, sheet } = await lockPlacers(manager, placers, assets);
    const now = Date.now();
    const markets: MarketBatch[] = [];
    const outcomes = round.map(({ line, pending }) => {
      const effects = emptyEffects();
      const execution = new OrderExecution(line.state, sheet, traders, this.fees, effects);
      const results = pending.map((p) => execution.run(p.submission, now));
      const hashDue = now - line.lastHashAt >= line.hashEveryMs && effects.commands.length > 0;
      markets.push({ state: line.state, effects, stateHash: hashDue ? this.checkpointHash(line, now) : null });
      return results;
    });
    await writePostings(manager, markets);
    const balances = await commitAfter(writeRows(manager, markets));
    return { outcomes, result: { markets, balances } };
  }

  private checkpointHash(line: MarketLine, now: number): string {
    const started = performance.now();
    const hash = line.state.book.stateHash();
    line.lastHashAt = now;
    line.hashEveryMs = Math.max(HASH_CHECKPOINT_MS, HASH_COST_RATIO * (performance.now() - started));
    return hash;
  }

  /**
   * Snapshots the book as it is now (right after a commit) and writes it beside the running
   * rounds, so a large book does not hold up the orders queued behind it.
   */
  private snapshot(line: MarketLine): Promise<void> {
    const { market, book, commandSeq } = line.state;
    if (commandSeq === line.state.snapshotSeq) return line.snapshotWrite;
    line.state.snapshotSeq = commandSeq;
    const snapshot = book.snapshot();
    line.snapshotWrite = line.snapshotWrite.then(() =>
      this.dataSource
        .transaction(async (manager) => {
          await manager.query('INSERT INTO book_snapshots (symbol, seq, snapshot) VALUES ($1, $2, $3)', [market.symbol, commandSeq, snapshot]);
          // Recovery starts from the latest; the command log keeps the full history.
          await manager.query('DELETE FROM book_snapshots WHERE symbol = $1 AND seq < $2', [market.symbol, commandSeq]);
          await recordStateHash(manager, market.symbol, commandSeq, stateHash(snapshot));
        })
        .catch((error: unknown) => this.logger.error({ error, symbol: market.symbol }, 'book snapshot failed')),
    );
    return line.snapshotWrite;
  }
}

/**
 * Reads the order placers (a suspension or KYC change counts at once) and locks their accounts
 * for the whole round, in id order as the ledger does, reading what they can spend: one query.
 */
async function lockPlacers(manager: EntityManager, userIds: string[], assets: string[]) {
  const rows: Array<Trader & { id: string; asset: string | null; available: string | null }> =
    userIds.length === 0
      ? []
      : await manager.query(
          `WITH locked AS (
             SELECT user_id, asset, available FROM accounts
              WHERE user_id = ANY($1::uuid[]) AND asset = ANY($2::varchar[]) ORDER BY id FOR UPDATE)
           SELECT u.id, u.kyc_status, u.is_active, u.is_system, l.asset, l.available
             FROM users u LEFT JOIN locked l ON l.user_id = u.id WHERE u.id = ANY($1::uuid[])`,
          [userIds, assets],
        );
  const traders = new Map<string, Trader>(rows.map((row) => [row.id, row]));
  const balances = rows.flatMap((row) => (row.asset === null || row.available === null ? [] : [{ user_id: row.id, asset: row.asset, available: row.available }]));
  return { traders, sheet: new BalanceSheet(balances, userIds, assets) };
}
