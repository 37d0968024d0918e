import type { DataSource, EntityManager } from 'typeorm';
import type { Page } from '../back-office/list-query';
import { userRefs } from '../back-office/user-refs';
import { AuditEntry } from './audit-entry.entity';

export interface AuditRecord {
  adminId: string;
  action: string;
  targetType: string;
  targetId: string;
  notes?: string | null;
}

/** Writes who decided what, inside the transaction of the decision itself, so neither exists alone. */
export async function recordAudit(manager: EntityManager, record: AuditRecord): Promise<void> {
  await manager.insert(AuditEntry, {
    admin_id: record.adminId,
    action: record.action,
    target_type: record.targetType,
    target_id: record.targetId,
    notes: record.notes ?? null,
  });
}

/** The audit log, newest first, each entry with the administrator who made it. */
export async function listAudit(dataSource: DataSource, page: Page) {
  const entries = await dataSource.getRepository(AuditEntry).find({
    order: { created_at: 'DESC', id: 'DESC' },
    take: page.limit,
    skip: page.offset,
  });
  const admins = await userRefs(
    dataSource.manager,
    entries.map((entry) => entry.admin_id),
  );
  return entries.map((entry) => ({ ...entry, admin: admins.get(entry.admin_id) ?? null }));
}
