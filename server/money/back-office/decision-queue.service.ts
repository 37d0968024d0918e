import type { EntityManager, FindOptionsWhere } from 'typeorm';
import { recordAudit } from '../../platform/audit/audit-log';
import type { ServerContext } from '../../platform/modules/context';
import type { KeyedRequest } from '../../platform/idempotency/keyed-request';
import { recordAnswer } from '../../platform/idempotency/recorded-answers';
import { post } from '../../ledger/ledger';
import { announceQueueChange } from './back-office-events';
import { claimPending } from './claim-pending';
import type { DecisionQueue, QueueItem } from './decision-queue';
import type { DecisionQueueRegistry } from './decision-queue-registry';
import type { Decision } from './decision-inputs';
import type { DecisionListQuery, ListPage } from './list-query';
import { itemOwners } from './user-refs';

/** What every decision queue does the same way: its admin list, its decisions, its pending count. */
export class DecisionQueueService {
  constructor(private readonly ctx: Pick<ServerContext, 'dataSource' | 'reads' | 'events'>) {}

  /**
   * A page of the queue's items, optionally of one status, each with whose it is, and how many
   * there are. Pending items come first, the oldest first (the next to decide, however many arrive
   * after them), then decided ones, the newest first; the id breaks ties, so pages never overlap.
   */
  list(queue: DecisionQueue, query: DecisionListQuery): Promise<ListPage<unknown>> {
    return this.ctx.reads.run(({ manager }) => this.listOn(manager, queue, query));
  }

  private async listOn(manager: EntityManager, queue: DecisionQueue, query: DecisionListQuery) {
    const createdAt = manager.connection.getMetadata(queue.entity).createDateColumn?.propertyName;
    if (!createdAt) throw new Error(`The ${queue.kind} queue's entity has no creation date column`);
    const [items, total] = await manager
      .createQueryBuilder(queue.entity, 'item')
      .where({ ...queue.scope, ...(query.status ? { status: query.status } : {}) })
      .orderBy(`item.status = 'pending'`, 'DESC')
      .addOrderBy(`CASE WHEN item.status = 'pending' THEN item.${createdAt} END`, 'ASC')
      .addOrderBy(`item.${createdAt}`, 'DESC')
      .addOrderBy('item.id', 'DESC')
      .limit(query.limit)
      .offset(query.offset)
      .getManyAndCount();
    const owners = await itemOwners(
      manager,
      items.map((item) => item.user_id),
    );
    return { items: items.map((item) => queue.adminView(item, owners.get(item.user_id))), total };
  }

  /**
   * Approves or rejects a pending item once; the money it moves, its other changes, the audit entry
   * and the answer to a keyed request commit with it.
   */
  async decide(
    queue: DecisionQueue,
    id: string,
    decision: Decision,
    adminId: string,
    notes: string | null,
    keyed: KeyedRequest | null = null,
  ) {
    const { item, moved, view } = await this.ctx.dataSource.transaction(async (manager) => {
      const decided = await claimPending(manager, queue, id, decision, adminId, notes);
      const posting = queue.postings[decision]?.(decided);
      const moved = posting ? { posting, balances: await post(manager, posting) } : null;
      await queue.onDecided?.(manager, decided);
      await recordAudit(manager, {
        adminId,
        action: `${queue.kind}.${decision}`,
        targetType: queue.kind,
        targetId: id,
        notes,
      });
      const owners = await itemOwners(manager, [decided.user_id]);
      const answer = queue.adminView(decided, owners.get(decided.user_id));
      await recordAnswer(manager, keyed, answer);
      return { item: decided, moved, view: answer };
    });
    announceQueueChange(this.ctx, queue, item, moved);
    return view;
  }

  /** The admin page's counters: each queue's pending items, under the queue's counter name. */
  async pendingCounts(registry: DecisionQueueRegistry): Promise<Record<string, number>> {
    const counts = await Promise.all(
      registry.queues.map((queue) =>
        this.ctx.dataSource
          .getRepository(queue.entity)
          .count({ where: { ...queue.scope, status: 'pending' } as FindOptionsWhere<QueueItem> }),
      ),
    );
    return Object.fromEntries(registry.queues.map((queue, i) => [queue.pendingCounter, counts[i]!]));
  }
}
