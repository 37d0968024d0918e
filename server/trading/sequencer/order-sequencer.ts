import { availableParallelism } from 'node:os';
import type { DataSource, EntityManager } from 'typeorm';
import type { MarketSpec } from '../../../engine';
import { pgPool } from '../../platform/db/data-source';
import { pipelineStatements, poolStatementRunner, statementRunner } from '../../platform/db/named-statement';
import {
  accountKeys,
  asInsufficientFunds,
  type AccountBalance,
  ensureAccounts,
  isInsufficientFunds,
  type Posting,
} from '../../ledger/ledger';
import { refuseLedger } from '../../ledger/refusals';
import type { Logger } from '../../platform/logger/logger';
import type { RoundMetrics } from '../../platform/metrics/rounds';
import { rulesOf } from '../books/book-rules';
import type { MarketState } from '../books/market-state';
import { BookCheckpoints } from '../checkpoints/book-checkpoints';
import { recoverMarket } from '../checkpoints/recovery';
import { bookChanged, type MarketRound } from '../round-writer/round-effects';
import { lastCommand, type RoundMarker } from '../round-writer/round-marker';
import { isTraderChange, suspendedInFills, writeRound, type WrittenRound } from '../round-writer/round-writer';
import { TraderCache } from '../traders/trader-cache';
import { readTraders, type ReadConnection } from '../traders/trader-reads';
import { MAX_DEPTH, MAX_LIST } from '../orders/read-limits';
import { committedView, type CommittedBook } from './committed-book';
import type { MarketCatalog } from '../../markets/catalog';
import type { Outcome, Submission } from './order-execution';
import { executeRound, type ExecutedRound } from './round-execution';
import {
  arrivesFirst,
  snapshotDue,
  takeRound,
  traderKeys,
  type MarketLine,
  type Pending,
  type Round,
  type Writer,
} from './rounds';

/**
 * Rounds of one writer sent and not yet answered, at most: the first in PostgreSQL, the others
 * queued behind it. A deeper pipeline makes more, smaller rounds (a read of traders each): slower.
 */
const PIPELINE_DEPTH = 2;

/** What is reported after each commit, for the notifications: per market (with its book as now committed), and the users' accounts it changed. */
export interface CommittedRound {
  markets: MarketRound[];
  /** Each market's public view after the round, in the order of `markets`. */
  books: CommittedBook[];
  balances: AccountBalance[];
  /** The time every row of the round was written with. */
  at: Date;
}

/** Why a chain of rounds stopped early: the rounds whose write failed, and what they had computed. */
interface FailedRound {
  round: Round;
  error: unknown;
  postings: Posting[];
}

/** A round applied to its books and sent to be written. */
interface Launched {
  round: Round;
  executed: ExecutedRound;
  /** Each symbol's public view as this round leaves it (null: unchanged), shown once it has committed. */
  views: Array<CommittedBook | null>;
  written: Promise<WrittenRound>;
  /** The last command it logs (or, logging none, the one it was written after): its commit is seen by this row. */
  marker: RoundMarker | null;
  /** When its statement was sent (performance.now()), for the commit latency. */
  sentAt: number;
}

/**
 * Applies each symbol's commands in arrival order to that symbol's book, and commits them in
 * rounds: whatever is waiting, on every symbol of a writer, forms its next round: each command
 * applied to its engine book in turn, then all rows, postings and command-log entries written as
 * ONE statement (its own transaction), and only after it commits is any caller answered. A writer's
 * rounds are written one after another on one connection, pipelined: while a round is in
 * PostgreSQL, the commands arriving meanwhile form the next one, applied and queued behind it (its
 * traders that the TraderCache cannot vouch for read first, on another connection), so PostgreSQL
 * starts it the moment the first commits instead of waiting for this busy process to notice. A
 * queued round was computed on the one before: its statement fails unless that one committed. The
 * symbols are shared among a few writers (one per two cores, a quarter of the pool at most), so
 * PostgreSQL writes several rounds at once; rounds of two writers cannot deadlock, as every
 * statement locks its accounts in id order. If a write fails, the symbols' in-memory states are
 * rebuilt from the database (the round never happened) and its commands are retried one by one,
 * so a single bad command fails alone.
 */
