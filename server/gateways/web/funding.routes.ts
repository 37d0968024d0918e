import { z } from 'zod';
import { pageQuery } from '../../money/back-office/list-query';
import { userRateLimit } from '../../platform/http/per-user-rate-limits';
import { route } from './route';
import { usdAmount } from '../../money/funding/amount';
import type { FundingKind } from '../../money/funding/funding-request.entity';
import { fundingItem } from '../../money/funding/funding-view';
import type { FundingService } from '../../money/funding/funding.service';
import { twoFactorCode, type TwoFactorService } from '../../identity/two-factor/two-factor.service';

/** Where a trader asks for each kind (administrators decide them at the paths of funding-queues.ts). */
const TRADER_PATHS: Record<FundingKind, string> = { deposit: '/deposit', withdrawal: '/withdraw' };

/** A withdrawal needs the second factor when the trader has it on; a deposit moves nothing out. */
const requestInput = {
  deposit: z.object({ amount: usdAmount }),
  withdrawal: z.object({ amount: usdAmount, totp: twoFactorCode.optional() }),
};

function fundingRoutes(funding: FundingService, twoFactor: TwoFactorService, kind: FundingKind) {
  const path = TRADER_PATHS[kind];
  return [
    route({
      method: 'post',
      path: `${path}/request`,
      summary:
        kind === 'deposit'
          ? 'Ask for a deposit (pending until an admin approves it)'
          : 'Ask for a withdrawal (holds the amount); with two-factor on, `totp` is needed too',
      tags: ['funding'],
      access: 'trader',
      before: [userRateLimit('money')],
      idempotent: true,
      input: requestInput[kind],
      response: fundingItem,
      // Inside the keyed request: a retry with the same key gets the first answer, not a second code check.
      handler: async ({ input, user: trader, keyed }) => {
        if (kind === 'withdrawal')
          await twoFactor.requireTwoFactor(trader.id, (input as z.infer<typeof requestInput.withdrawal>).totp);
        return funding.request(kind, trader.id, input.amount, keyed);
      },
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

export const depositAndWithdrawalRoutes = (funding: FundingService, twoFactor: TwoFactorService) => [
  route({
    method: 'get',
    path: '/deposit/reference',
    summary: "The caller's deposit reference, to put on bank transfers (the same for every deposit)",
    tags: ['funding'],
    access: 'trader',
    response: z.object({ deposit_reference: z.string() }),
    handler: ({ user: trader }) => funding.depositReference(trader.id),
  }),
  ...fundingRoutes(funding, twoFactor, 'deposit'),
  ...fundingRoutes(funding, twoFactor, 'withdrawal'),
];
