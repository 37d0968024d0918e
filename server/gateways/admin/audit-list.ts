import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { z } from 'zod';
import { AuditEntry } from '../../platform/audit/audit-entry.entity';
import type { HistoryReads } from '../../platform/db/history-reads';
import { pageQuery, type ListPage, type Page } from '../../money/back-office/list-query';
import { userRefs, type UserRef } from '../../money/back-office/user-refs';
import { standalone } from '../../kernel/validation';
import { dateRange, RANGE_REFINEMENT, rangeBounds, validRange } from '../../kernel/date-range';

/**
 * Which entries to show: by who made them (part of an administrator's e-mail or name, any case), by
 * what was done (an action such as deposit.approve, or all of one kind: deposit), and by the days
 * (UTC) they were made on.
 */
export const auditFilters = dateRange
  .extend({
    actor: z.string().trim().max(200).optional(),
    action: z
      .string()
      .regex(/^[a-z_]{1,32}(\.[a-z_]{1,15})?$/, standalone('An action is a word such as deposit or deposit.approve'))
      .optional(),
  })
  .refine(validRange, RANGE_REFINEMENT);
export type AuditFilters = z.infer<typeof auditFilters>;
export const auditListQuery = pageQuery.and(auditFilters);

/** % and _ in what was typed are letters to look for, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Entries matching the filters, by time; the id breaks ties, so pages never overlap. */
function filtered(
  dataSource: DataSource,
  filters: AuditFilters,
  order: 'ASC' | 'DESC',
): SelectQueryBuilder<AuditEntry> {
  const entries = dataSource
    .getRepository(AuditEntry)
    .createQueryBuilder('entry')
    .orderBy('entry.created_at', order)
    .addOrderBy('entry.id', order);
  if (filters.actor)
    entries.andWhere('entry.admin_id IN (SELECT id FROM users WHERE email ILIKE :actor OR full_name ILIKE :actor)', {
      actor: likePattern(filters.actor),
    });
  if (filters.action)
    entries.andWhere(filters.action.includes('.') ? 'entry.action = :action' : "entry.action LIKE :action || '.%'", {
      action: filters.action,
    });
  const { since, until } = rangeBounds(filters);
  if (since) entries.andWhere('entry.created_at >= :since', { since });
  if (until) entries.andWhere('entry.created_at < :until', { until });
  return entries;
}

const withAdmins = async (dataSource: DataSource, entries: AuditEntry[]) => {
  const admins = await userRefs(
    dataSource.manager,
    entries.map((entry) => entry.admin_id),
  );
  return entries.map((entry) => ({ ...entry, admin: admins.get(entry.admin_id) ?? null }));
};

/** A page of the audit log, each entry with the administrator who made it, and how many match. */
export async function listAudit(
  dataSource: DataSource,
  query: Page & AuditFilters,
): Promise<ListPage<AuditEntry & { admin: UserRef | null }>> {
  const [entries, total] = await filtered(dataSource, query, 'DESC')
    .take(query.limit)
    .skip(query.offset)
    .getManyAndCount();
  return { items: await withAdmins(dataSource, entries), total };
}

const EXPORT_BATCH = 1000;

export const AUDIT_CSV_HEADER = [
  'created_at',
  'admin_email',
  'admin_name',
  'action',
  'target_type',
  'target_id',
  'notes',
];

/**
 * Every entry matching the filters as CSV rows, oldest first, read a batch at a time: entries made
 * while the file is written come after the rows read so far, never among them.
 */
export async function* auditCsvRows(reads: HistoryReads, filters: AuditFilters) {
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    // Each batch on its own: one the standby fails is read again on the primary.
    const entries = await reads.run(async (db) =>
      withAdmins(db, await filtered(db, filters, 'ASC').take(EXPORT_BATCH).skip(offset).getMany()),
    );
    for (const entry of entries)
      yield [
        entry.created_at,
        entry.admin?.email ?? null,
        entry.admin?.full_name ?? null,
        entry.action,
        entry.target_type,
        entry.target_id,
        entry.notes,
      ];
    if (entries.length < EXPORT_BATCH) return;
  }
}
