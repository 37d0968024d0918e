import type { Command } from '../../../engine';
import type { AnswerRow } from '../../platform/idempotency/recorded-answers';
import type { Posting } from '../../ledger/ledger';
import type { LiveList } from '../books/live-list';
import type { LiveOrder } from '../books/live-order';
import type { MarketState } from '../books/market-state';
import type { OrderRow } from '../orders/order.entity';
import type { PreventedMatchRow } from '../orders/prevented-match.entity';
import type { TradeRow } from '../orders/trade.entity';

/** Everything a round changes on one symbol, written in one transaction. */
export interface RoundEffects {
  /** Every order the round placed or changed, as it leaves the round. */
  orders: Map<string, LiveOrder>;
  /** Which of them the round placed (new rows; the others exist). */
  placed: Set<string>;
  /** Which of them the round amended (keepPriority), with the amend command's sequence number. */
  amended: Map<string, number>;
  /** A list's pending orders the round placed on the book (their working order filled). */
  activated: Set<string>;
  /** The trailing stops that began to trail in the round (their trailing_time is written). */
  trailing: Set<string>;
  /** Every order list the round placed or ended, as it leaves the round. */
  lists: Map<number, LiveList>;
  /** Which of them the round placed. */
  placedLists: Set<number>;
  trades: TradeRow[];
  /**
   * The matches self-trade prevention stopped (created_at: the round's time, given as it is written),
   * with their two orders' seqs (their Binance orderIds), which are not written.
   */
  preventedMatches: Array<Omit<PreventedMatchRow, 'created_at'> & { taker_seq: number; maker_seq: number }>;
  postings: Posting[];
  commands: Array<{ seq: number; command: Command }>;
  /** The answers of its commands sent with an Idempotency-Key, recorded with it. */
  answers: AnswerRow[];
  /** The price levels the round changed, by side: price (ticks) -> aggregated quantity (lots) it leaves, 0 when gone. */
  levels: { bids: Map<number, number>; asks: Map<number, number> };
}

export const emptyEffects = (): RoundEffects => ({
  orders: new Map(),
  placed: new Set(),
  amended: new Map(),
  activated: new Set(),
  trailing: new Set(),
  lists: new Map(),
  placedLists: new Set(),
  trades: [],
  preventedMatches: [],
  postings: [],
  commands: [],
  answers: [],
  levels: { bids: new Map(), asks: new Map() },
});

/** Whether the round changed any price level of its book. */
export const bookChanged = ({ levels }: RoundEffects) => levels.bids.size > 0 || levels.asks.size > 0;

/** One symbol's part of a round; `stateHash` is recorded when given (a checkpoint recovery must reach). */
export interface MarketRound {
  state: MarketState;
  effects: RoundEffects;
  /** The rows of the orders the round changed (written, then pushed to their users). */
  orders: OrderRow[];
  stateHash: string | null;
}
