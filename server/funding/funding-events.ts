import { publishBalances } from '../accounts/balance-events';
import type { ServerContext } from '../context';

/** What the admin room hears about: which queue or list changed, so the admin page reloads it. */
export type BackOfficeKind = 'deposit' | 'withdrawal' | 'kyc' | 'user' | 'bank_account';

export interface RequestChange {
  kind: 'deposit' | 'withdrawal' | 'kyc';
  id: string;
  status: string;
  userId: string;
  /** The user's balance changed: push it too. */
  moneyMoved: boolean;
}

/** After commit: the trader hears about their request ('funding'), the admins that a queue changed. */
export function announceRequestChange(
  ctx: Pick<ServerContext, 'dataSource' | 'notifier'>,
  change: RequestChange,
): void {
  ctx.notifier.toUser(change.userId, 'funding', { kind: change.kind, id: change.id, status: change.status });
  if (change.moneyMoved) publishBalances(ctx.dataSource, ctx.notifier, [change.userId]);
  announceToAdmins(ctx, change.kind);
}

export const announceToAdmins = (ctx: Pick<ServerContext, 'notifier'>, kind: BackOfficeKind) =>
  ctx.notifier.toAdmins('admin:update', { kind });
