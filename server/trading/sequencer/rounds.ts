import { USD } from '../../markets/catalog';
import type { MarketState } from '../books/market-state';
import type { BookCheckpoints } from '../checkpoints/book-checkpoints';
import type { TraderKeys } from '../traders/trader-reads';
import type { CommittedBook } from './committed-book';
import type { Outcome, Submission } from './order-execution';

/** Commands of one symbol in one round at most; what waits beyond goes in the next. */
const MAX_ROUND_COMMANDS = 512;

/** A command waiting in its symbol's queue, and its caller's answer. */
export interface Pending {
  submission: Submission;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

/** The symbols one connection writes for: their rounds run one after another on it. */
export interface Writer {
  lines: MarketLine[];
  draining: Promise<void> | null;
  /** Called when a command arrives on one of its symbols, while its rounds wait for one (see arrivesFirst). */
  arrival: (() => void) | null;
}

/** One symbol: its state (owned by the sequencer), its queue of commands in arrival order, its writer. */
export interface MarketLine {
  state: MarketState;
  committed: CommittedBook;
  queue: Pending[];
  writer: Writer;
  /** The state may hold a round that did not commit. */
  stale: boolean;
  checkpoints: BookCheckpoints;
  /** Depth reads waiting for a view deeper than a round's (see OrderSequencer.deepView): woken when the view moves. */
  deepReads: Array<() => void>;
}

/** The commands of one round, symbol by symbol. */
export type Round = Array<{ line: MarketLine; pending: Pending[] }>;

/** Whatever waits on a writer's symbols, in arrival order, MAX_ROUND_COMMANDS per symbol at most; null when nothing does. */
export function takeRound(writer: Writer): Round | null {
  const round: Round = [];
  for (const line of writer.lines)
    if (line.queue.length > 0) round.push({ line, pending: line.queue.splice(0, MAX_ROUND_COMMANDS) });
  return round.length > 0 ? round : null;
}

/**
 * Waits until commands arrive on `writer` (true) or `written` settles (false), whichever is first.
 * Arrivals are taken after the event loop's current turn, so the requests read in the same turn
 * make one round.
 */
export function arrivesFirst(writer: Writer, written: Promise<unknown>): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    writer.arrival = () => {
      writer.arrival = null;
      setImmediate(() => resolve(true));
    };
    written.then(
      () => resolve(false),
      () => resolve(false),
    );
  }).finally(() => {
    writer.arrival = null;
  });
}

/** A snapshot must see its book as committed: nothing may be applied behind a round that makes one due. */
export const snapshotDue = (round: Round) => round.some(({ line }) => line.checkpoints.snapshotDue(line.state));

/** Whose balances a round reads: the traders placing orders (or lists) in it, in USD and the bases it trades. */
export function traderKeys(round: Round): TraderKeys {
  const userIds = [
    ...new Set(
      round.flatMap(({ pending }) =>
        pending
          .filter((p) => p.submission.kind === 'place' || p.submission.kind === 'place_list')
          .map((p) => p.submission.userId),
      ),
    ),
  ];
  return { userIds, assets: [USD, ...round.map(({ line }) => line.state.market.base)] };
}
