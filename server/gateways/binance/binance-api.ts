import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { ApiKeyAccess } from '../../identity/api-keys/api-keys.module';
import type { ServerContext } from '../../platform/context';
import type { MarketCatalog } from '../../markets/catalog';
import type { MarketDataService } from '../../trading/market-data/market-data.service';
import type { TradingService } from '../../trading/trading.service';
import { accountRoutes } from './account-routes';
import { answerBinanceError, BinanceCode, BinanceError, binanceErrors } from './binance-error';
import { marketRoutes } from './market-routes';
import { orderRoutes } from './order-routes';
import type { IpBans } from './ip-bans';
import type { RequestLimits } from './request-weight';
import { userStreamRoutes } from './user-stream-routes';

/** What the Binance-compatible surface is built from: the same services the web API uses. */
export interface BinanceApiDeps {
  context: ServerContext;
  trading: TradingService;
  catalog: MarketCatalog;
  marketData: MarketDataService;
  /** The keys signed requests name (signed-request.ts). */
  apiKeys: ApiKeyAccess;
  /** Request weights and order counts (request-weight.ts). */
  limits: RequestLimits;
  /** Addresses banned for going on past the limits (ip-bans.ts). */
  bans: IpBans;
}

/** A part of the surface (market data, orders, account...): adds its routes to the router. */
export type BinanceRoutes = (router: Router, deps: BinanceApiDeps) => void;

/** Route groups, in the order they are added. */
const GROUPS: BinanceRoutes[] = [accountRoutes, marketRoutes, orderRoutes, userStreamRoutes];

/**
 * Where the surface's own middleware runs: every path under the prefix, in any case. Without a
 * path koa-router matches a middleware case-sensitively but the routes in any case, so /API/V3/...
 * would reach the routes past the error shape, the ban and the weight report.
 */
const EVERY_PATH = '{/*rest}';

/**
 * The Binance spot REST API under /api/v3: Binance's paths, parameter names and answers, for the
 * programs written against it (see docs/binance-api.md). Mounted before the web API's router.
 */
export function binanceApiRouter(deps: BinanceApiDeps): Router {
  const router = new Router({ prefix: '/api/v3' });
  router.use(EVERY_PATH, binanceErrors(deps.context));
  // Before anything else: a banned address costs one look-up in memory.
  router.use(EVERY_PATH, deps.bans.guard);
  router.use(EVERY_PATH, deps.limits.reportUsedWeight);
  for (const addRoutes of GROUPS) addRoutes(router, deps);
  // Last: whatever no group answers is not part of the surface, /api/v3 itself included.
  router.all('{/*path}', (ctx) => {
    throw unknownEndpoint(ctx);
  });
  return router;
}

const unknownEndpoint = (ctx: Context) =>
  new BinanceError(404, BinanceCode.UNKNOWN, `Unknown endpoint: ${ctx.method} ${ctx.path}`);

/**
 * Binance's other REST APIs (its old v1, margin and wallet, futures, options, portfolio margin),
 * which this exchange does not serve: a program that calls one reads Binance's 404 for an unknown
 * endpoint, as under /api/v3, not the web client's page.
 */
const OTHER_BINANCE_APIS = /^\/(api\/v1|sapi|fapi|dapi|eapi|papi|wapi|vapi)(\/|$)/;

export const otherBinanceApis: Middleware = (ctx, next) =>
  OTHER_BINANCE_APIS.test(ctx.path) ? answerBinanceError(ctx, unknownEndpoint(ctx)) : next();
