import { z } from 'zod';
import { userRateLimit } from '../../platform/http/per-user-rate-limits';
import type { OrderMetrics } from '../../platform/metrics/orders';
import { route, type RouteSpec } from './route';
import { standalone } from '../../kernel/validation';
import { orderRequestSchema, orderViewSchema, userTradeViewSchema } from '../../trading/orders/order-schemas';
import { MAX_LIST } from '../../trading/orders/read-limits';
import type { TradingService } from '../../trading/trading.service';

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

export function tradingRoutes(trading: TradingService, orders: OrderMetrics): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/trading/order',
      summary: 'Place an order: holds its funds, matches, settles fills with fees; answers the order with its fills',
      tags: ['trading'],
      // The order's round checks the account (suspension, role, KYC) with the balances it reads.
      access: 'signed',
      before: [userRateLimit('orders')],
      idempotent: true,
      input: orderRequestSchema,
      response: orderViewSchema,
      handler: ({ input, user, keyed }) => orders.counted('web', trading.placeOrder(user.id, input, keyed)),
    }),
    route({
      method: 'delete',
      path: '/trading/order',
      summary: 'Cancel an open order (body or query order_id); what it still holds is released',
      tags: ['trading'],
      access: 'trader',
      before: [userRateLimit('orders')],
      idempotent: true,
      input: z.object({ order_id: z.string().trim().min(1, standalone('order_id is required')) }),
      response: orderViewSchema,
      handler: ({ input, user, keyed }) => trading.cancelOrder(user.id, input.order_id, keyed),
    }),
    route({
      method: 'get',
      path: '/trading/orders/open',
      summary: "The caller's open orders (one symbol, or all)",
      tags: ['trading'],
      access: 'trader',
      query: z.object({ symbol: symbolParam }),
      response: z.array(orderViewSchema),
      handler: ({ query, user }) => trading.openOrders(user.id, query.symbol),
    }),
    route({
      method: 'get',
      path: '/trading/orders/history',
      summary: "The caller's closed orders, newest first, with average price and executed amount",
      tags: ['trading'],
      access: 'trader',
      query: listQuery,
      response: z.array(orderViewSchema),
      handler: ({ query, user }) => trading.orderHistory(user.id, query.symbol, query.limit),
    }),
    route({
      method: 'get',
      path: '/trading/trades',
      summary: "The caller's fills, newest first: side and fee from the caller's point of view",
      tags: ['trading'],
      access: 'trader',
      query: listQuery,
      response: z.array(userTradeViewSchema),
      handler: ({ query, user }) => trading.userTrades(user.id, query.symbol, query.limit),
    }),
  ];
}
