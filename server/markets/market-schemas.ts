import { z } from 'zod';
import { feeRateSchema } from '../platform/config/config';
import { MARKET_STATUSES } from './market.entity';

// What the administrator's market routes take and answer (server/gateways/admin/markets-admin.routes.ts).

/** A decimal string of at most 18 decimals, as the numeric columns keep them. */
const decimal = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a decimal string');
const positiveDecimal = decimal.refine((value) => /[1-9]/.test(value), 'must be above zero');

export const newMarketSchema = z.object({
  symbol: z.string().regex(/^[A-Z0-9]{2,12}USDT$/, 'must be the base asset followed by USDT, in capitals'),
  base_asset: z.string().regex(/^[A-Z0-9]{2,12}$/, 'must be 2 to 12 capital letters or digits'),
  tick_size: positiveDecimal,
  lot_size: positiveDecimal,
  min_notional: decimal,
  reference_price: positiveDecimal,
});

export const marketChangeSchema = z
  .object({
    status: z.enum(MARKET_STATUSES).optional(),
    maker_fee_rate: feeRateSchema.optional(),
    taker_fee_rate: feeRateSchema.optional(),
    tick_size: positiveDecimal.optional(),
    lot_size: positiveDecimal.optional(),
    min_notional: decimal.optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), 'Nothing to change');

export const marketViewSchema = z.object({
  id: z.uuid(),
  symbol: z.string(),
  kind: z.enum(['book', 'forex']),
  name: z.string(),
  base_asset: z.string(),
  tick_size: z.string(),
  lot_size: z.string(),
  min_notional: z.string(),
  reference_price: z.string(),
  status: z.enum(MARKET_STATUSES),
  maker_fee_rate: z.string(),
  taker_fee_rate: z.string(),
  default_fees: z.boolean().describe("The fee rates are the venue's defaults (MAKER_FEE_RATE, TAKER_FEE_RATE)"),
  listed_at: z.string(),
});

export type NewMarket = z.infer<typeof newMarketSchema>;
/** What an administrator may change of a listed book market; absent fields stay as they are. */
export type MarketChange = z.infer<typeof marketChangeSchema>;

/** The fields of a change that are the book's own rules: they change only while the book holds no order. */
export const BOOK_RULE_FIELDS = ['tick_size', 'lot_size', 'min_notional'] as const;
export const changesBookRules = (change: MarketChange) => BOOK_RULE_FIELDS.some((field) => change[field] !== undefined);
export type MarketView = z.infer<typeof marketViewSchema>;
