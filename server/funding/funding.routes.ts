import { z } from 'zod';
import { pageQuery } from '../back-office/list-query';
import { userRateLimit } from '../http/per-user-rate-limits';
import { route } from '../http/route';
import { usdAmount } from './amount';
import type { FundingKind } from './funding-request.entity';
import { fundingItem } from './funding-view';
import type { FundingService } from './funding.service';

/** Where a trader asks for each kind (administrators decide them at the paths of funding-queues.ts). */
const TRADER_PATHS: Record<FundingKind, string> = { deposit: '/deposit', withdrawal: '/withdraw' };

function fundingRoutes(funding: FundingService, kind: FundingKind) {
  const path = TRADER_PATHS[kind];
  return [
    route({
      method: 'post',
      path: `${path}/request`,
      summary:
        kind === 'deposit'
          ? 'Ask for a deposit (pending until an admin approves it)'
          : 'Ask for a withdrawal (holds the amount)',
      tags: ['funding'],
      access: 'trader',
      before: [userRateLimit('money')],
      idempotent: true,
      input: z.object({ amount: usdAmount }),
      response: fundingItem,
      handler: ({ input, user: trader, keyed }) => funding.request(kind, trader.id, input.amount, keyed),
    }),
    route({
      method: 'get',
      path: `${path}/history`,
      summary: `The caller's ${kind}s, newest first`,
      tags: ['funding'],
      access: 'trader',
      query: pageQuery,
      response: z.array(fundingItem),
      handler: ({ query, user: trader }) => funding.history(kind, trader.id, query),
    }),
  ];
}

export const depositAndWithdrawalRoutes = (funding: FundingService) => [
  ...fundingRoutes(funding, 'deposit'),
  ...fundingRoutes(funding, 'withdrawal'),
];
