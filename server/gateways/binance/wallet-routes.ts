import { z } from 'zod';
import type { MarketCatalog, BookMarket } from '../../markets/catalog';
import type { BinanceApiDeps, BinanceRoutes } from './binance-deps';
import { addEndpoints, endpoint, publicEndpoint } from './binance-endpoint';
import { symbolParam } from './binance-params';
import { effectiveFeeRates, storedTierRates, type StoredTierRates } from '../../trading/fee-tiers/fee-tiers';
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

/**
 * `GET /sapi/v1/asset/tradeFee`: the caller's maker and taker rates on one symbol or every one, as
 * decimals: its fee tier's, a market's own rates as their floor (as account/commission tells them).
 */
export function tradeFees(catalog: MarketCatalog, stored: StoredTierRates, symbol?: BookMarket) {
  return (symbol ? [symbol] : catalog.bookMarkets()).map((market) => {
    const rates = effectiveFeeRates(market, stored);
    return { symbol: market.symbol, makerCommission: rates.maker, takerCommission: rates.taker };
  });
}

const noParams = z.object({});

export const walletRoutes: BinanceRoutes = (router, deps) => {
  const symbolChoice = z.object({ symbol: symbolParam(deps.catalog).optional() });
  addEndpoints(router, deps, [
    ['get', '/system/status', publicEndpoint(1, noParams, () => systemStatus(deps))],
    [
      'get',
      '/account/status',
      // A suspended trader's keys are refused: whoever gets this far is in good standing.
      endpoint({ security: 'USER_DATA', weight: 1, schema: noParams, answer: () => ({ data: 'Normal' }) }),
    ],
    [
      'get',
      '/asset/tradeFee',
      endpoint({
        security: 'USER_DATA',
        weight: 1,
        schema: symbolChoice,
        answer: async ({ symbol }, caller) =>
          tradeFees(deps.catalog, await storedTierRates(deps.context.dataSource.manager, caller.userId), symbol),
      }),
    ],
    [
      'get',
      '/capital/config/getall',
      endpoint({
        security: 'USER_DATA',
        weight: 10,
        schema: noParams,
        answer: (_params, caller) => walletCoins(deps, caller.userId),
      }),
    ],
    // There is no margin trading: no pairs. Binance asks the key alone for these, a signature for the isolated ones.
    [
      'get',
      '/margin/allPairs',
      endpoint({ security: 'MARKET_DATA', weight: 1, schema: symbolChoice, answer: () => [] }),
    ],
    [
      'get',
      '/margin/isolated/allPairs',
      endpoint({ security: 'USER_DATA', weight: 10, schema: symbolChoice, answer: () => [] }),
    ],
  ]);
};
