import type { DataSource } from 'typeorm';
import { AuditEntry } from '../audit/audit-entry.entity';
import type { Page } from '../back-office/list-query';
import { userRefs } from '../back-office/user-refs';

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
