import type { MoneyMoved } from '../money/back-office/money-events';
import type { CommittedRound } from './sequencer/order-sequencer';

/**
 * What the trading core tells after a commit (published on DomainEvents, see
 * server/platform/bus/domain-events.ts); the gateways turn them into their protocols' messages.
 * The desk and the market data tell their own (desk/desk-events.ts, market-data/market-data-events.ts).
 */
export type TradingEvent =
  /**
   * A round of the books committed: each order it accepted, changed, filled or cancelled (as the
   * round left it), its trades, and the balances it changed. One fact per round, not per order:
   * the order path allocates nothing more for those nobody listens to.
   */
  | { type: 'trading.round-committed'; round: CommittedRound }
  /** A sweep paid referral commissions (referrals/): to these referrers, by this posting. */
  | { type: 'trading.referral-commissions-paid'; referrerIds: string[]; moved: MoneyMoved };

declare module '../platform/bus/domain-events' {
  interface DomainEventTypes {
    trading: TradingEvent;
  }
}
