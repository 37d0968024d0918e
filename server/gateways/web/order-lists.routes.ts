import { z } from 'zod';
import { userRateLimit } from '../../platform/http/per-user-rate-limits';
import { standalone } from '../../kernel/validation';
import { orderListRequestSchema, orderListViewSchema } from '../../trading/orders/order-schemas';
import type { TradingService } from '../../trading/trading.service';
import { route, type RouteSpec } from './route';

/** Order lists on the web (see engine/order-lists.ts): what a bot places through the Binance-compatible API, a person can too. */
export function orderListRoutes(trading: TradingService): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/trading/order-list',
      summary:
        'Place an order list, all or nothing: oco (two orders, one ending the other), oto (a working order, then a pending one placed once it has filled) or otoco',
      tags: ['trading'],
      // The list's round checks the account (suspension, role, KYC) with the balances it reads.
      access: 'signed',
      before: [userRateLimit('orders')],
      idempotent: true,
      input: orderListRequestSchema,
      response: orderListViewSchema,
      handler: ({ input, user, keyed }) => trading.placeOrderList(user.id, input, keyed),
    }),
    route({
      method: 'delete',
      path: '/trading/order-list',
      summary: 'Cancel every open order of an order list (body or query list_id); what they hold is released',
      tags: ['trading'],
      access: 'trader',
      before: [userRateLimit('orders')],
      input: z.object({
        list_id: z.coerce
          .number({ error: standalone('list_id is required') })
          .int()
          .positive(),
      }),
      response: orderListViewSchema,
      handler: ({ input, user }) => trading.cancelOrderList(user.id, input.list_id),
    }),
    route({
      method: 'get',
      path: '/trading/order-lists/open',
      summary: "The caller's open order lists, every symbol, with their orders",
      tags: ['trading'],
      access: 'trader',
      response: z.array(orderListViewSchema),
      handler: ({ user }) => trading.openOrderLists(user.id),
    }),
  ];
}
