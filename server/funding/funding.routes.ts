import { z } from 'zod';
import { decisionInput, type Decision } from '../back-office/decision-inputs';
import { decisionListQuery, pageQuery } from '../back-office/list-query';
import { userRefSchema } from '../back-office/user-refs';
import { route } from '../http/route';
import { usdAmount } from './amount';
import type { FundingKind } from './funding-request.entity';
import type { FundingService } from './funding.service';

/** SPEC's paths: the trader asks at /deposit and /withdraw, the admin decides at /admin/deposit and /admin/withdrawal. */
const PATHS: Record<FundingKind, { trader: string; adminList: string; adminItem: string; idField: string }> = {
  deposit: { trader: '/deposit', adminList: '/admin/deposits', adminItem: '/admin/deposit', idField: 'deposit_id' },
  withdrawal: {
    trader: '/withdraw',
    adminList: '/admin/withdrawals',
    adminItem: '/admin/withdrawal',
    idField: 'withdrawal_id',
  },
};

const fundingItem = z.object({
  id: z.uuid(),
  amount: z.number(),
  status: z.string(),
  created_at: z.string(),
  admin_notes: z.string().nullable(),
});
const adminFundingItem = fundingItem.extend({ user: userRefSchema.nullable() });

function fundingRoutes(funding: FundingService, kind: FundingKind) {
  const paths = PATHS[kind];
  const decide = (decision: Decision) =>
    route({
      method: 'post',
      path: `${paths.adminItem}/${decision}`,
      summary: `${decision === 'approve' ? 'Approve' : 'Reject'} a pending ${kind}`,
      tags: ['admin', 'funding'],
      access: 'admin',
      input: decisionInput(paths.idField),
      response: adminFundingItem,
      handler: ({ input, user: admin }) => funding.decide(kind, input.id, decision, admin.id, input.notes),
    });
  return [
    route({
      method: 'post',
      path: `${paths.trader}/request`,
      summary:
        kind === 'deposit'
          ? 'Ask for a deposit (pending until an admin approves it)'
          : 'Ask for a withdrawal (holds the amount)',
      tags: ['funding'],
      access: 'trader',
      input: z.object({ amount: usdAmount }),
      response: fundingItem,
      handler: ({ input, user: trader }) => funding.request(kind, trader.id, input.amount),
    }),
    route({
      method: 'get',
      path: `${paths.trader}/history`,
      summary: `The caller's ${kind}s, newest first`,
      tags: ['funding'],
      access: 'trader',
      query: pageQuery,
      response: z.array(fundingItem),
      handler: ({ query, user: trader }) => funding.history(kind, trader.id, query),
    }),
    route({
      method: 'get',
      path: paths.adminList,
      summary: `Every trader's ${kind}s, newest first`,
      tags: ['admin', 'funding'],
      access: 'admin',
      query: decisionListQuery,
      response: z.array(adminFundingItem),
      handler: ({ query }) => funding.list(kind, query),
    }),
    decide('approve'),
    decide('reject'),
  ];
}

export const depositAndWithdrawalRoutes = (funding: FundingService) => [
  ...fundingRoutes(funding, 'deposit'),
  ...fundingRoutes(funding, 'withdrawal'),
];
