import type { Context } from 'koa';
import { z } from 'zod';
import type { MarketCatalog, BookMarket } from '../../markets/catalog';
import type { BinanceApiDeps, BinanceRoutes } from './binance-deps';
import { parseParams, symbolParam } from './binance-params';
import { authenticateApiKey, authenticateSigned } from './signed-request';
import { walletCoins } from './wallet-coins';

/**
 * The wallet and margin endpoints of Binance's /sapi/v1 that programs call as they start (CCXT's
 * loadMarkets, fetchCurrencies, fetchStatus, fetchTradingFees): the system's and the account's
 * status, the trade fees, every asset with how it comes and goes (wallet-coins.ts), and the margin
 * pairs, none (there is no margin trading here). Weights are Binance's, counted with /api/v3's.
 */

type StatusDeps = Pick<BinanceApiDeps, 'context' | 'catalog'>;

/**
 * `GET /sapi/v1/system/status`: maintenance (1) while nothing can be traded, the database
 * unreachable or every book market halted or cancel-only; else normal (0).
 */
export function systemStatus({ context, catalog }: StatusDeps) {
  const halted =
    context.outages.isDown('database') || catalog.bookMarkets().every((market) => market.status !== 'trading');
  return halted ? { status: 1, msg: 'system_maintenance' } : { status: 0, msg: 'normal' };
}

/** `GET /sapi/v1/asset/tradeFee`: the maker and taker rates of one symbol or every one, as decimals. */
export function tradeFees(catalog: MarketCatalog, symbol?: BookMarket) {
  return (symbol ? [symbol] : catalog.bookMarkets()).map((market) => ({
    symbol: market.symbol,
    makerCommission: market.makerFeeRate,
    takerCommission: market.takerFeeRate,
  }));
}

const noParams = z.object({});

export const walletRoutes: BinanceRoutes = (router, deps) => {
  const weight = deps.limits.weight.bind(deps.limits);
  const symbolChoice = z.object({ symbol: symbolParam(deps.catalog).optional() });
  const signed = async <Shape extends z.ZodRawShape>(ctx: Context, schema: z.ZodObject<Shape>) => {
    const caller = await authenticateSigned(ctx, deps, 'read');
    return { userId: caller.userId, params: parseParams(schema, caller.params, true) };
  };

  router.get('/system/status', weight(1), (ctx) => {
    ctx.body = systemStatus(deps);
  });

  router.get('/account/status', weight(1), async (ctx) => {
    await signed(ctx, noParams);
    // A suspended trader's keys are refused: whoever gets this far is in good standing.
    ctx.body = { data: 'Normal' };
  });

  router.get('/asset/tradeFee', weight(1), async (ctx) => {
    const { params } = await signed(ctx, symbolChoice);
    ctx.body = tradeFees(deps.catalog, params.symbol);
  });

  router.get('/capital/config/getall', weight(10), async (ctx) => {
    const { userId } = await signed(ctx, noParams);
    ctx.body = await walletCoins(deps, userId);
  });

  // MARKET_DATA: the key alone, as Binance asks; the timestamp and signature clients add are taken and not checked.
  router.get('/margin/allPairs', weight(1), async (ctx) => {
    const caller = await authenticateApiKey(ctx, deps);
    parseParams(symbolChoice, caller.params, true);
    ctx.body = [];
  });

  // Binance's isolated pairs want a timestamp, so a signed request.
  router.get('/margin/isolated/allPairs', weight(10), async (ctx) => {
    await signed(ctx, symbolChoice);
    ctx.body = [];
  });
};
