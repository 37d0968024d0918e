import { z } from 'zod';
import type { ExchangeModule, ServerContext } from '../context';
import { route } from '../http/route';
import type { CatalogSync } from '../markets/catalog-sync';
import { MarketAdministration } from '../markets/market-administration';
import { MARKET_STATUSES } from '../markets/market.entity';

/** A positive decimal string of at most 18 decimals, as the numeric columns keep them. */
const positiveDecimal = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a decimal string')
  .refine((value) => /[1-9]/.test(value), 'must be above zero');
const feeRate = z
  .string()
  .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'must be a decimal between 0 and 1 with at most 6 decimals');

const newMarket = z.object({
  symbol: z.string().regex(/^[A-Z0-9]{2,12}USDT$/, 'must be the base asset followed by USDT, in capitals'),
  base_asset: z.string().regex(/^[A-Z0-9]{2,12}$/, 'must be 2 to 12 capital letters or digits'),
  tick_size: positiveDecimal,
  lot_size: positiveDecimal,
  min_notional: z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a decimal string'),
  reference_price: positiveDecimal,
});

const marketChange = z
  .object({
    status: z.enum(MARKET_STATUSES).optional(),
    maker_fee_rate: feeRate.optional(),
    taker_fee_rate: feeRate.optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), 'Nothing to change');

const market = z.object({
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

const bySymbol = z.object({ symbol: z.string().max(20) });

/** The administrator's markets: list, list a new USDT pair, halt / resume, fees. */
export function marketsAdminModule(ctx: ServerContext, catalog: CatalogSync): ExchangeModule {
  const markets = new MarketAdministration(ctx, catalog, {
    maker: ctx.config.MAKER_FEE_RATE,
    taker: ctx.config.TAKER_FEE_RATE,
  });
  return {
    routes: [
      route({
        method: 'get',
        path: '/admin/markets',
        summary: 'Every listed market (book markets and forex pairs) with its status and fee rates, in listing order',
        tags: ['admin', 'markets'],
        access: 'admin',
        response: z.array(market),
        handler: () => markets.list(),
      }),
      route({
        method: 'post',
        path: '/admin/markets',
        summary:
          "List a new USDT pair: its book opens at once, the market maker quotes it, every list shows it; fees are the venue's defaults",
        tags: ['admin', 'markets'],
        access: 'admin',
        body: newMarket,
        response: market,
        status: 201,
        handler: ({ body, user }) => markets.listNew(user.id, body),
      }),
      route({
        method: 'patch',
        path: '/admin/markets/:symbol',
        summary:
          'Change a book market: status (halted and cancel_only refuse new orders, cancels still go through) and fee rates',
        tags: ['admin', 'markets'],
        access: 'admin',
        params: bySymbol,
        body: marketChange,
        response: market,
        handler: ({ params, body, user }) => markets.update(user.id, params.symbol, body),
      }),
    ],
  };
}
