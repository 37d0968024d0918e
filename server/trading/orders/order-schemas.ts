import { z } from 'zod';
import type { OrderStatus, Side, TimeInForce } from '../../../engine';
import { standalone } from '../../kernel/validation';
import { money } from '../../kernel/money';

/**
 * The order vocabulary of the API, once: what a caller may ask for and what an order and a fill
 * look like in answers. The routes validate and describe with these schemas, and a process
 * forwarding an order to its book's owner checks both ways with them.
 */

/** The order types the API offers (the engine also knows stop-market orders, which it does not). */
export const orderKind = z.enum(['limit', 'market', 'stop_limit']);
export type OrderKind = z.infer<typeof orderKind>;

export const side = z.enum(['buy', 'sell'] as const satisfies readonly Side[]);
export const timeInForce = z.enum(['GTC', 'IOC', 'FOK'] as const satisfies readonly TimeInForce[]);
export const orderStatus = z.enum([
  'new',
  'partially_filled',
  'filled',
  'canceled',
  'rejected',
  'expired',
  'waiting',
] as const satisfies readonly OrderStatus[]);

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * A positive decimal sent as a JSON number or a numeric string, kept exact as a string. What it
 * gives is plain decimal text, which it accepts again unchanged (a forwarded order is checked twice).
 */
const decimal = (what: string) => {
  const message = standalone(`${what} must be a positive number`);
  return z.union([z.number(), z.string().trim().regex(PLAIN_DECIMAL, message)]).transform((value, ctx) => {
    // Most come plain (0.002, "100000"): positive when a digit is not zero, passed on as they are.
    // Only the others (1e-7, negatives) need a decimal parse.
    const text = String(value);
    if (PLAIN_DECIMAL.test(text)) {
      if (/[1-9]/.test(text)) return text;
    } else {
      const parsed = money(value);
      if (parsed.isFinite() && parsed.gt(0)) return parsed.toFixed();
    }
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
};

/** An order as a caller asks for it (POST /trading/order). */
export const orderRequestSchema = z.object({
  symbol: z.string().trim().min(1, standalone('Please fill all required fields')).max(16),
  side,
  type: orderKind,
  amount: decimal('Amount'),
  price: decimal('Price').nullish(),
  stop_price: decimal('Stop price').nullish(),
  time_in_force: timeInForce.optional(),
  post_only: z.boolean().optional(),
});
/** A checked order request: amounts and prices as exact decimal strings. */
export type OrderRequest = z.output<typeof orderRequestSchema>;

/**
 * An order as the trading core places it: the web's request, or what the Binance-compatible API
 * asks for beside it: a market buy by the quote amount to spend instead of an amount, and the
 * caller's own id for the order (unique per user).
 */
export const orderPlacementSchema = orderRequestSchema.extend({
  amount: decimal('Amount').optional(),
  quote_amount: decimal('Quote amount').optional(),
  client_order_id: z.string().min(1).max(36).optional(),
});
export type OrderPlacement = z.output<typeof orderPlacementSchema>;

/** A fill as its user sees it: side and fee are this user's; total = price x amount. */
export const userTradeViewSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  side,
  price: z.number(),
  amount: z.number(),
  fee: z.number(),
  total: z.number(),
  created_at: z.string(),
});
export type UserTradeView = z.infer<typeof userTradeViewSchema>;

/** An order as its user sees it; placing one answers it with the fills it made at once. */
export const orderViewSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  type: orderKind,
  side,
  price: z.number().nullable(),
  stop_price: z.number().nullable(),
  amount: z.number(),
  filled: z.number(),
  average_price: z.number().nullable(),
  status: orderStatus,
  time_in_force: timeInForce,
  created_at: z.string(),
  fills: z.array(userTradeViewSchema).optional(),
});
export type OrderView = z.infer<typeof orderViewSchema>;
