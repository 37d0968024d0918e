import type { MoneyMoved } from '../money/money-events';
import type { ExecutionView } from './desk/desk.service';
import type { QuoteView } from './market-data/instrument-quotes';
import type { CommittedRound } from './sequencer/order-sequencer';

/**
 * What the trading core tells after a commit (published on DomainEvents, see
 * server/platform/bus/domain-events.ts); the gateways turn them into their protocols' messages.
 */
export type TradingEvent =
  /**
   * A round of the books committed: each order it accepted, changed, filled or cancelled (as the
   * round left it), its trades, and the balances it changed. One fact per round, not per order:
   * the order path allocates nothing more for those nobody listens to.
   */
  | { type: 'trading.round-committed'; round: CommittedRound }
  /** A trade with the house desk: its execution, and the money it moved. */
  | { type: 'trading.desk-filled'; userId: string; execution: ExecutionView; moved: MoneyMoved }
  /** The desk's quotes of every instrument, on each reference price tick. */
  | { type: 'trading.quotes-changed'; board: QuoteView[] };

declare module '../platform/bus/domain-events' {
  interface DomainEventTypes {
    trading: TradingEvent;
  }
}
