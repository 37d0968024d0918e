import { z } from 'zod';
import type { BinanceApiDeps, BinanceRoutes } from './binance-deps';
import { addEndpoints, getRoutes, publicEndpoint, type AnyEndpoint } from './binance-endpoint';
import { symbolParam } from './binance-params';
import { averagePrice } from './average-price';
import type { WeightedRequest } from './request-weight';
import {
  rollingTickerParams,
  rollingWindowTicker,
  tradingDayParams,
  tradingDayTicker,
  windowTickerWeight,
} from './rolling-tickers';

/**
 * Binance's statistics over windows other than the last 24 hours: the rolling window and trading
 * day tickers (rolling-tickers.ts) and the 5-minute average price (average-price.ts). Public; by
 * REST path, for the routes and the WebSocket API's methods.
 */
export function statisticsEndpoints(deps: BinanceApiDeps): Map<string, AnyEndpoint> {
  const weight = ({ query }: WeightedRequest) =>
    windowTickerWeight(typeof query.symbols === 'string' ? query.symbols : undefined);
  return new Map([
    [
      '/ticker',
      publicEndpoint(weight, rollingTickerParams(deps.catalog), (params) => rollingWindowTicker(deps, params)),
    ],
    [
      '/ticker/tradingDay',
      publicEndpoint(weight, tradingDayParams(deps.catalog), (params) => tradingDayTicker(deps, params)),
    ],
    [
      '/avgPrice',
      publicEndpoint(2, z.object({ symbol: symbolParam(deps.catalog) }), ({ symbol }) =>
        averagePrice(deps.context.dataSource, symbol.symbol),
      ),
    ],
  ]);
}

export const statisticsRoutes: BinanceRoutes = (router, deps) => {
  addEndpoints(router, deps, getRoutes(statisticsEndpoints(deps)));
};
