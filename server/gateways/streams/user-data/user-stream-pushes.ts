import type { DomainEvents } from '../../../platform/bus/domain-events';
import type { MoneyMoved } from '../../../money/back-office/money-events';
import type { CommittedRound } from '../../../trading/sequencer/order-sequencer';
import type { Notifier, UserStreamEvent } from '../../realtime/notifier';
import { accountPositions, balanceUpdates } from './account-events';
import { executionReports } from './execution-reports';
import { listStatusEvents } from './list-status-events';

/**
 * The user data streams' side of the domains' facts: Binance's events, built once in the process
 * where the change committed, for the users with a stream open in some process, and published
 * through the notifier (USER_STREAM_TOPIC) to the process holding each stream.
 */
export function subscribeUserStreamPushes(events: DomainEvents, notifier: Notifier): void {
  const listened = (userId: string) => notifier.reachesUserStream(userId);

  /** A committed round: an executionReport per order change, a listStatus per list change, then each user's outboundAccountPosition. */
  const round = ({ markets, balances, at }: CommittedRound) => {
    const now = Date.now();
    const reports: UserStreamEvent[] = [];
    for (const market of markets)
      reports.push(...executionReports(market, listened, now), ...listStatusEvents(market, listened, now));
    notifier.publishToUserStreams([...reports, ...accountPositions(balances, listened, now, at.getTime())]);
  };

  /** Money moved outside the books; one that is no trade is also told as balanceUpdate events. */
  const moneyMoved = ({ posting, balances }: MoneyMoved, trade: boolean) => {
    const now = Date.now();
    notifier.publishToUserStreams([
      ...(trade ? [] : balanceUpdates(posting, listened, now, now)),
      ...accountPositions(balances, listened, now, now),
    ]);
  };

  events.subscribe('trading.round-committed', (event) => round(event.round));
  events.subscribe('trading.desk-filled', ({ moved }) => moneyMoved(moved, true));
  events.subscribe('money.queue-item-changed', ({ moved }) => {
    if (moved) moneyMoved(moved, false);
  });
  events.subscribe('trading.referral-commissions-paid', ({ moved }) => moneyMoved(moved, false));
  events.subscribe('earn.position-changed', ({ moved }) => {
    if (moved) moneyMoved(moved, false);
  });
}
