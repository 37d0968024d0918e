import { z } from 'zod';
import { userRateLimit } from '../../platform/http/per-user-rate-limits';
import type { OrderMetrics } from '../../platform/metrics/orders';
import { route, type RouteSpec } from './route';
import { standalone } from '../../kernel/validation';
import { orderRequestSchema, orderViewSchema, userTradeViewSchema } from '../../trading/orders/order-schemas';
import { MAX_LIST } from '../../trading/orders/read-limits';
import { sendPage } from '../../money/back-office/list-query';
import {
  fillFilters,
  listFilters,
  orderFilters,
  pagedQuery,
  ORDER_COLUMNS,
  sendExport,
  symbolFilter,
} from './trader-lists';
import type { TradingService } from '../../trading/trading.service';

/** An order list's page: every open order (up to MAX_LIST) unless asked; 50 of the history. */
const openOrdersQuery = pagedQuery(orderFilters, MAX_LIST);
const orderHistoryQuery = pagedQuery(orderFilters, 50);
const fillsQuery = pagedQuery(fillFilters, 50);

/** An edit of an open order: a new amount, a new price, or both. */
const orderAmendSchema = orderRequestSchema
  .pick({ amount: true, price: true })
  .partial()
  .extend({ order_id: z.string().trim().min(1, standalone('order_id is required')) })
  .refine((edit) => edit.amount !== undefined || (edit.price !== undefined && edit.price !== null), {
    message: standalone('amount or price is required'),
  })
  .transform(({ order_id, amount, price }) => ({ order_id, amount, price: price ?? undefined }));

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
      method: 'patch',
      path: '/trading/order',
      summary:
        "Edit an open order's amount (filled part included) or limit price: a smaller amount at the same price keeps its place in the queue; otherwise it is cancelled and its rest placed anew (nothing placed if the cancel fails); answers the resulting order",
      tags: ['trading'],
      // A replacement is a new order: its round checks the account as a placement's does.
      access: 'signed',
      before: [userRateLimit('orders')],
      input: orderAmendSchema,
      response: orderViewSchema,
      handler: ({ input, user }) => trading.amendOrder(user.id, input),
    }),
    route({
      method: 'delete',
      path: '/trading/orders',
      summary:
        "Cancel all the caller's open orders, of one symbol (body or query symbol) or every one; answers those it cancelled",
      tags: ['trading'],
      access: 'trader',
      before: [userRateLimit('orders')],
      input: z.object({ symbol: symbolFilter }),
      response: z.object({ canceled: z.number(), orders: z.array(orderViewSchema) }),
      handler: async ({ input, user }) => {
        const orders = await trading.cancelOpenOrders(user.id, input.symbol);
        return { canceled: orders.length, orders };
      },
    }),
    route({
      method: 'get',
      path: '/trading/orders/open',
      summary:
        "The caller's open orders, newest first, filtered by symbol, side, type and days (from, to); a page at a time, the total in X-Total-Count",
      tags: ['trading'],
      access: 'trader',
      query: openOrdersQuery,
      response: z.array(orderViewSchema),
      handler: async ({ query, user, ctx }) => {
        const { limit, offset, ...filters } = query;
        return sendPage(ctx, await trading.ordersPage(user.id, 'open', listFilters(filters), { limit, offset }));
      },
    }),
    route({
      method: 'get',
      path: '/trading/orders/history',
      summary:
        "The caller's closed orders, newest first, with average price and executed amount; filtered and paged as the open orders",
      tags: ['trading'],
      access: 'trader',
      query: orderHistoryQuery,
      response: z.array(orderViewSchema),
      handler: async ({ query, user, ctx }) => {
        const { limit, offset, ...filters } = query;
        return sendPage(ctx, await trading.ordersPage(user.id, 'history', listFilters(filters), { limit, offset }));
      },
    }),
    ...(['open', 'history'] as const).map((list) =>
      route({
        method: 'get',
        path: `/trading/orders/${list}/export`,
        summary: `The orders GET /trading/orders/${list} selects with the same filters, oldest first, as a CSV file`,
        tags: ['trading'],
        access: 'trader',
        query: orderFilters,
        handler: async ({ query, user, ctx }) => {
          const filters = listFilters(query);
          const filename = list === 'open' ? 'open-orders.csv' : 'order-history.csv';
          return sendExport(ctx, filename, ORDER_COLUMNS, (window) =>
            trading.orderRows(user.id, list, filters, window),
          );
        },
      }),
    ),
    route({
      method: 'get',
      path: '/trading/trades',
      summary:
        "The caller's fills, newest first: side, fee and order from the caller's point of view; filtered by symbol, side and days, paged, the total in X-Total-Count",
      tags: ['trading'],
      access: 'trader',
      query: fillsQuery,
      response: z.array(userTradeViewSchema),
      handler: async ({ query, user, ctx }) => {
        const { limit, offset, ...filters } = query;
        return sendPage(ctx, await trading.userTradesPage(user.id, listFilters(filters), { limit, offset }));
      },
    }),
  ];
}
