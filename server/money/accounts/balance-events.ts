import { toJsonNumber } from '../../kernel/money';
import type { AccountBalance, Posting } from '../../ledger/ledger';
import { USD } from '../../markets/catalog';
import { userMessage, type Notifier, type RealtimeMessage } from '../../gateways/realtime/notifier';
import { accountPositions, balanceUpdates } from '../../gateways/streams/user-data/account-events';

/** Each user's new USD balance ('balance' {balance}), of the accounts a commit changed: the one place that event is shaped. */
export const balanceMessages = (balances: AccountBalance[]): RealtimeMessage[] =>
  balances
    .filter(({ asset }) => asset === USD)
    .map(({ user_id, available }) => userMessage(user_id, 'balance', { balance: toJsonNumber(available) }));

/** Money a commit moved outside the order books: its posting, and the users' accounts as it left them (ledger.post's answer). */
export interface MoneyMoved {
  posting: Posting;
  balances: AccountBalance[];
}

/**
 * After such a commit (a deposit or withdrawal, its decision, a trade with the desk): the new
 * balances to the users' sockets and user data streams, from what the commit answered. A move that
 * is no trade is also told as the balanceUpdate events of user data streams.
 */
export function publishMoneyMoved(
  notifier: Notifier,
  { posting, balances }: MoneyMoved,
  { trade }: { trade: boolean },
) {
  notifier.publish(balanceMessages(balances));
  const listened = (userId: string) => notifier.reachesUserStream(userId);
  const now = Date.now();
  notifier.publishToUserStreams([
    ...(trade ? [] : balanceUpdates(posting, listened, now, now)),
    ...accountPositions(balances, listened, now, now),
  ]);
}
