import { z } from 'zod';
import type { ServerContext } from '../../platform/modules/context';
import { route, type RouteSpec } from '../web/route';
import { liquidMarkets, listingShortfall } from '../../trading/liquidity/liquid-markets';
import { MAKER } from '../../trading/liquidity/liquidity.module';
import type { MarketCatalog } from '../../markets/catalog';
import type { CatalogSync } from '../../markets/catalog-sync';
import { MarketAdministration } from '../../markets/market-administration';
import { marketChangeSchema, marketViewSchema, newMarketSchema } from '../../markets/market-schemas';
import type { TradingService } from '../../trading/trading.service';

const bySymbol = z.object({ symbol: z.string().max(20) });

/** The administrator's markets: list, list a new USDT pair, halt / resume, fees, a book's rules. */
export function marketsAdminRoutes(
  ctx: ServerContext,
  listing: MarketCatalog,
  catalog: CatalogSync,
  trading: TradingService,
): RouteSpec[] {
  const markets = new MarketAdministration(
    ctx,
    listing,
    catalog,
    { maker: ctx.config.MAKER_FEE_RATE, taker: ctx.config.TAKER_FEE_RATE },
    trading,
    (market) => listingShortfall(market, MAKER.inventory, liquidMarkets(listing)),
  );
  return [
    route({
      method: 'get',
      path: '/admin/markets',
      summary: 'Every listed market (book markets and forex pairs) with its status and fee rates, in listing order',
      tags: ['admin', 'markets'],
      access: 'admin',
      response: z.array(marketViewSchema),
      handler: () => markets.list(),
    }),
    route({
      method: 'post',
      path: '/admin/markets',
      summary:
        "List a new USDT pair: its book opens at once, the market maker quotes it, every list shows it; fees are the venue's defaults",
      tags: ['admin', 'markets'],
      access: 'admin',
      body: newMarketSchema,
      response: marketViewSchema,
      status: 201,
      handler: ({ body, user }) => markets.listNew(user.id, body),
    }),
    route({
      method: 'patch',
      path: '/admin/markets/:symbol',
      summary:
        'Change a book market: status (halted and cancel_only refuse new orders, cancels still go through), fee rates, and tick size, lot size and minimum order value (only while its book holds no order)',
      tags: ['admin', 'markets'],
      access: 'admin',
      params: bySymbol,
      body: marketChangeSchema,
      response: marketViewSchema,
      handler: ({ params, body, user }) => markets.update(user.id, params.symbol, body),
    }),
    route({
      method: 'post',
      path: '/admin/markets/:symbol/cancel-orders',
      summary:
        'Cancel every open order on a halted or cancel-only market, holds released (to empty its book before its tick or lot changes)',
      tags: ['admin', 'markets'],
      access: 'admin',
      params: bySymbol,
      response: z.object({ canceled: z.number().int() }),
      handler: ({ params, user }) => markets.cancelOrders(user.id, params.symbol),
    }),
  ];
}