export class OrderSequencer {
  private readonly lines = new Map<string, MarketLine>();
  private readonly writers: Writer[];
  /** Whether a round can be queued behind another: its traders are read on a second connection, which the embedded database does not have. */
  private readonly pipelined: boolean;
  private readonly traders: TraderCache;
  /** Set by halt: the refusal for whatever has not reached PostgreSQL. */
  private halted: (() => unknown) | null = null;

  /** `traderTrustMs`: how long what a round read of a trader serves the next rounds (see TraderCache). */
  constructor(
    states: MarketState[],
    private readonly dataSource: DataSource,
    /** The markets' rates an order placed now pays (administrators change them while it runs). */
    private readonly catalog: MarketCatalog,
    private readonly logger: Logger,
    private readonly onCommit: (round: CommittedRound) => void,
    traderTrustMs: number,
    private readonly metrics: Pick<RoundMetrics, 'executed' | 'committed' | 'failed'>,
  ) {
    this.traders = new TraderCache(traderTrustMs);
    const poolSize = pgPool(dataSource).options.max!;
    this.pipelined = poolSize > 1;
    // One pipelined writer keeps its PostgreSQL backend busy; a second on two cores only makes the two
    // wait for each other's account locks (the same traders' USD) and costs more CPU per order.
    const writerCount = Math.max(
      1,
      Math.min(Math.floor(availableParallelism() / 2), Math.floor(poolSize / 4), states.length),
    );
    this.writers = Array.from({ length: writerCount }, () => ({ lines: [], draining: null, arrival: null }));
    states.forEach((state, i) => {
      const writer = this.writers[i % writerCount]!;
      const line: MarketLine = {
        state,
        committed: committedView(state.book, state.commandSeq, MAX_LIST, () => this.deepView(line)),
        queue: [],
        writer,
        stale: false,
        checkpoints: new BookCheckpoints(dataSource, logger),
        deepReads: [],
      };
      writer.lines.push(line);
      this.lines.set(state.market.symbol, line);
    });
  }

  /** The symbol's book as of its last commit. */
  committedBook(symbol: string): CommittedBook | undefined {
    return this.lines.get(symbol)?.committed;
  }

  /** The line's live book as it is now, as a public view of `levels` levels a side. */
  private view(line: MarketLine, levels: number): CommittedBook {
    return committedView(line.state.book, line.state.commandSeq, levels, () => this.deepView(line));
  }

  /**
   * The line's book as committed, with MAX_DEPTH levels a side. When nothing is applied to the book
   * beyond its last commit, the live book is the committed one and gives it at once; otherwise the
   * next round launched takes it with its view, and the read waits for that round's commit (or the
   * book's rebuild, after which it looks again).
   */
  private async deepView(line: MarketLine): Promise<CommittedBook> {
    for (;;) {
      if (line.committed.levels >= MAX_DEPTH) return line.committed;
      this.refuseIfHalted();
      if (!line.stale && line.state.commandSeq === line.committed.lastUpdateId) {
        line.committed = this.view(line, MAX_DEPTH);
        return line.committed;
      }
      await new Promise<void>((resolve) => line.deepReads.push(resolve));
    }
  }

  /** The line's public view has moved on: the deep reads waiting look again. */
  private viewMoved(line: MarketLine): void {
    for (const wake of line.deepReads.splice(0)) wake();
  }

  submit(symbol: string, submission: Submission): Promise<Outcome> {
    const line = this.lines.get(symbol);
    if (!line) return Promise.reject(new Error(`no order book for ${symbol}`));
    if (this.halted) return Promise.reject(this.halted());
    return new Promise((resolve, reject) => {
      line.queue.push({ submission, resolve, reject });
      const { writer } = line;
      writer.arrival?.();
      this.wake(writer);
    });
  }

  /**
   * Gives the symbol's book new rules (tick, lot, minimum order value), which `record` writes: only
   * while the book holds no order, as its snapshots and command log count in those units. Runs with
   * its writer idle, every round before it committed and none started until it is done; commands
   * arriving meanwhile wait, and an order counted in the old rules is then refused ('rules-changed').
   */
  async changeSpec(symbol: string, record: (manager: EntityManager) => Promise<MarketSpec>): Promise<void> {
    const line = this.lines.get(symbol);
    if (!line) throw new Error(`no order book for ${symbol}`);
    await this.exclusively(line.writer, async () => {
      this.refuseIfHalted();
      if (line.stale) await this.recover(line);
      const { state } = line;
      const book = await line.checkpoints.restart(state, record);
      line.state = {
        ...state,
        market: { ...state.market, ...rulesOf(book.spec) },
        book,
        snapshotSeq: state.commandSeq,
      };
      line.committed = this.view(line, MAX_LIST);
      this.viewMoved(line);
    });
  }

