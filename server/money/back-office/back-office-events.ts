import type { ServerContext } from '../../platform/modules/context';
import type { MoneyMoved } from './money-events';
import type { DecisionQueue, QueueItem } from './decision-queue';

/**
 * After commit: the item's owner hears about it (the queue's event, with the item's kind, id and
 * status, and the money it moved), and the admins that the queue changed.
 */
export function announceQueueChange(
  ctx: Pick<ServerContext, 'events'>,
  queue: Pick<DecisionQueue, 'kind' | 'ownerEvent'>,
  item: Pick<QueueItem, 'id' | 'status' | 'user_id'>,
  moved: MoneyMoved | null,
): void {
  ctx.events.publish({ type: 'money.queue-item-changed', queue, item, moved });
}

/**
 * What the admin room hears about: which list changed, so the admin page reloads it. The list is a
 * queue's kind, 'user' or 'bank_account'.
 */
export const announceToAdmins = (ctx: Pick<ServerContext, 'events'>, list: string) =>
  ctx.events.publish({ type: 'money.admin-list-changed', list });
