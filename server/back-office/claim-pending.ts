import type { EntityManager, EntityTarget, FindOptionsWhere } from 'typeorm';
import { conflict, notFound } from '../http/errors';
import type { DecisionColumns } from './decision-columns.entity';
import { decidedStatus, type Decision } from './decision-inputs';

/** An item of a decision queue, as the conditional UPDATE returns it. */
type DecidedItem = DecisionColumns & { id: string };

export interface PendingItemClaim<T extends DecidedItem> {
  entity: EntityTarget<T>;
  /** Narrows the lookup, e.g. {kind: 'deposit'}, so one queue's id is unknown in another. */
  scope?: FindOptionsWhere<T>;
  /** Shown to people: 'Deposit' gives 'Deposit not found' and 'Deposit is not pending'. */
  label: string;
  /** The columns the caller needs back (a KYC document's bytes stay where they are). */
  returning: string[];
}

/**
 * Decides a pending item exactly once: a conditional UPDATE ... WHERE status = 'pending' inside the
 * caller's transaction, so of many concurrent clicks one wins and the others find it decided (409).
 */
export async function claimPending<T extends DecidedItem>(
  manager: EntityManager,
  claim: PendingItemClaim<T>,
  id: string,
  decision: Decision,
  adminId: string,
  notes: string | null,
): Promise<T> {
  const where = { ...claim.scope, id } as FindOptionsWhere<T>;
  const result = await manager
    .createQueryBuilder()
    .update(claim.entity)
    .set({
      status: decidedStatus(decision),
      admin_notes: notes,
      decided_by: adminId,
      decided_at: () => 'now()',
    } as never)
    .where({ ...where, status: 'pending' })
    .returning(claim.returning)
    .execute();
  const rows = result.raw as T[];
  if (rows[0]) return rows[0];
  const exists = await manager.getRepository(claim.entity).exists({ where });
  throw exists ? conflict(`${claim.label} is not pending`) : notFound(`${claim.label} not found`);
}