  /** Starts draining `writer`'s queues unless it already is. */
  private wake(writer: Writer): void {
    if (!writer.draining) this.occupy(writer, this.drain(writer));
  }

  /** Runs `work` once `writer` is idle, as its only work until it is done. */
  private async exclusively(writer: Writer, work: () => Promise<void>): Promise<void> {
    while (writer.draining) await writer.draining;
    const done = work();
    this.occupy(
      writer,
      done.catch(() => undefined),
    );
    return done;
  }

  /** The writer is busy with `work`; once done, it takes what queued meanwhile. */
  private occupy(writer: Writer, work: Promise<void>): void {
    writer.draining = work.finally(() => {
      writer.draining = null;
      // A command submitted after the drain found nothing more to take, and before this ran, saw a
      // drain still going and left it to that one: take it now.
      if (writer.lines.some((line) => line.queue.length > 0)) this.wake(writer);
    });
  }

  /** Waits for the queues to empty, then snapshots every book so the next start replays nothing. */
  async stop(): Promise<void> {
    for (const writer of this.writers) while (writer.draining) await writer.draining;
    await Promise.all([...this.lines.values()].map((line) => line.checkpoints.snapshot(line.state)));
  }

  /**
   * Stops writing at once, for good (this process no longer owns the books): what waits and what
   * comes is refused with `refusal()`, and no round is sent. Resolves once the rounds already in
   * PostgreSQL have ended; those are answered as they end (committed or not).
   */
  async halt(refusal: () => unknown): Promise<void> {
    this.halted = refusal;
    for (const line of this.lines.values()) {
      for (const pending of line.queue.splice(0)) pending.reject(refusal());
      this.viewMoved(line);
    }
    for (const writer of this.writers) while (writer.draining) await writer.draining;
  }

  private refuseIfHalted(): void {
    if (this.halted) throw this.halted();
  }

  private async drain(writer: Writer) {
    for (let round = takeRound(writer); round; round = takeRound(writer)) await this.run(round, true);
  }

  /** Commits `round` (and, when `chain`, the rounds that queue up meanwhile) on a connection of its own. */
  private async run(round: Round, chain: boolean): Promise<void> {
    let failed: FailedRound | null;
    try {
      this.refuseIfHalted();
      for (const { line } of round) if (line.stale) await this.recover(line);
      const runner = this.dataSource.createQueryRunner();
      try {
        const connection = { run: statementRunner(runner), manager: runner.manager };
        if (chain && this.pipelined) {
          const endPipeline = await pipelineStatements(runner);
          try {
            failed = await this.commitRounds(
              connection,
              { run: poolStatementRunner(this.dataSource), manager: this.dataSource.manager },
              round,
              true,
            );
          } finally {
            endPipeline();
          }
        } else {
          failed = await this.commitRounds(connection, connection, round, chain);
        }
      } finally {
        await runner.release();
      }
    } catch (error) {
      failed = { round, error, postings: [] };
    }
    if (failed) await this.retry(failed);
  }

