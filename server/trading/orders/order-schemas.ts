import { z } from 'zod';
import {
  MAX_TRAILING_DELTA,
  type ListKind,
  type OrderStatus,
  type OrderType,
  type Side,
  type StpMode,
  type TimeInForce,
} from '../../../engine';
import { standalone } from '../../kernel/validation';
import type { ListStatus } from './order-list.entity';
import { money } from '../../kernel/money';

/**
 * The order vocabulary of the API, once: what a caller may ask for and what an order and a fill
 * look like in answers. The routes validate and describe with these schemas, and a process
 * forwarding an order to its book's owner checks both ways with them.
 */

/** The order types the API offers: the engine's, stop-loss and take-profit stops included (see engine/README.md). */
export const orderKind = z.enum([
  'limit',
  'market',
  'stop_limit',
  'stop_market',
  'take_profit_limit',
  'take_profit',
] as const satisfies readonly OrderType[]);
/**
 * Self-trade prevention: which order a trade between two of one trader's orders ends, or `decrement`
 * (both lose what they would have traded) (the engine's modes).
 */
export const stpMode = z.enum([
  'cancel_newest',
  'cancel_oldest',
  'cancel_both',
  'decrement',
] as const satisfies readonly StpMode[]);
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
  'pending_new',
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

const TRAILING_DELTA_RANGE = standalone(
  `trailing_delta must be a whole number of basis points, 1 to ${MAX_TRAILING_DELTA}`,
);

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
  /** A stop trails the best last price by this many basis points (then its stop price is optional). */
  trailing_delta: z
    .number({ error: TRAILING_DELTA_RANGE })
    .int(TRAILING_DELTA_RANGE)
    .min(1, TRAILING_DELTA_RANGE)
    .max(MAX_TRAILING_DELTA, TRAILING_DELTA_RANGE)
    .optional(),
});
/** A checked order request: amounts and prices as exact decimal strings. */
export type OrderRequest = z.output<typeof orderRequestSchema>;

/**
 * An order as the trading core places it: the web's request, or what the Binance-compatible API
 * asks for beside it: a market buy by the quote amount to spend instead of an amount, the caller's
 * own id for the order (unique per user), its self-trade prevention mode (cancel_newest unless said),
 * an iceberg's visible amount and a trailing stop's delta.
 */
export const orderPlacementSchema = orderRequestSchema.extend({
  amount: decimal('Amount').optional(),
  quote_amount: decimal('Quote amount').optional(),
  client_order_id: z.string().min(1).max(36).optional(),
  stp: stpMode.optional(),
  /** A GTC order with a limit price shows this much of its amount at a time (an iceberg). */
  iceberg_amount: decimal('Iceberg amount').optional(),
});
export type OrderPlacement = z.output<typeof orderPlacementSchema>;

/**
 * An order list as the trading core places it (see engine/order-lists.ts): its orders in the list's
 * order (oco: the pair; oto: working, then pending; otoco: working, then the pending pair), each on
 * the list's symbol; the caller's own id for the list, one drawn when none is given.
 */
export const orderListPlacementSchema = z.object({
  symbol: orderRequestSchema.shape.symbol,
  kind: z.enum(['oco', 'oto', 'otoco'] as const satisfies readonly ListKind[]),
  client_list_id: z.string().min(1).max(36).optional(),
  orders: z.array(orderPlacementSchema).min(2).max(3),
});
export type OrderListPlacement = z.output<typeof orderListPlacementSchema>;

/**
 * An order list as a caller asks for it (POST /trading/order-list): its orders in the list's order
 * (oco: the pair; oto: working, then pending; otoco: working, then the pending pair), on its symbol.
 */
export const orderListRequestSchema = z.object({
  symbol: orderRequestSchema.shape.symbol,
  kind: orderListPlacementSchema.shape.kind,
  orders: z
    .array(orderRequestSchema.omit({ symbol: true }))
    .min(2)
    .max(3),
});
export type OrderListRequest = z.output<typeof orderListRequestSchema>;

/** A fill as its user sees it: side, fee and order are this user's; total = price x amount. */
export const userTradeViewSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  side,
  price: z.number(),
  amount: z.number(),
  fee: z.number(),
  /** The currency the fee is charged in: the market's quote account (USD), for a buy and a sell alike. */
  fee_asset: z.string(),
  total: z.number(),
  created_at: z.string(),
  /** The user's order that made the fill. */
  order_id: z.string(),
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
  /** A trailing stop's delta in basis points; null otherwise. */
  trailing_delta: z.number().nullable(),
  /** The order list it belongs to; null for an order of its own. */
  list_id: z.number().nullable(),
  created_at: z.string(),
  fills: z.array(userTradeViewSchema).optional(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** An order list as its user sees it: open (executing) while one of its orders is. */
export const orderListViewSchema = z.object({
  id: z.number(),
  symbol: z.string(),
  kind: orderListPlacementSchema.shape.kind,
  status: z.enum(['executing', 'all_done'] as const satisfies readonly ListStatus[]),
  orders: z.array(orderViewSchema),
  created_at: z.string(),
});
export type OrderListView = z.infer<typeof orderListViewSchema>;
