import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { accountRoutes } from './account-routes';
import type { BinanceApiDeps, BinanceRoutes } from './binance-deps';
import { answerBinanceError, BinanceCode, BinanceError, binanceErrors } from './protocol/binance-error';
import { marketRoutes } from './market-routes';
import { orderListRoutes } from './order-list-routes';
import { orderReplaceRoutes } from './order-replace-routes';
import { orderRoutes } from './order-routes';
import { preventedMatchRoutes } from './prevented-match-routes';
import { statisticsRoutes } from './statistics-routes';
import { userStreamRoutes } from './user-stream-routes';
import { walletRoutes } from './wallet-routes';

/** Route groups, in the order they are added. */
const GROUPS: BinanceRoutes[] = [
  accountRoutes,
  marketRoutes,
  statisticsRoutes,
  orderRoutes,
  orderReplaceRoutes,
  orderListRoutes,
  preventedMatchRoutes,
  userStreamRoutes,
];

/**
 * Where the surface's own middleware runs: every path under the prefix, in any case. Without a
 * path koa-router matches a middleware case-sensitively but the routes in any case, so /API/V3/...
 * would reach the routes past the error shape, the ban and the weight report.
 */
const EVERY_PATH = '{/*rest}';

/**
 * The Binance spot REST API under /api/v3, and the wallet endpoints of /sapi/v1 programs call as
 * they start: Binance's paths, parameter names and answers, for the programs written against it
 * (see docs/binance-api.md). Mounted before the web API's router.
 */
export function binanceApiRouters(deps: BinanceApiDeps): Router[] {
  return [surfaceRouter('/api/v3', GROUPS, deps), surfaceRouter('/sapi/v1', [walletRoutes], deps)];
}

/** One of Binance's APIs under `prefix`: its errors as {code, msg}, the ban guard, the weight report, `groups`' routes. */
function surfaceRouter(prefix: string, groups: BinanceRoutes[], deps: BinanceApiDeps): Router {
  const router = new Router({ prefix });
  router.use(EVERY_PATH, binanceErrors(deps.context));
  // Before anything else: a banned address costs one look-up in memory.
  router.use(EVERY_PATH, deps.bans.guard);
  router.use(EVERY_PATH, deps.limits.reportUsedWeight);
  for (const addRoutes of groups) addRoutes(router, deps);
  // Last: whatever no group answers is not part of the surface, the prefix itself included.
  router.all('{/*path}', (ctx) => {
    throw unknownEndpoint(ctx);
  });
  return router;
}

const unknownEndpoint = (ctx: Context) =>
  new BinanceError(404, BinanceCode.UNKNOWN, `Unknown endpoint: ${ctx.method} ${ctx.path}`);

/**
 * Binance's other REST APIs (its old v1, margin and wallet beyond /sapi/v1's few, futures, options,
 * portfolio margin), which this exchange does not serve: a program that calls one reads Binance's
 * 404 for an unknown endpoint, as under /api/v3, not the web client's page.
 */
const OTHER_BINANCE_APIS = /^\/(api\/v1|sapi|fapi|dapi|eapi|papi|wapi|vapi)(\/|$)/;

export const otherBinanceApis: Middleware = (ctx, next) =>
  OTHER_BINANCE_APIS.test(ctx.path) ? answerBinanceError(ctx, unknownEndpoint(ctx)) : next();