  /**
   * Writes `first` and, when `chain`, whatever queues up on its writer meanwhile: each next round is
   * read (on `beside`), applied and sent before the one ahead of it has answered. Every statement
   * sent has answered when this returns.
   */
  private async commitRounds(
    connection: ReadConnection,
    beside: ReadConnection,
    first: Round,
    chain: boolean,
  ): Promise<FailedRound | null> {
    const writer = first[0]!.line.writer;
    const inFlight: Launched[] = [];
    try {
      const read = await this.readUnvouchedTraders(connection, first, inFlight);
      this.refuseIfHalted();
      inFlight.push(this.launch(connection, first, read, null));
    } catch (error) {
      return { round: first, error: asInsufficientFunds(error), postings: [] };
    }
    while (inFlight.length > 0) {
      const last = inFlight[inFlight.length - 1]!;
      // Nothing is applied behind a round that makes a snapshot due.
      // Someone else waiting for a connection (the embedded database has one) ends the chain.
      const mayQueue =
        chain &&
        inFlight.length < PIPELINE_DEPTH &&
        !snapshotDue(last.round) &&
        pgPool(this.dataSource).waitingCount === 0;
      const next = mayQueue ? takeRound(writer) : null;
      let unqueued: FailedRound | null = null;
      if (next) {
        try {
          const read = await this.readUnvouchedTraders(beside, next, inFlight);
          this.refuseIfHalted();
          inFlight.push(this.launch(connection, next, read, last.marker));
          continue;
        } catch (error) {
          unqueued = { round: next, error, postings: [] };
        }
      } else if (mayQueue && this.pipelined && (await arrivesFirst(writer, inFlight[0]!.written))) {
        // Commands came while the round ahead is in PostgreSQL: the next round queues up behind it.
        continue;
      }
      const head = inFlight.shift()!;
      let result: WrittenRound;
      try {
        result = await head.written;
      } catch (error) {
        // Each round behind fails on its guard, unless every round between it and the last commit logged no command
        // (then they changed nothing it relied on).
        return merged(failure(head, error), await this.settle(inFlight), unqueued);
      }
      this.committed(head, result, inFlight.length === 0 && unqueued === null);
      // The rounds still in flight commit or fail before the books are rebuilt.
      if (unqueued) return merged(await this.settle(inFlight), unqueued);
    }
    return null;
  }

  /** Waits for rounds in flight behind a failure: those that committed are done, the others are returned as one failure. */
  private async settle(rounds: Launched[]): Promise<FailedRound | null> {
    let failed: FailedRound | null = null;
    for (const round of rounds) {
      try {
        this.committed(round, await round.written, false);
      } catch (error) {
        failed = merged(failed, failure(round, error));
      }
    }
    return failed;
  }

  /**
   * Reads the round's traders that the cache cannot vouch for, on `connection`, seeing which of the
   * rounds in flight had committed, and returns who was read.
   */
  private async readUnvouchedTraders(
    connection: ReadConnection,
    round: Round,
    inFlight: Launched[],
  ): Promise<ReadonlySet<string>> {
    const keys = traderKeys(round);
    const readAt = Date.now();
    const userIds = this.traders.toRead(keys, readAt);
    if (userIds.length > 0) {
      const { traders, seen } = await readTraders(
        connection,
        { userIds, assets: keys.assets },
        inFlight.map((r) => r.marker),
      );
      // Rounds commit in order: the read saw the first `seen` of them, the balance changes of the others are not in it yet.
      for (const { executed } of inFlight.slice(seen))
        for (const { effects } of executed.markets)
          for (const posting of effects.postings) traders.sheet.apply(posting);
      this.traders.store(userIds, traders, readAt);
    }
    return new Set(userIds);
  }

  /** Applies `round` to its books and sends its write, queued behind `after` on the writer's connection. */
  private launch(
    connection: ReadConnection,
    round: Round,
    read: ReadonlySet<string>,
    after: RoundMarker | null,
  ): Launched {
    const started = performance.now();
    const executed = executeRound(round, this.traders, this.catalog, read);
    const sentAt = performance.now();
    this.metrics.executed(commandsIn(round), (sentAt - started) / 1000);
    const views = round.map(({ line }, i) => {
      const { effects } = executed.markets[i]!;
      // A deep read waiting makes this round's view deep, whether or not it moved the book.
      if (line.deepReads.length > 0) return this.view(line, MAX_DEPTH);
      return bookChanged(effects) || effects.trades.length > 0 ? this.view(line, MAX_LIST) : null;
    });
    const written = writeRound(connection.run, executed.markets, executed.now, after);
    // Awaited in order by commitRounds; until then a failure must not count as unhandled.
    written.catch(() => undefined);
    return { round, executed, views, written, marker: lastCommand(executed.markets) ?? after, sentAt };
  }

