import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { OrderRow } from '../../trading/orders/order.entity';
import type { BinanceApiDeps, BinanceRoutes } from './binance-deps';
import { addEndpoints, endpoint } from './binance-endpoint';
import { Refusal } from '../../kernel/refusal';
import { money } from '../../kernel/money';
import type { AmendedOrder } from '../../trading/trading.service';
import { decimalParam, eitherMandatory, enumParam, integerParam, invalidValue, symbolParam } from './binance-params';
import {
  clientOrderIdParam,
  newOrderParams,
  orderPlacement,
  placementRefusal,
  respTypeOf,
  type NewOrderParams,
} from './order-params';
import {
  assertCancelRestrictions,
  cancel,
  cancelRestrictions,
  namedOrder,
  noSuchOrder,
  unknownOrder,
} from './order-routes';
import { BinanceCode, BinanceError, knownBinanceError, UNKNOWN_MESSAGE } from './protocol/binance-error';
import { amendedOrderView, canceledOrderView, clientOrderId, newOrderView } from './protocol/order-views';
import { quantityLots } from './protocol/symbol-rules';

/**
 * Binance's order replacements: `order/cancelReplace` (cancel an order, then place a new one on
 * the same symbol: two commands, the cancel committed before the new order goes to the book), and
 * `order/amend/keepPriority` (an order's quantity reduced in place, keeping its queue priority).
 */

type Result = 'SUCCESS' | 'FAILURE' | 'NOT_ATTEMPTED';
/** One side of a cancel-replace: its answer, or the error that refused it. */
type Done = { result: 'SUCCESS'; response: object } | { result: 'FAILURE'; error: BinanceError };
/** null: not attempted. */
type Step = Done | null;

const errorAnswer = (error: BinanceError) => ({ code: error.code, msg: error.message });

/**
 * The answer to a cancel-replace, as Binance gives it: both done, 200; one of them done, 409 and
 * -2021 with both results in `data`; neither, 400 and -2022.
 */
function replaceAnswer(canceled: Step, placed: Step) {
  const result = (step: Step): Result => step?.result ?? 'NOT_ATTEMPTED';
  const response = (step: Step) =>
    step === null ? null : step.result === 'SUCCESS' ? step.response : errorAnswer(step.error);
  const body = {
    cancelResult: result(canceled),
    newOrderResult: result(placed),
    cancelResponse: response(canceled),
    newOrderResponse: response(placed),
  };
  const succeeded = [canceled, placed].filter((step) => step?.result === 'SUCCESS').length;
  if (succeeded === 2) return body;
  if (succeeded === 1)
    throw new BinanceError(
      409,
      BinanceCode.CANCEL_REPLACE_PARTIALLY_FAILED,
      'Order cancel-replace partially failed.',
      body,
    );
  throw new BinanceError(400, BinanceCode.CANCEL_REPLACE_FAILED, 'Order cancel-replace failed.', body);
}

