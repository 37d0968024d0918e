import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Refusal } from '../../kernel/refusal';
import type { OrderListPlacement } from '../../trading/orders/order-schemas';
import { findOrderList, listOrderLists, openOrderLists, type OrderListName } from '../../trading/order-list-reads';
import type { BinanceApiDeps, BinanceRoutes } from './binance-deps';
import { addEndpoints, endpoint, type EndpointCaller } from './binance-endpoint';
import { badCombination, eitherMandatory, integerParam, symbolParam, timeParam } from './binance-params';
import {
  legacyOcoList,
  legacyOcoParams,
  ocoList,
  ocoParams,
  otocoList,
  otocoParams,
  otoList,
  otoParams,
} from './order-list-params';
import { clientOrderIdParam, placementRefusal } from './order-params';
import { BinanceCode, BinanceError } from './protocol/binance-error';
import { canceledListView, orderListView, placedListView } from './protocol/order-list-views';
import type { NewOrderRespType } from './protocol/order-views';

/**
 * Binance's order lists (OCO, OTO, OTOCO; TRADE: place, cancel; USER_DATA: orderList, openOrderList,
 * allOrderList), signed with an API key, over the trading core's lists (see engine/order-lists.ts).
 */

const unknownList = () => new BinanceError(400, BinanceCode.CANCEL_REJECTED, 'Unknown order list sent.');
const noSuchList = () => new BinanceError(400, BinanceCode.NO_SUCH_ORDER, 'Order list does not exist.');

/** The list a request names by its orderListId or its client id (the parameter names differ by endpoint). */
function listName(listId: number | undefined, clientId: string | undefined, clientName: string): OrderListName {
  if (listId !== undefined) return { listId };
  if (clientId !== undefined) return { clientListId: clientId };
  throw eitherMandatory('orderListId', clientName);
}

export function orderListEndpoints(deps: BinanceApiDeps) {
  const db = deps.context.dataSource;
  const { catalog } = deps;

  /** Places a list: each of its orders counts towards the order limits, as Binance counts them. */
  async function place(placement: OrderListPlacement, caller: EndpointCaller, respType: NewOrderRespType | undefined) {
    for (let i = 0; i < placement.orders.length; i++) await caller.countOrder();
    try {
      const placed = await deps.trading.placeOrderListRecord(caller.userId, placement);
      return placedListView(placed.list, placed.orders, placed.fills, respType ?? 'RESULT');
    } catch (error) {
      throw placementRefusal(error);
    }
  }

  const placing = <S extends z.ZodRawShape>(
    schema: z.ZodObject<S>,
    asList: (params: z.output<z.ZodObject<S>>) => OrderListPlacement,
  ) =>
    endpoint({
      security: 'TRADE',
      weight: 1,
      placesOrders: true,
      schema,
      answer: (params, caller) =>
        place(asList(params), caller, (params as { newOrderRespType?: NewOrderRespType }).newOrderRespType),
    });

  const placeOco = placing(ocoParams(catalog), ocoList);
  const placeOto = placing(otoParams(catalog), otoList as (params: unknown) => OrderListPlacement);
  const placeOtoco = placing(otocoParams(catalog), otocoList as (params: unknown) => OrderListPlacement);
  const placeLegacyOco = placing(legacyOcoParams(catalog), legacyOcoList);

  const queryList = endpoint({
    security: 'USER_DATA',
    weight: 4,
    schema: z.object({
      orderListId: integerParam('orderListId').optional(),
      origClientOrderId: z.string().max(64).optional(),
    }),
    async answer(params, { userId }) {
      const found = await findOrderList(
        db,
        userId,
        listName(params.orderListId, params.origClientOrderId, 'origClientOrderId'),
      );
      if (!found) throw noSuchList();
      return orderListView(found.list, found.orders);
    },
  });

  const cancelList = endpoint({
    security: 'TRADE',
    weight: 1,
    schema: z.object({
      symbol: symbolParam(catalog),
      orderListId: integerParam('orderListId').optional(),
      listClientOrderId: z.string().max(64).optional(),
      newClientOrderId: clientOrderIdParam('newClientOrderId').optional(),
    }),
    async answer(params, { userId }) {
      const found = await findOrderList(
        db,
        userId,
        listName(params.orderListId, params.listClientOrderId, 'listClientOrderId'),
      );
      if (!found || found.list.symbol !== params.symbol.symbol || found.list.status !== 'executing')
        throw unknownList();
      try {
        const canceled = await deps.trading.cancelOrderListRecord(userId, params.symbol.symbol, Number(found.list.id));
        return canceledListView(canceled.list, canceled.orders, params.newClientOrderId ?? randomUUID());
      } catch (error) {
        if (error instanceof Refusal && (error.code === 'order-list-not-open' || error.code === 'order-list-not-found'))
          throw unknownList();
        throw error;
      }
    },
  });

  const openLists = endpoint({
    security: 'USER_DATA',
    weight: 6,
    schema: z.object({}),
    answer: async (_params, { userId }) =>
      (await openOrderLists(db, userId)).map(({ list, orders }) => orderListView(list, orders)),
  });

  const allLists = endpoint({
    security: 'USER_DATA',
    weight: 20,
    schema: z.object({
      fromId: integerParam('fromId').optional(),
      startTime: timeParam('startTime').optional(),
      endTime: timeParam('endTime').optional(),
      limit: integerParam('limit', 1, 1000).default(500),
    }),
    async answer(params, { userId }) {
      const { limit, fromId, startTime, endTime } = params;
      // Binance's combinations: from an id, or within times.
      if (fromId !== undefined && (startTime !== undefined || endTime !== undefined)) throw badCombination();
      const lists = await deps.context.reads.run((history) =>
        listOrderLists(history, userId, { fromId, startTime, endTime }, limit),
      );
      return lists.map(({ list, orders }) => orderListView(list, orders));
    },
  });

  return { placeOco, placeOto, placeOtoco, placeLegacyOco, queryList, cancelList, openLists, allLists };
}

export const orderListRoutes: BinanceRoutes = (router, deps) => {
  const endpoints = orderListEndpoints(deps);
  addEndpoints(router, deps, [
    ['post', '/orderList/oco', endpoints.placeOco],
    ['post', '/orderList/oto', endpoints.placeOto],
    ['post', '/orderList/otoco', endpoints.placeOtoco],
    ['post', '/order/oco', endpoints.placeLegacyOco],
    ['get', '/orderList', endpoints.queryList],
    ['delete', '/orderList', endpoints.cancelList],
    ['get', '/openOrderList', endpoints.openLists],
    ['get', '/allOrderList', endpoints.allLists],
  ]);
};
