import { publishMoneyMoved, type MoneyMoved } from '../accounts/balance-events';
import { announceToAdmins } from '../../platform/admin-updates';
import type { ServerContext } from '../../platform/context';
import type { DecisionQueue, QueueItem } from './decision-queue';

/**
 * After commit: the item's owner hears about it (the queue's event, with the item's kind, id and
 * status, and the money it moved), and the admins that the queue changed.
 */
export function announceQueueChange(
  ctx: Pick<ServerContext, 'notifier'>,
  queue: Pick<DecisionQueue, 'kind' | 'ownerEvent'>,
  item: Pick<QueueItem, 'id' | 'status' | 'user_id'>,
  moved: MoneyMoved | null,
): void {
  ctx.notifier.toUser(item.user_id, queue.ownerEvent, { kind: queue.kind, id: item.id, status: item.status });
  if (moved) publishMoneyMoved(ctx.notifier, moved, { trade: false });
  announceToAdmins(ctx, queue.kind);
}
