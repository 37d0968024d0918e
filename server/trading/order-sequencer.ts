import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { stateHash } from '../../engine';
import type { UsdBalance } from '../accounts/balance-events';
import { statementRunner, type StatementRunner } from '../db/named-statement';
import { HttpError } from '../http/errors';
import { accountKeys, asInsufficientFunds, ensureAccounts, InsufficientFundsError, type Posting } from '../ledger/ledger';
import type { Logger } from '../logger';
import { USD } from '../markets/catalog';
import { BalanceSheet } from './balance-sheet';
import { recordStateHash, writeRound, type MarketBatch } from './batch-writer';
import type { FeeRates } from './funds-hold';
import type { MarketState } from './market-state';
import { emptyEffects, OrderExecution, type Outcome, type Submission, type Trader } from './order-execution';
import { orderRecord } from './order-views';
import { recoverMarket } from './recovery';

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

/** A round applied to the books in memory, ready to be written. */
interface ExecutedRound {
  now: Date;
  outcomes: Outcome[][];
  markets: MarketBatch[];
}

/** Why a chain of rounds stopped early: the round whose write failed, and what it had computed. */
interface FailedRound {
  round: Round;
  error: unknown;
  postings: Posting[];
}

/**
 * Applies each symbol's commands in arrival order to that symbol's book, and commits them in
 * groups: whatever is waiting, on every symbol, forms the next round: each command applied to its
 * engine book in turn, then all rows, postings and command-log entries written as ONE statement
 * (its own transaction), and only after it commits is any caller answered. Rounds run back to back
 * on one connection: the next round's read of its order placers is queued right behind the current
 * round's write, so PostgreSQL goes from one to the other without waiting for this process. One
 * writer for all symbols, so rounds never contend with each other. If a write fails, the symbols'
 * in-memory states are rebuilt from the database (the round never happened) and its commands are
 * retried one by one, so a single bad command fails alone.
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
    for (let round = this.takeRound(); round; round = this.takeRound()) await this.run(round, true);
  }

  /** Whatever waits on every symbol, in arrival order, MAX_BATCH per symbol at most; null when nothing does. */
  private takeRound(): Round | null {
    const round: Round = [];
    for (const line of this.lines.values()) if (line.queue.length > 0) round.push({ line, pending: line.queue.splice(0, MAX_BATCH) });
    return round.length > 0 ? round : null;
  }

  /** Commits `round` (and, when `chain`, the rounds that queue up meanwhile) on a connection of its own. */
  private async run(round: Round, chain: boolean): Promise<void> {
    let failed: FailedRound | null;
    try {
      for (const { line } of round) if (line.stale) await this.recover(line);
      const runner = this.dataSource.createQueryRunner();
      try {
        failed = await this.commitRounds(statementRunner(runner), round, chain);
      } finally {
        await runner.release();
      }
    } catch (error) {
      failed = { round, error, postings: [] };
    }
    if (failed) await this.retry(failed);
  }

  private async commitRounds(run: StatementRunner, first: Round, chain: boolean): Promise<FailedRound | null> {
    let round: Round | null = first;
    let placers = readPlacers(run, first);
    // A committed round's callers are answered once the next round's write is on its way, so that
    // PostgreSQL works on it while this process answers (the books are already past the commit).
    let answerCommitted = () => {};
    try {
      while (round) {
        let executed: ExecutedRound;
        try {
          executed = this.execute(round, await placers);
        } catch (error) {
          return { round, error, postings: [] };
        }
        const written = writeRound(run, executed.markets, executed.now);
        answerCommitted();
        answerCommitted = () => {};
        // Someone else waiting for a connection (the embedded database has one) ends the chain.
        const next = chain && !connectionsWanted(this.dataSource) ? this.takeRound() : null;
        const nextPlacers = next && readPlacers(run, next);
        let balances: UsdBalance[];
        try {
          balances = await written;
        } catch (error) {
          if (next) {
            for (const { line, pending } of next.slice().reverse()) line.queue.unshift(...pending);
            await nextPlacers!.catch(() => undefined);
          }
          return { round, error: asInsufficientFunds(error), postings: executed.markets.flatMap((m) => m.effects.postings) };
        }
        // The snapshot is taken now, at the commit, before the next round changes the books.
        for (const { line } of round) if (line.state.commandSeq - line.state.snapshotSeq >= SNAPSHOT_EVERY) void this.snapshot(line);
        const committed = round;
        answerCommitted = () => {
          committed.forEach(({ pending }, i) => pending.forEach((p, j) => p.resolve(executed.outcomes[i]![j]!)));
          this.onCommit({ markets: executed.markets, balances });
        };
        round = next;
        placers = nextPlacers!;
      }
      return null;
    } finally {
      answerCommitted();
    }
  }

  /**
   * The round never happened: rebuild its books from the database, create any account its
   * postings found missing, then give each command its own chance.
   */
  private async retry({ round, error, postings }: FailedRound): Promise<void> {
    for (const { line } of round) line.stale = true;
    const all = round.flatMap(({ line, pending }) => pending.map((p) => ({ line, p })));
    try {
      for (const { line } of round) await this.recover(line);
      if (postings.length > 0) await ensureAccounts(this.dataSource.manager, accountKeys(postings));
    } catch (recoveryError) {
      for (const { p } of all) p.reject(recoveryError);
      return;
    }
    if (all.length > 1) {
      this.logger.warn({ size: all.length, error }, 'order batch failed; retrying its commands one by one');
      for (const { line, p } of all) await this.run([{ line, pending: [p] }], false);
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

  private execute(round: Round, { traders, sheet }: Placers): ExecutedRound {
    const now = Date.now();
    const markets: MarketBatch[] = [];
    const outcomes = round.map(({ line, pending }) => {
      const effects = emptyEffects();
      const execution = new OrderExecution(line.state, sheet, traders, this.fees, effects);
      const results = pending.map((p) => execution.run(p.submission, now));
      const hashDue = now - line.lastHashAt >= line.hashEveryMs && effects.commands.length > 0;
      const orders = [...effects.orders.values()].map(orderRecord);
      markets.push({ state: line.state, effects, orders, stateHash: hashDue ? this.checkpointHash(line, now) : null });
      return results;
    });
    return { now: new Date(now), outcomes, markets };
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

interface Placers {
  traders: Map<string, Trader>;
  sheet: BalanceSheet;
}

/**
 * Reads a round's order placers (a suspension or KYC change counts at once) and what they can
 * spend in the round's assets, creating the accounts they do not have yet, so that the round's
 * postings find every account they touch: one statement, sent at once. No lock is taken: the round
 * writes changes, not balances, and the accounts' check constraint refuses any overdraft that a
 * concurrent withdrawal could cause, failing the round (retried one by one).
 */
function readPlacers(run: StatementRunner, round: Round): Promise<Placers> {
  const userIds = [...new Set(round.flatMap(({ pending }) => pending.filter((p) => p.submission.kind === 'place').map((p) => p.submission.userId)))];
  const assets = [USD, ...round.map(({ line }) => line.state.market.base)];
  const read: Promise<Array<Trader & { id: string; asset: string | null; available: string | null }>> =
    userIds.length === 0
      ? Promise.resolve([])
      : run({
          name: 'trading-round-read',
          text: `WITH created AS (
             INSERT INTO accounts (user_id, asset)
             SELECT u.id, a.asset FROM users u CROSS JOIN unnest($2::varchar[]) AS a(asset) WHERE u.id = ANY($1::uuid[])
             ON CONFLICT DO NOTHING)
           SELECT u.id, u.kyc_status, u.is_active, u.is_system, a.asset, a.available
             FROM users u LEFT JOIN accounts a ON a.user_id = u.id AND a.asset = ANY($2::varchar[]) WHERE u.id = ANY($1::uuid[])`,
          values: [userIds, assets],
        });
  return read.then((rows) => {
    const traders = new Map<string, Trader>(rows.map((row) => [row.id, row]));
    const balances = rows.flatMap((row) => (row.asset === null || row.available === null ? [] : [{ user_id: row.id, asset: row.asset, available: row.available }]));
    return { traders, sheet: new BalanceSheet(balances, userIds, assets) };
  });
}

/** Whether requests are waiting for one of the database pool's connections. */
function connectionsWanted(dataSource: DataSource): boolean {
  return ((dataSource.driver as PostgresDriver).master as { waitingCount: number }).waitingCount > 0;
}
