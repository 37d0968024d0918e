import type { DataSource } from 'typeorm';
import { toJsonNumber } from '../ledger/money';
import { USD } from '../markets/catalog';
import { userMessage, type Notifier, type RealtimeMessage } from '../realtime/notifier';

export interface UsdBalance {
  user_id: string;
  available: string;
}

/** Each user's new USD balance ('balance' {balance}): the one place that event is shaped. */
export const balanceMessages = (balances: UsdBalance[]): RealtimeMessage[] =>
  balances.map(({ user_id, available }) => userMessage(user_id, 'balance', { balance: toJsonNumber(available) }));

/**
 * After a commit that moved users' money: reads their USD balances in one query and pushes them,
 * without the caller waiting.
 */
export function publishBalances(dataSource: DataSource, notifier: Notifier, userIds: Iterable<string>): void {
  notifier.afterCommit('balances', () => readAndPublishBalances(dataSource, notifier, [...new Set(userIds)]));
}

async function readAndPublishBalances(dataSource: DataSource, notifier: Notifier, users: string[]): Promise<void> {
  const rows: UsdBalance[] = await dataSource.query(
    'SELECT user_id, available FROM accounts WHERE user_id = ANY($1::uuid[]) AND asset = $2',
    [users, USD],
  );
  const available = new Map(rows.map((row) => [row.user_id, row.available]));
  // A user without a USD account yet has a balance of 0.
  notifier.publish(balanceMessages(users.map((user_id) => ({ user_id, available: available.get(user_id) ?? '0' }))));
}
