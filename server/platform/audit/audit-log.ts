import type { EntityManager } from 'typeorm';
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
