import { z } from 'zod';
import { findOrder, listPreventedMatches } from '../../trading/order-reads';
import type { BinanceApiDeps, BinanceRoutes } from './binance-deps';
import { addEndpoints, endpoint } from './binance-endpoint';
import { badCombination, eitherMandatory, integerParam, symbolParam } from './binance-params';
import { preventedMatchView } from './protocol/order-views';

/**
 * USER_DATA `myPreventedMatches`: the matches self-trade prevention stopped between two of the
 * caller's orders, recorded by the round that stopped them.
 */
export function preventedMatchEndpoint(deps: BinanceApiDeps) {
  const db = deps.context.dataSource;
  return endpoint({
    security: 'USER_DATA',
    // Binance's weights: 2 for one match, 20 for an order's.
    weight: (request) => (request.query.orderId ? 20 : 2),
    schema: z.object({
      symbol: symbolParam(deps.catalog),
      preventedMatchId: integerParam('preventedMatchId').optional(),
      orderId: integerParam('orderId').optional(),
      fromPreventedMatchId: integerParam('fromPreventedMatchId').optional(),
      limit: integerParam('limit', 1, 1000).default(500),
    }),
    async answer({ symbol, preventedMatchId, orderId, fromPreventedMatchId, limit }, { userId }) {
      // Binance's combinations: one match by its id, or an order's (from an id on).
      if (preventedMatchId === undefined && orderId === undefined) throw eitherMandatory('preventedMatchId', 'orderId');
      if (preventedMatchId !== undefined && (orderId !== undefined || fromPreventedMatchId !== undefined))
        throw badCombination();
      const order = orderId === undefined ? undefined : await findOrder(db, userId, symbol.symbol, { orderId });
      if (orderId !== undefined && !order) return [];
      const which = { preventedMatchId, orderId: order?.id, fromId: fromPreventedMatchId };
      const rows = await listPreventedMatches(db, userId, symbol.symbol, which, limit);
      return rows.map(preventedMatchView);
    },
  });
}

export const preventedMatchRoutes: BinanceRoutes = (router, deps) =>
  addEndpoints(router, deps, [['get', '/myPreventedMatches', preventedMatchEndpoint(deps)]]);
