import { z } from 'zod';
import { userRateLimit } from '../../platform/http/per-user-rate-limits';
import { route } from './route';
import { standalone } from '../../kernel/validation';
import { money } from '../../kernel/money';
import { symbolParam } from '../../trading/market-data/market-symbol';
import { INVALID_AMOUNT, type DeskService } from '../../trading/desk/desk.service';

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
      summary: "The user's executions, newest first: instant trades and order fills (total = price x amount)",
      tags: ['simple trading'],
      access: 'trader',
      response: z.array(execution),
      handler: ({ user }) => desk.history(user.id),
    }),
  ];
}
