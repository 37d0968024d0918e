import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Refusal } from '../../kernel/refusal';
import type { MarketCatalog } from '../../markets/catalog';
import { orderTerms } from '../../trading/books/order-input';
import type { OrderRow } from '../../trading/orders/order.entity';
import { assertTakesOrders, type OrderRecord } from '../../trading/trading.service';
import type { BinanceApiDeps, BinanceRoutes } from './binance-deps';
import { BinanceCode, BinanceError } from './protocol/binance-error';
import {
  badCombination,
  booleanParam,
  eitherMandatory,
  enumParam,
  integerParam,
  invalidValue,
  symbolParam,
  timeParam,
} from './binance-params';
import { newOrderParams, orderPlacement, placementRefusal, respTypeOf } from './order-params';
import { findOrder, listOrders, listTrades, openOrders, type OrderName } from '../../trading/order-reads';
import { accountTradeView, canceledOrderView, clientOrderId, newOrderView, orderView } from './protocol/order-views';
import { DAY_MS } from './protocol/day-ticker';
import { decimalText } from './protocol/decimal-text';
import { addEndpoints, endpoint } from './binance-endpoint';
import { noDiscount } from './protocol/commission-rates';

/**
 * Binance's order endpoints (TRADE: order, order/test, cancels; USER_DATA: order, openOrders,
 * allOrders, myTrades), signed with an API key, over the same trading core as the web's orders: an
 * order placed here is on the web's lists, and the other way round.
 */

export const unknownOrder = () => new BinanceError(400, BinanceCode.CANCEL_REJECTED, 'Unknown order sent.');
export const noSuchOrder = () => new BinanceError(400, BinanceCode.NO_SUCH_ORDER, 'Order does not exist.');

const orderNameParams = (catalog: MarketCatalog) => ({
  symbol: symbolParam(catalog),
  orderId: integerParam('orderId').optional(),
  origClientOrderId: z.string().max(64).optional(),
});

/** The order a request names (orderId first; a client order id sent with it must be that order's). */
export async function namedOrder(
  deps: BinanceApiDeps,
  userId: string,
  params: { symbol: { symbol: string }; orderId?: number; origClientOrderId?: string },
  missing: () => BinanceError,
): Promise<OrderRow> {
  const { orderId, origClientOrderId } = params;
  if (orderId === undefined && origClientOrderId === undefined) throw eitherMandatory('origClientOrderId', 'orderId');
  const name: OrderName = orderId !== undefined ? { orderId } : { clientOrderId: origClientOrderId! };
  const row = await findOrder(deps.context.dataSource, userId, params.symbol.symbol, name);
  if (!row || (origClientOrderId !== undefined && clientOrderId(row) !== origClientOrderId)) throw missing();
  return row;
}

/** At most a day between startTime and endTime, as Binance allows for order and trade lists. */
function assertDayWindow({ startTime, endTime }: { startTime?: number; endTime?: number }) {
  if (startTime !== undefined && endTime !== undefined && (endTime < startTime || endTime - startTime > DAY_MS))
    throw new BinanceError(400, BinanceCode.MORE_THAN_XX_HOURS, 'More than 24 hours between startTime and endTime.');
}

/** Cancels one open order of the user: its row as cancelled; null if it was no longer open (filled or cancelled meanwhile). */
export async function cancel(deps: BinanceApiDeps, userId: string, row: OrderRow): Promise<OrderRow | null> {
  try {
    return (await deps.trading.cancelOrderRecord(userId, row.id)).order;
  } catch (error) {
    if (error instanceof Refusal && (error.code === 'order-not-found' || error.code === 'order-not-open')) return null;
    throw error;
  }
}

export const cancelRestrictions = enumParam(['ONLY_NEW', 'ONLY_PARTIALLY_FILLED'] as const, () =>
  invalidValue('cancelRestrictions'),
);

/** Refuses to cancel an order its cancel's restriction (cancelRestrictions) leaves alone. */
export function assertCancelRestrictions(row: OrderRow, restriction: 'ONLY_NEW' | 'ONLY_PARTIALLY_FILLED' | undefined) {
  const restricted =
    (restriction === 'ONLY_NEW' && row.status === 'partially_filled') ||
    (restriction === 'ONLY_PARTIALLY_FILLED' && row.status !== 'partially_filled');
  if (restricted)
    throw new BinanceError(400, BinanceCode.CANCEL_REJECTED, 'Order was not canceled due to cancel restrictions.');
}

