import { z } from 'zod';
import { userRateLimit } from '../http/per-user-rate-limits';
import { route, type RouteSpec } from '../http/route';
import { standalone } from '../http/validation';
import { money } from '../ledger/money';
import { MAX_LIST, type TradingService } from './trading.service';

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** A positive decimal sent as a JSON number or a numeric string, kept exact as a string. */
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

const symbolParam = z
  .string()
  .trim()
  .max(16)
  .optional()
  .transform((s) => s || undefined);
const limitParam = z.coerce
  .number()
  .int()
  .min(1)
  .default(50)
  .transform((n) => Math.min(n, MAX_LIST));
const listQuery = z.object({ symbol: symbolParam, limit: limitParam });

const placeOrderInput = z.object({
  symbol: z.string().trim().min(1, standalone('Please fill all required fields')).max(16),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['limit', 'market', 'stop_limit']),
  amount: decimal('Amount'),
  price: decimal('Price').nullish(),
  stop_price: decimal('Stop price').nullish(),
  time_in_force: z.enum(['GTC', 'IOC', 'FOK']).optional(),
  post_only: z.boolean().optional(),
});

export function tradingRoutes(trading: TradingService): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/trading/order',
      summary: 'Place an order: holds its funds, matches, settles fills with fees; answers the order with its fills',
      tags: ['trading'],
      // The order's round checks the account (suspension, role, KYC) with the balances it reads.
      access: 'signed',
      before: [userRateLimit('orders')],
      input: placeOrderInput,
      handler: ({ input, user }) => trading.placeOrder(user.id, input),
    }),
    route({
      method: 'delete',
      path: '/trading/order',
      summary: 'Cancel an open order (body or query order_id); what it still holds is released',
      tags: ['trading'],
      access: 'trader',
      before: [userRateLimit('orders')],
      input: z.object({ order_id: z.string().trim().min(1, standalone('order_id is required')) }),
      handler: ({ input, user }) => trading.cancelOrder(user.id, input.order_id),
    }),
    route({
      method: 'get',
      path: '/trading/orders/open',
      summary: "The caller's open orders (one symbol, or all)",
      tags: ['trading'],
      access: 'trader',
      query: z.object({ symbol: symbolParam }),
      handler: ({ query, user }) => trading.openOrders(user.id, query.symbol),
    }),
    route({
      method: 'get',
      path: '/trading/orders/history',
      summary: "The caller's closed orders, newest first, with average price and executed amount",
      tags: ['trading'],
      access: 'trader',
      query: listQuery,
      handler: ({ query, user }) => trading.orderHistory(user.id, query.symbol, query.limit),
    }),
    route({
      method: 'get',
      path: '/trading/trades',
      summary: "The caller's fills, newest first: side and fee from the caller's point of view",
      tags: ['trading'],
      access: 'trader',
      query: listQuery,
      handler: ({ query, user }) => trading.userTrades(user.id, query.symbol, query.limit),
    }),
  ];
}