/** Binance's order replacements, for the REST routes below and the WebSocket API's methods. */
export function orderReplaceEndpoints(deps: BinanceApiDeps) {
  const replaceParams = newOrderParams(deps.catalog).extend({
    cancelReplaceMode: enumParam(['STOP_ON_FAILURE', 'ALLOW_FAILURE'] as const, () =>
      invalidValue('cancelReplaceMode'),
    ),
    cancelOrderId: integerParam('cancelOrderId').optional(),
    cancelOrigClientOrderId: z.string().max(64).optional(),
    cancelNewClientOrderId: z.string().max(36).optional(),
    cancelRestrictions: cancelRestrictions.optional(),
    orderRateLimitExceededMode: enumParam(['DO_NOTHING', 'CANCEL_ONLY'] as const, () =>
      invalidValue('orderRateLimitExceededMode'),
    ).optional(),
  });

  /**
   * A failure of one step as Binance reports it inside a cancel-replace's answer. Only refusals of
   * the request itself (4xx) are: anything else (the database down) fails the whole request, unless
   * the cancel already committed, which the answer must then tell.
   */
  function stepFailure(error: unknown, afterCancel: boolean): BinanceError {
    const known = knownBinanceError(error, deps.context.outages);
    if (known && known.status < 500 && known.status !== 401 && known.status !== 403) return known;
    if (!afterCancel) throw error;
    if (known) return known;
    deps.context.logger.error({ err: error }, 'cancel-replace: new order failed');
    return new BinanceError(500, BinanceCode.UNKNOWN, UNKNOWN_MESSAGE);
  }

  async function cancelStep(userId: string, params: z.output<typeof replaceParams>): Promise<Done> {
    const { symbol, cancelOrderId, cancelOrigClientOrderId } = params;
    try {
      const name = { symbol, orderId: cancelOrderId, origClientOrderId: cancelOrigClientOrderId };
      const row = await namedOrder(deps, userId, name, unknownOrder);
      assertCancelRestrictions(row, params.cancelRestrictions);
      const canceled: OrderRow | null = await cancel(deps, userId, row);
      if (canceled === null) throw unknownOrder();
      return {
        result: 'SUCCESS',
        response: canceledOrderView(canceled, params.cancelNewClientOrderId ?? randomUUID()),
      };
    } catch (error) {
      return { result: 'FAILURE', error: stepFailure(error, false) };
    }
  }

  async function placeStep(userId: string, params: NewOrderParams, canceled: boolean): Promise<Step> {
    try {
      const placed = await deps.context.metrics.orders.counted(
        'binance',
        deps.trading.placeOrderRecord(userId, orderPlacement(params)),
      );
      return { result: 'SUCCESS', response: newOrderView(placed.order, placed.fills, respTypeOf(params)) };
    } catch (error) {
      return { result: 'FAILURE', error: stepFailure(placementRefusal(error), canceled) };
    }
  }

  // Weight 1 and one order, counted before either step, as Binance counts it (even when the new order is not attempted).
  const cancelReplace = endpoint({
    security: 'TRADE',
    weight: 1,
    placesOrders: true,
    schema: replaceParams,
    async answer(params, caller) {
      if (params.cancelOrderId === undefined && params.cancelOrigClientOrderId === undefined)
        throw eitherMandatory('cancelOrigClientOrderId', 'cancelOrderId');
      // The new order's parameters and filters are checked before anything is cancelled.
      orderPlacement(params);
      let overLimit: BinanceError | null = null;
      try {
        await caller.countOrder();
      } catch (error) {
        // CANCEL_ONLY: past the order limits the cancel still goes through, and the new order is refused.
        const ordersOnly = error instanceof BinanceError && error.code === BinanceCode.TOO_MANY_ORDERS;
        if (!ordersOnly || params.orderRateLimitExceededMode !== 'CANCEL_ONLY') throw error;
        overLimit = error;
      }
      const canceled = await cancelStep(caller.userId, params);
      let placed: Step = null;
      if (canceled.result === 'SUCCESS' || params.cancelReplaceMode === 'ALLOW_FAILURE')
        placed = overLimit
          ? { result: 'FAILURE', error: overLimit }
          : await placeStep(caller.userId, params, canceled.result === 'SUCCESS');
      return replaceAnswer(canceled, placed);
    },
  });

  // Weight 4; no order counted, as Binance counts none.
  const amendKeepPriority = endpoint({
    security: 'TRADE',
    weight: 4,
    schema: z.object({
      symbol: symbolParam(deps.catalog),
      orderId: integerParam('orderId').optional(),
      origClientOrderId: z.string().max(64).optional(),
      newClientOrderId: clientOrderIdParam('newClientOrderId').optional(),
      newQty: decimalParam('newQty'),
    }),
    async answer(params, { userId }) {
      quantityLots(params.symbol, params.newQty);
      const row = await namedOrder(deps, userId, params, noSuchOrder);
      if (money(params.newQty).eq(row.amount))
        throw new BinanceError(
          400,
          BinanceCode.ORDER_AMEND_REJECTED,
          'The requested action would change no state; rejecting',
        );
      const before = clientOrderId(row);
      // Binance gives the order a new client order id, drawn when none is sent; sending its own keeps it.
      const renamed = params.newClientOrderId ?? randomUUID();
      let amended: AmendedOrder;
      try {
        amended = await deps.trading.amendOrderRecord(
          userId,
          row.id,
          params.newQty,
          renamed === before ? null : renamed,
        );
      } catch (error) {
        if (error instanceof Refusal && (error.code === 'order-not-found' || error.code === 'order-not-open'))
          throw noSuchOrder();
        throw placementRefusal(error);
      }
      return amendedOrderView(amended.order, before, amended.commandSeq);
    },
  });

  return { cancelReplace, amendKeepPriority };
}

export const orderReplaceRoutes: BinanceRoutes = (router, deps) => {
  const endpoints = orderReplaceEndpoints(deps);
  addEndpoints(router, deps, [
    ['post', '/order/cancelReplace', endpoints.cancelReplace],
    ['put', '/order/amend/keepPriority', endpoints.amendKeepPriority],
  ]);
};