  /**
   * A round has committed: its books' public views, its callers' answers, its notifications, and a
   * snapshot when due, if `settled` (nothing applied to the books behind it, so they are as committed).
   */
  private committed({ round, executed, views, sentAt }: Launched, result: WrittenRound, settled: boolean): void {
    this.metrics.committed((performance.now() - sentAt) / 1000);
    round.forEach(({ line }, i) => {
      const view = views[i];
      // A round that logged commands without moving a level still moves the book's update id.
      const lastLogged = executed.markets[i]!.effects.commands.at(-1);
      if (view) line.committed = view;
      else if (lastLogged) line.committed = { ...line.committed, lastUpdateId: lastLogged.seq };
      this.viewMoved(line);
    });
    if (settled && !this.halted)
      for (const { line } of round)
        if (line.checkpoints.snapshotDue(line.state)) void line.checkpoints.snapshot(line.state);
    round.forEach(({ pending }, i) => pending.forEach((p, j) => p.resolve(executed.outcomes[i]![j]!)));
    // The round is committed whatever happens here: a failing notification must not look like a failed round.
    try {
      this.onCommit({
        markets: executed.markets,
        books: round.map(({ line }) => line.committed),
        balances: result.balances,
        at: executed.now,
      });
    } catch (error) {
      this.logger.error({ error }, 'publishing a committed round failed');
    }
  }

  /**
   * The round never happened: rebuild its books from the database, create any account its
   * postings found missing, then give each command its own chance.
   */
  private async retry({ round, error, postings }: FailedRound): Promise<void> {
    this.metrics.failed();
    if (this.halted) {
      for (const { pending } of round) for (const p of pending) p.reject(this.halted());
      return;
    }
    const lines = new Set(round.map(({ line }) => line));
    for (const line of lines) line.stale = true;
    // A fill of a trader suspended since their order rested: their orders on these books are cancelled
    // first, so the commands retried after them cannot meet those orders again.
    const cutOff = [...lines].flatMap((line) =>
      suspendedInFills(error).map((userId) => ({ line, p: this.cancelAll(userId) })),
    );
    const all = [...cutOff, ...round.flatMap(({ line, pending }) => pending.map((p) => ({ line, p })))];
    const accounts = accountKeys(postings);
    // What the cache knows of these users includes the round's balance changes, which never happened.
    this.traders.forget([...all.map(({ p }) => p.submission.userId), ...accounts.users.map((key) => key.userId)]);
    try {
      for (const line of lines) await this.recover(line);
      if (postings.length > 0) await ensureAccounts(this.dataSource.manager, accounts);
    } catch (recoveryError) {
      for (const { p } of all) p.reject(recoveryError);
      return;
    }
    if (all.length > 1) {
      this.logger.warn({ size: all.length, error }, 'order round failed; retrying its commands one by one');
      for (const { line, p } of all) await this.run([{ line, pending: [p] }], false);
    } else if (isInsufficientFunds(error)) {
      all[0]!.p.resolve({ ok: false, error: refuseLedger('insufficient-balance') });
    } else if (isTraderChange(error)) {
      // Read afresh now, its trader is refused (or not) as the database says.
      await this.run([{ line: all[0]!.line, pending: [all[0]!.p] }], false);
    } else {
      all[0]!.p.reject(error);
    }
  }

  /** The sequencer's own cancel_all of a suspended user's orders: nobody waits for its outcome. */
  private cancelAll(userId: string): Pending {
    return {
      submission: { kind: 'cancel_all', userId },
      resolve: () => undefined,
      reject: (error) => this.logger.error({ err: error, userId }, "cancelling a suspended trader's orders failed"),
    };
  }

  private async recover(line: MarketLine) {
    line.state = await recoverMarket(this.dataSource, line.state.market, this.logger);
    line.committed = this.view(line, MAX_LIST);
    line.stale = false;
    this.viewMoved(line);
  }
}

/** The commands a round applies, every symbol's (those put back for the next round left out). */
function commandsIn(round: Round): number {
  let count = 0;
  for (const { pending } of round) count += pending.length;
  return count;
}

/** A launched round whose write failed. */
const failure = ({ round, executed }: Launched, error: unknown): FailedRound => ({
  round,
  error: asInsufficientFunds(error),
  postings: executed.markets.flatMap((m) => m.effects.postings),
});

/** Failed rounds (the absent ones left out) as one, in arrival order, to be retried command by command; null if none failed. */
function merged(...failures: Array<FailedRound | null>): FailedRound | null {
  const failed = failures.filter((f): f is FailedRound => f !== null);
  if (failed.length === 0) return null;
  return {
    round: failed.flatMap((f) => f.round),
    error: failed[0]!.error,
    postings: failed.flatMap((f) => f.postings),
  };
}
