import type { DataSource } from 'typeorm';
import { availableBalance } from '../ledger/ledger';
import { USD } from '../markets/catalog';
import type { Notifier } from '../realtime/notifier';

/** After a commit that moved a user's money: push their new USD balance ('balance' {balance}). */
export async function publishBalances(dataSource: DataSource, notifier: Notifier, userIds: Iterable<string>): Promise<void> {
  for (const userId of new Set(userIds)) {
    const balance = await availableBalance(dataSource.manager, userId, USD);
    await notifier.toUser(userId, 'balance', { balance: balance.toNumber() });
  }
}
