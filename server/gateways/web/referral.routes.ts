import { z } from 'zod';
import { pageQuery, sendPage } from '../../money/back-office/list-query';
import { referralCommissionView, referralSummaryView } from '../../trading/referrals/referral-schemas';
import type { ReferralsService } from '../../trading/referrals/referrals.service';
import { route } from './route';

/** A trader's referral programme: its code and link, and the commissions its referred traders' fees paid it. */
export const referralRoutes = (referrals: ReferralsService, publicUrl: string | undefined) => [
  route({
    method: 'get',
    path: '/referral',
    summary: "The caller's referral code and link, how many traders registered with it, and the commissions earned",
    tags: ['referral'],
    access: 'trader',
    response: referralSummaryView,
    handler: ({ user, ctx }) =>
      referrals.summary(user.id, (publicUrl ?? `${ctx.protocol}://${ctx.host}`).replace(/\/+$/, '')),
  }),
  route({
    method: 'get',
    path: '/referral/commissions',
    summary: 'The commissions paid to the caller, newest first; the total in X-Total-Count',
    tags: ['referral'],
    access: 'trader',
    query: pageQuery,
    response: z.array(referralCommissionView),
    handler: async ({ user, query, ctx }) => sendPage(ctx, await referrals.commissions(user.id, query)),
  }),
];
