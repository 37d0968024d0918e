import { z } from 'zod';
import { COMMISSION_SIDES } from './referral-commission.entity';

// What the referral routes answer (server/gateways/web/referral.routes.ts).

export const referralSummaryView = z.object({
  code: z.string(),
  /** Where a friend registers with the code filled in. */
  link: z.string(),
  referred_count: z.number().int(),
  /** Commissions credited so far, in USD. */
  earned: z.string(),
  /** The share of a referred trader's fees the referrer is paid. */
  commission_rate: z.string(),
});
export type ReferralSummaryView = z.infer<typeof referralSummaryView>;

export const referralCommissionView = z.object({
  trade_id: z.string(),
  side: z.enum(COMMISSION_SIDES),
  /** The referred trader's e-mail, masked: "an***@example.com". */
  referee: z.string(),
  symbol: z.string(),
  fee: z.string(),
  rate: z.string(),
  commission: z.string(),
  traded_at: z.string(),
  paid_at: z.string(),
});
export type ReferralCommissionView = z.infer<typeof referralCommissionView>;
