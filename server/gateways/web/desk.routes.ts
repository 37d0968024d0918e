import { z } from 'zod';
import { userRateLimit } from '../../platform/http/per-user-rate-limits';
import { route } from './route';
import { standalone } from '../../kernel/validation';
import { money } from '../../kernel/money';
import { symbolParam } from '../../trading/market-data/market-symbol';
import { INVALID_AMOUNT, type DeskService } from '../../trading/desk/desk.service';
import { sendPage } from '../../money/back-office/list-query';
import { listFilters, pagedQuery, sendExport, TRADE_COLUMNS, tradeHistoryFilters } from './trader-lists';

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

/** A positive decimal given as a JSON number or a numeric string (the query string sends strings). */
const positiveDecimal = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    // decimal.js reads a number through its shortest string form, so 0.1 stays 0.1 exactly.
    .transform((value) =>
      typeof value === 'number' ? (Number.isFinite(value) ? money(value).toFixed() : '') : value.trim(),
    )
    .refine((text) => DECIMAL.test(text) && money(text).greaterThan(0), message)
    .transform((text) => money(text));

const tradeInput = z.object({
  symbol: symbolParam,
  trade_type: z.enum(['buy', 'sell'], { error: standalone('trade_type must be buy or sell') }),
  amount: positiveDecimal(standalone(INVALID_AMOUNT)),
  price: positiveDecimal(standalone('Please enter a valid price')),
});

const execution = z.object({
  id: z.string(),
  symbol: z.string(),
  type: z.enum(['buy', 'sell']),
  amount: z.number(),
  price: z.number(),
  total: z.number(),
  created_at: z.string(),
});

/** A trade of the history: its kind, and a fill's order and fee (null for a desk trade). */
const historyTrade = execution.extend({
  kind: z.enum(['fill', 'desk']),
  order_id: z.string().nullable(),
  fee: z.number().nullable(),
});

export function deskRoutes(desk: DeskService) {
  return [
    route({
      method: 'post',
      path: '/trade',
      summary:
        "Buy at the house desk's ask or sell at its bid, at once (the price the trader saw must be within 1% of it)",
      tags: ['simple trading'],
      access: 'trader',
      before: [userRateLimit('money')],
      idempotent: true,
      input: tradeInput,
      response: execution,
      handler: ({ user, input, keyed }) =>
        desk.execute(
          user,
          { symbol: input.symbol, side: input.trade_type, amount: input.amount, price: input.price },
          keyed,
        ),
    }),
    route({
      method: 'get',
      path: '/trade/history',
      summary:
        "The user's executions, newest first: instant trades and order fills (total = price x amount), each with its kind, and a fill with its order and fee; filtered by symbol, side, kind and days (from, to), 100 a page unless asked, the total in X-Total-Count",
      tags: ['simple trading'],
      access: 'trader',
      query: pagedQuery(tradeHistoryFilters, 100),
      response: z.array(historyTrade),
      handler: async ({ user, query, ctx }) => {
        const { limit, offset, ...filters } = query;
        return sendPage(ctx, await desk.historyPage(user.id, listFilters(filters), { limit, offset }));
      },
    }),
    route({
      method: 'get',
      path: '/trade/history/export',
      summary: 'The trades GET /trade/history selects with the same filters, oldest first, as a CSV file',
      tags: ['simple trading'],
      access: 'trader',
      query: tradeHistoryFilters,
      handler: async ({ user, query, ctx }) => {
        const filters = listFilters(query);
        return sendExport(ctx, 'trade-history.csv', TRADE_COLUMNS, (window) =>
          desk.historyRows(user.id, filters, window),
        );
      },
    }),
  ];
}
