import type { DataSource, EntityManager } from 'typeorm';
import { HttpError } from '../http/errors';
import { InsufficientFundsError } from '../ledger/ledger';
import type { Logger } from '../logger';
import { USD } from '../markets/catalog';
import { BalanceSheet } from './balance-sheet';
import { writeBatch } from './batch-writer';
import type { CommitLane } from './commit-lane';
import type { FeeRates } from './funds-hold';
import type { MarketState } from './market-state';
import { emptyEffects, OrderExecution, type BatchEffects, type Outcome, type Submission, type Trader } from './order-execution';
import { recoverMarket } from './recovery';

/** Commands of one symbol committed together at most; what waits beyond goes in the next batch. */
const MAX_BATCH = 256;
/** How often the running state hash is recorded for recovery to check against. */
const HASH_CHECKPOINT_MS = 1000;
/** Commands between two snapshots of the book (recovery replays at most this many). */
const SNAPSHOT_EVERY = 20_000;

interface Pending {
  submission: Submission;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

/** What the sequencer reports after each commit, for the notifications. */
export type CommittedBatch = { state: MarketState; effects: BatchEffects; outcomes: Outcome[] };

/**
 * Owns one symbol's book. Commands queue here and are applied in arrival order; whatever is waiting
 * when the previous commit ends forms the next batch: each command applied to the engine in turn,
 * all their rows, postings and command-log entries written in ONE transaction, and only after it
 * commits is any caller answered. If the transaction fails, the in-memory state is rebuilt from the
 * database (the batch never happened) and the batch's commands are retried one by one, so a single
 * bad command fails alone.
 */
export class MarketSequencer {
  private readonly queue: Pending[] = [];
  private draining: Promise<void> | null = null;
  private lastHashAt = 0;
  /** The in-memory state may hold a batch that did not commit. */
  private stale = false;

  constructor(
    private state: MarketState,
    private readonly dataSource: DataSource,
    private readonly lane: CommitLane,
    private readonly fees: FeeRates,
    private readonly logger: Logger,
    private readonly onCommit: (batch: CommittedBatch) => void,
  ) {}

  get current(): MarketState {
    return this.state;
  }

  submit(submission: Submission): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ submission, resolve, reject });
      this.draining ??= this.drain().finally(() => {
        this.draining = null;
      });
    });
  }

  /** Waits for the queue to empty, then snapshots the book so the next start replays nothing. */
  async stop(): Promise<void> {
    while (this.draining) await this.draining;
    await this.lane.run(() => this.snapshot());
  }

  private async drain() {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      await this.lane.run(() => this.commit(batch));
    }
  }

  private async commit(batch: Pending[]): Promise<void> {
    let committed: CommittedBatch;
    try {
      if (this.stale) await this.recover();
      committed = await this.dataSource.transaction((manager) => this.execute(manager, batch));
    } catch (error) {
      return this.retry(batch, error);
    }
    batch.forEach((pending, i) => pending.resolve(committed.outcomes[i]!));
    this.onCommit(committed);
    if (this.state.commandSeq - this.state.snapshotSeq >= SNAPSHOT_EVERY) {
      await this.snapshot().catch((error: unknown) => this.logger.error({ error, symbol: this.state.market.symbol }, 'book snapshot failed'));
    }
  }

  /** The batch never happened: rebuild from the database, then give each command its own chance. */
  private async retry(batch: Pending[], error: unknown): Promise<void> {
    this.stale = true;
    try {
      await this.recover();
    } catch (recoveryError) {
      for (const pending of batch) pending.reject(recoveryError);
      return;
    }
    if (batch.length > 1) {
      this.logger.warn({ symbol: this.state.market.symbol, size: batch.length, error }, 'order batch failed; retrying its commands one by one');
      for (const pending of batch) await this.commit([pending]);
    } else if (error instanceof InsufficientFundsError) {
      batch[0]!.resolve({ ok: false, error: new HttpError(400, 'Insufficient balance') });
    } else {
      batch[0]!.reject(error);
    }
  }

  private async recover() {
    this.state = await recoverMarket(this.dataSource, this.state.market, this.logger);
    this.stale = false;
  }

  private async execute(manager: EntityManager, batch: Pending[]): Promise<CommittedBatch> {
    const placers = [...new Set(batch.filter((p) => p.submission.kind === 'place').map((p) => p.submission.userId))];
    const assets = [USD, this.state.market.base];
    const [traders, sheet] = await Promise.all([loadTraders(manager, placers), lockBalances(manager, placers, assets)]);
    const effects = emptyEffects();
    const execution = new OrderExecution(this.state, sheet, traders, this.fees, effects);
    const now = Date.now();
    const outcomes = batch.map((pending) => execution.run(pending.submission, now));
    const hash = now - this.lastHashAt >= HASH_CHECKPOINT_MS && effects.commands.length > 0 ? this.state.book.stateHash() : null;
    await writeBatch(manager, this.state, effects, hash);
    if (hash !== null) this.lastHashAt = now;
    return { state: this.state, effects, outcomes };
  }

  private async snapshot() {
    const { state } = this;
    if (state.commandSeq === state.snapshotSeq) return;
    const snapshot = state.book.snapshot();
    await this.dataSource.transaction(async (manager) => {
      await manager.query('INSERT INTO book_snapshots (symbol, seq, snapshot) VALUES ($1, $2, $3)', [state.market.symbol, state.commandSeq, snapshot]);
      await manager.query(
        `INSERT INTO book_states (symbol, seq, state_hash, updated_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (symbol) DO UPDATE SET seq = EXCLUDED.seq, state_hash = EXCLUDED.state_hash, updated_at = now()`,
        [state.market.symbol, state.commandSeq, state.book.stateHash()],
      );
    });
    state.snapshotSeq = state.commandSeq;
  }
}

async function loadTraders(manager: EntityManager, userIds: string[]): Promise<Map<string, Trader>> {
  if (userIds.length === 0) return new Map();
  const rows: Array<Trader & { id: string }> = await manager.query(
    'SELECT id, kyc_status, is_active, is_system FROM users WHERE id = ANY($1::uuid[])',
    [userIds],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Locks the placers' accounts for the whole batch (id order, as the ledger does) and reads what they can spend. */
async function lockBalances(manager: EntityManager, userIds: string[], assets: string[]): Promise<BalanceSheet> {
  const rows: Array<{ user_id: string; asset: string; available: string }> =
    userIds.length === 0
      ? []
      : await manager.query(
          'SELECT user_id, asset, available FROM accounts WHERE user_id = ANY($1::uuid[]) AND asset = ANY($2::varchar[]) ORDER BY id FOR UPDATE',
          [userIds, assets],
        );
  return new BalanceSheet(rows, userIds, assets);
}
