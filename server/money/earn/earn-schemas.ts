import { z } from 'zod';
import { money, toSql } from '../../kernel/money';
import { standalone } from '../../kernel/validation';
import type { PositionRow } from './earn-accrual';
import { EARN_KINDS, EARN_PRODUCT_STATUSES } from './earn-product.entity';

// What Earn's routes take and answer (server/gateways/web/earn.routes.ts, gateways/admin/earn-admin.routes.ts).

/**
 * A decimal of at most 20 integer digits and 18 decimals (what numeric(38,18) keeps), from a JSON
 * number or a string, read from its text so no float takes part; answered as its plain decimal text.
 */
const decimalText = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform(String)
    .pipe(
      z
        .string()
        .trim()
        .regex(/^\d{1,20}(\.\d{1,18})?$/, message),
    )
    .transform((text) => toSql(text));

const positive = (message: string) => decimalText(message).refine((text) => money(text).gt(0), message);

/** A year's rate as a fraction, above 0 and at most 10 (1000%). */
const apy = positive('must be a decimal fraction above 0, e.g. 0.052 for 5.2%').refine(
  (text) => money(text).lte(10),
  'must be at most 10 (1000%)',
);
const minAmount = decimalText('must be a decimal of at least 0');
const termDays = z.number().int().min(1).max(3650);

export const newEarnProductSchema = z
  .object({
    asset: z.string().regex(/^[A-Z0-9]{2,12}$/, 'must be 2 to 12 capital letters or digits'),
    kind: z.enum(EARN_KINDS),
    apy,
    term_days: termDays.nullish(),
    min_amount: minAmount,
    status: z.enum(EARN_PRODUCT_STATUSES).default('open'),
  })
  .refine((product) => (product.kind === 'locked') === (product.term_days != null), {
    message: 'A locked product needs a term in days; a flexible one has none',
    path: ['term_days'],
  });
export type NewEarnProduct = z.infer<typeof newEarnProductSchema>;

const changeFields = {
  status: z.enum(EARN_PRODUCT_STATUSES).optional(),
  apy: apy.optional(),
  min_amount: minAmount.optional(),
};
const changesSomething = (change: Record<string, unknown>) =>
  Object.entries(change).some(([field, value]) => field !== 'id' && value !== undefined);
export const earnProductChangeSchema = z.object(changeFields).refine(changesSomething, 'Nothing to change');
export type EarnProductChange = z.infer<typeof earnProductChangeSchema>;
/** The same change sent to the collection, the product named in the body. */
export const earnProductChangeByIdSchema = z
  .object({ id: z.uuid(), ...changeFields })
  .refine(changesSomething, 'Nothing to change');

export const earnProductView = z.object({
  id: z.uuid(),
  asset: z.string(),
  kind: z.enum(EARN_KINDS),
  apy: z.string().describe('A fraction a year, as a decimal string: "0.052" is 5.2%'),
  term_days: z.number().int().nullable().describe('Days a locked product holds its positions; null when flexible'),
  min_amount: z.string(),
  status: z.enum(EARN_PRODUCT_STATUSES),
});
export type EarnProductView = z.infer<typeof earnProductView>;

export const adminEarnProductView = earnProductView.extend({
  placed: z.string().describe('The principal of its active positions'),
  interest_paid: z.string().describe('Interest credited to its positions so far, paid out or not'),
  active_positions: z.number().int(),
  created_at: z.string(),
});
export type AdminEarnProductView = z.infer<typeof adminEarnProductView>;

export const INVALID_EARN_AMOUNT = standalone('Please enter a valid amount');

export const subscribeSchema = z.object({ product_id: z.uuid(), amount: positive(INVALID_EARN_AMOUNT) });
export type Subscription = z.infer<typeof subscribeSchema>;

export const redeemSchema = z.object({ position_id: z.uuid() });

export const earnPositionView = z.object({
  id: z.uuid(),
  product_id: z.uuid(),
  asset: z.string(),
  kind: z.enum(EARN_KINDS),
  apy: z.string(),
  amount: z.string(),
  status: z.enum(['active', 'redeemed', 'matured']),
  accrued: z.string().describe('Interest credited to the position so far'),
  started_at: z.string(),
  matures_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type EarnPositionView = z.infer<typeof earnPositionView>;

/** A position as the routes answer it and the pushes tell it. */
export const positionView = (position: PositionRow): EarnPositionView => ({
  id: position.id,
  product_id: position.product_id,
  asset: position.asset,
  kind: position.kind,
  apy: toSql(position.apy),
  amount: toSql(position.amount),
  status: position.status,
  accrued: toSql(position.accrued),
  started_at: position.started_at.toISOString(),
  matures_at: position.matures_at?.toISOString() ?? null,
  closed_at: position.closed_at?.toISOString() ?? null,
});