/** Binance's order endpoints, for the REST routes below and the WebSocket API's methods. */
export function orderEndpoints(deps: BinanceApiDeps) {
  const db = deps.context.dataSource;
  // allOrders and myTrades are history; the open orders and the order a cancel names are read on the primary.
  const reads = deps.context.reads;
  const nameParams = orderNameParams(deps.catalog);
  const newOrder = newOrderParams(deps.catalog);

  // Its weight is counted with its order counts, in one call to Redis (request-weight.ts).
  const placeOrder = endpoint({
    security: 'TRADE',
    weight: 1,
    placesOrders: true,
    schema: newOrder,
    async answer(params, caller) {
      const placement = orderPlacement(params);
      await caller.countOrder();
      let placed: OrderRecord;
      try {
        placed = await deps.context.metrics.orders.counted(
          'binance',
          deps.trading.placeOrderRecord(caller.userId, placement),
        );
      } catch (error) {
        throw placementRefusal(error);
      }
      return newOrderView(placed.order, placed.fills, respTypeOf(params));
    },
  });

  const testOrder = endpoint({
    security: 'TRADE',
    // Binance's: 20 with the commission rates (read here from the query string, where a weight is known).
    weight: (request) => (request.query.computeCommissionRates === 'true' ? 20 : 1),
    schema: newOrder.extend({ computeCommissionRates: booleanParam('computeCommissionRates').optional() }),
    answer(params) {
      const placement = orderPlacement(params);
      // And the trading core's own terms and the market's status, which POST order meets when it places the order.
      try {
        assertTakesOrders(params.symbol);
        orderTerms(params.symbol, placement);
      } catch (error) {
        throw placementRefusal(error);
      }
      if (!params.computeCommissionRates) return {};
      const rates = (maker: string, taker: string) => ({ maker: decimalText(maker), taker: decimalText(taker) });
      return {
        standardCommissionForOrder: rates(params.symbol.makerFeeRate, params.symbol.takerFeeRate),
        specialCommissionForOrder: rates('0', '0'),
        taxCommissionForOrder: rates('0', '0'),
        discount: noDiscount(),
      };
    },
  });

  const queryOrder = endpoint({
    security: 'USER_DATA',
    weight: 4,
    schema: z.object(nameParams),
    answer: async (params, caller) => orderView(await namedOrder(deps, caller.userId, params, noSuchOrder)),
  });

  const cancelOrder = endpoint({
    security: 'TRADE',
    weight: 1,
    schema: z.object({
      ...nameParams,
      newClientOrderId: z.string().max(36).optional(),
      cancelRestrictions: cancelRestrictions.optional(),
    }),
    async answer(params, { userId }) {
      const row = await namedOrder(deps, userId, params, unknownOrder);
      assertCancelRestrictions(row, params.cancelRestrictions);
      const canceled = await cancel(deps, userId, row);
      if (canceled === null) throw unknownOrder();
      return canceledOrderView(canceled, params.newClientOrderId ?? randomUUID());
    },
  });

  const openOrdersOf = endpoint({
    security: 'USER_DATA',
    weight: (request) => (request.query.symbol ? 6 : 80),
    schema: z.object({ symbol: symbolParam(deps.catalog).optional() }),
    answer: async (params, caller) =>
      (await openOrders(db, caller.userId, params.symbol?.symbol ?? null)).map(orderView),
  });

  const cancelOpenOrders = endpoint({
    security: 'TRADE',
    weight: 1,
    schema: z.object({ symbol: symbolParam(deps.catalog) }),
    async answer(params, { userId }) {
      const open = await openOrders(db, userId, params.symbol.symbol);
      // All at once: they go into the same round of the book.
      const canceled = (await Promise.all(open.map((row) => cancel(deps, userId, row)))).filter((row) => row !== null);
      if (canceled.length === 0) throw unknownOrder();
      return canceled.map((row) => canceledOrderView(row, randomUUID()));
    },
  });

  const listParams = {
    symbol: symbolParam(deps.catalog),
    startTime: timeParam('startTime').optional(),
    endTime: timeParam('endTime').optional(),
    limit: integerParam('limit', 1, 1000).default(500),
  };

  const allOrders = endpoint({
    security: 'USER_DATA',
    weight: 20,
    schema: z.object({ ...listParams, orderId: integerParam('orderId').optional() }),
    async answer(params, { userId }) {
      assertDayWindow(params);
      const { symbol, orderId, limit, ...times } = params;
      const rows = await reads.run((history) =>
        listOrders(history, userId, symbol.symbol, { fromId: orderId, ...times }, limit),
      );
      return rows.map(orderView);
    },
  });

  const myTrades = endpoint({
    security: 'USER_DATA',
    weight: (request) => (request.query.orderId ? 5 : 20),
    schema: z.object({
      ...listParams,
      orderId: integerParam('orderId').optional(),
      fromId: integerParam('fromId').optional(),
    }),
    async answer(params, { userId }) {
      const { symbol, orderId, fromId, startTime, endTime, limit } = params;
      // Binance's combinations: an order's trades (from an id), or from an id, or within times.
      if (fromId !== undefined && (startTime !== undefined || endTime !== undefined)) throw badCombination();
      if (orderId !== undefined && (startTime !== undefined || endTime !== undefined)) throw badCombination();
      assertDayWindow(params);
      const trades = await reads.run(async (history) => {
        const order = orderId === undefined ? undefined : await findOrder(history, userId, symbol.symbol, { orderId });
        if (orderId !== undefined && !order) return [];
        const window = { fromId, startTime, endTime, order: order ?? undefined };
        return listTrades(history, userId, symbol.symbol, window, limit);
      });
      return trades.map((trade) => accountTradeView(trade, userId));
    },
  });

  return {
    placeOrder,
    testOrder,
    queryOrder,
    cancelOrder,
    openOrders: openOrdersOf,
    cancelOpenOrders,
    allOrders,
    myTrades,
  };
}

export const orderRoutes: BinanceRoutes = (router, deps) => {
  const endpoints = orderEndpoints(deps);
  addEndpoints(router, deps, [
    ['post', '/order', endpoints.placeOrder],
    ['post', '/order/test', endpoints.testOrder],
    ['get', '/order', endpoints.queryOrder],
    ['delete', '/order', endpoints.cancelOrder],
    ['get', '/openOrders', endpoints.openOrders],
    ['delete', '/openOrders', endpoints.cancelOpenOrders],
    ['get', '/allOrders', endpoints.allOrders],
    ['get', '/myTrades', endpoints.myTrades],
  ]);
};
