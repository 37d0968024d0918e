import { z } from 'zod';
import type { DecisionQueueRegistry } from '../../money/back-office/decision-queue-registry';
import { recordId } from '../../money/back-office/decision-inputs';
import { pageQuery, sendPage } from '../../money/back-office/list-query';
import { userRefSchema } from '../../money/back-office/user-refs';
import type { ServerContext } from '../../platform/modules/context';
import { route } from '../web/route';
import { checkLedger } from '../../ledger/ledger-check';
import { LEDGER_CSV_HEADER, ledgerCsvRows } from '../../ledger/ledger-export';
import { AUDIT_CSV_HEADER, auditCsvRows, auditFilters, auditListQuery, listAudit } from './audit-list';
import type { AdminService } from './admin.service';
import { sendCsv } from '../../platform/http/csv-download';
import { closedDateRange, RANGE_REFINEMENT, rangeBounds, validRange } from '../../kernel/date-range';

const listedUser = z.object({
  id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  kyc_status: z.string(),
  balance: z.number(),
  created_at: z.string(),
});

const auditEntry = z.object({
  id: z.uuid(),
  admin_id: z.uuid(),
  admin: userRefSchema.nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.uuid(),
  notes: z.string().nullable(),
  created_at: z.string(),
});

const ledgerCheck = z.object({
  ok: z.boolean(),
  mismatches: z.array(
    z.object({
      account_id: z.uuid(),
      asset: z.string(),
      bucket: z.enum(['available', 'locked']),
      balance: z.string(),
      ledger: z.string(),
    }),
  ),
  held: z
    .array(z.object({ system: z.string(), asset: z.string(), balance: z.string(), held: z.string() }))
    .describe("System accounts that hold for a domain (Earn) whose balance is not what the domain's rows hold"),
  paid: z
    .array(z.object({ reason: z.string(), asset: z.string(), journal: z.string(), recorded: z.string() }))
    .describe(
      "Payments a domain recorded (referral commissions) whose total is not what the journal's postings of that reason moved",
    ),
  totals: z.array(z.object({ asset: z.string(), users: z.string(), system: z.string(), total: z.string() })),
});

/** Both ends of the range are needed: an export of the whole ledger is a backup's business. */
const ledgerExportQuery = closedDateRange.refine(validRange, RANGE_REFINEMENT);

/** The admin page's counters: the people of the venue, and one per decision queue. */
const countersOf = (decisionQueues: DecisionQueueRegistry) =>
  z.object({
    total_users: z.number(),
    ...Object.fromEntries(decisionQueues.queues.map((queue) => [queue.pendingCounter, z.number()])),
  });

export function adminRoutes(
  admin: AdminService,
  decisionQueues: DecisionQueueRegistry,
  { dataSource, reads }: Pick<ServerContext, 'dataSource' | 'reads'>,
) {
  const setActive = (action: 'suspend' | 'activate') =>
    route({
      method: 'post',
      path: `/admin/user/${action}`,
      summary:
        action === 'suspend'
          ? 'Suspend a trader: their tokens stop working, their sockets close and their open orders are cancelled, at once'
          : 'Reactivate a suspended trader',
      tags: ['admin', 'users'],
      access: 'admin',
      input: z.object({ user_id: recordId }),
      response: listedUser,
      handler: ({ input, user }) => admin.setActive(user.id, input.user_id, action === 'activate'),
    });
  return [
    route({
      method: 'get',
      path: '/admin/users',
      summary: 'Users with their dollar balance and KYC status, newest first; the total in X-Total-Count',
      tags: ['admin', 'users'],
      access: 'admin',
      query: pageQuery,
      response: z.array(listedUser),
      handler: async ({ query, ctx }) => sendPage(ctx, await admin.users(query)),
    }),
    setActive('suspend'),
    setActive('activate'),
    route({
      method: 'get',
      path: '/admin/stats',
      summary: 'The counters of the admin page',
      tags: ['admin'],
      access: 'admin',
      response: countersOf(decisionQueues),
      handler: () => admin.stats(),
    }),
    route({
      method: 'get',
      path: '/admin/audit',
      summary:
        "Administrators' decisions (who, what, when, notes), newest first, by actor, action and days (UTC); the total in X-Total-Count",
      tags: ['admin', 'audit'],
      access: 'admin',
      query: auditListQuery,
      response: z.array(auditEntry),
      handler: async ({ query, ctx }) => sendPage(ctx, await reads.run((db) => listAudit(db, query))),
    }),
    route({
      method: 'get',
      path: '/admin/audit/export',
      summary: 'The audit log entries the filters of GET /admin/audit select, oldest first, as a CSV file',
      tags: ['admin', 'audit'],
      access: 'admin',
      query: auditFilters,
      handler: async ({ query, ctx }) => sendCsv(ctx, 'audit-log.csv', AUDIT_CSV_HEADER, auditCsvRows(reads, query)),
    }),
    route({
      method: 'get',
      path: '/admin/ledger/check',
      summary: 'Recomputes every account from the ledger: mismatches, and per-asset totals that must sum to zero',
      tags: ['admin', 'ledger'],
      access: 'admin',
      response: ledgerCheck,
      handler: () => checkLedger(dataSource.manager),
    }),
    route({
      method: 'get',
      path: '/admin/ledger/export',
      summary:
        'The journal entries of the days from..to (UTC, both included) in the order they were written, as a CSV file',
      tags: ['admin', 'ledger'],
      access: 'admin',
      query: ledgerExportQuery,
      handler: async ({ query, ctx }) => {
        const { since, until } = rangeBounds(query);
        return sendCsv(
          ctx,
          `ledger-${query.from}-to-${query.to}.csv`,
          LEDGER_CSV_HEADER,
          ledgerCsvRows(reads, since!, until!),
        );
      },
    }),
  ];
}
