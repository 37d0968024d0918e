import type { EntityManager, FindOptionsWhere } from 'typeorm';
import type { DecisionQueue, QueueItem } from './decision-queue';
import { decidedStatus, type Decision } from './decision-inputs';
import { refuseMoney } from './refusals';

/**
 * Decides a pending item exactly once: a conditional UPDATE ... WHERE status = 'pending' inside the
 * caller's transaction, so of many concurrent clicks one wins and the others find it decided (409).
 * The item comes back with the columns a read would load (a KYC document's bytes stay where they are).
 */
export async function claimPending<Item extends QueueItem>(
  manager: EntityManager,
  queue: Pick<DecisionQueue<Item>, 'entity' | 'scope' | 'label'>,
  id: string,
  decision: Decision,
  adminId: string,
  notes: string | null,
): Promise<Item> {
  const where = { ...queue.scope, id } as FindOptionsWhere<Item>;
  const loadedColumns = manager.connection
    .getMetadata(queue.entity)
    .columns.filter((column) => column.isSelect)
    .map((column) => column.databaseName);
  const result = await manager
    .createQueryBuilder()
    .update(queue.entity)
    .set({
      status: decidedStatus(decision),
      admin_notes: notes,
      decided_by: adminId,
      decided_at: () => 'now()',
    } as never)
    .where({ ...where, status: 'pending' })
    .returning(loadedColumns)
    .execute();
  const rows = result.raw as Item[];
  if (rows[0]) return rows[0];
  const exists = await manager.getRepository(queue.entity).exists({ where });
  throw refuseMoney(exists ? 'queue-item-not-pending' : 'queue-item-not-found', { item: queue.label });
}
