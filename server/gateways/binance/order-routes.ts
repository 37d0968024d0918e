import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
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
  parseParams,
  symbolParam,
  timeParam,
} from './binance-params';
import { newOrderParams, orderPlacement, placementRefusal, respTypeOf } from './order-params';
import { findOrder, listOrders, listTrades, openOrders, type OrderName } from '../../trading/order-reads';
import { accountTradeView, canceledOrderView, clientOrderId, newOrderView, orderView } from './protocol/order-views';
import { DAY_MS } from './protocol/day-ticker';
import { decimalText } from './protocol/decimal-text';
import type { Weight } from './request-weight';
import { authenticateSigned, type KeyPermission } from './signed-request';

/**
 * Binance's order endpoints (TRADE: order, order/test, cancels; USER_DATA: order, openOrders,
 * allOrders, myTrades), signed with an API key, over the same trading core as the web's orders: an
 * order placed here is on the web's lists, and the other way round.
 */

const unknownOrder = () => new BinanceError(400, BinanceCode.CANCEL_REJECTED, 'Unknown order sent.');
const noSuchOrder = () => new BinanceError(400, BinanceCode.NO_SUCH_ORDER, 'Order does not exist.');

const orderNameParams = (catalog: MarketCatalog) => ({
  symbol: symbolParam(catalog),
  orderId: integerParam('orderId').optional(),
  origClientOrderId: z.string().max(64).optional(),
});

/** The order a request names (orderId first; a client order id sent with it must be that order's). */
async function namedOrder(
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
async function cancel(deps: BinanceApiDeps, userId: string, row: OrderRow): Promise<OrderRow | null> {
  try {
    return (await deps.trading.cancelOrderRecord(userId, row.id)).order;
  } catch (error) {
    if (error instanceof Refusal && (error.code === 'order-not-found' || error.code === 'order-not-open')) return null;
    throw error;
  }
}

export const orderRoutes: BinanceRoutes = (router, deps) => {
  const db = deps.context.dataSource;
  const weight = (cost: Weight) => deps.limits.weight(cost);
  const nameParams = orderNameParams(deps.catalog);
  const newOrder = newOrderParams(deps.catalog);

  /** The caller, once the request's signature is checked, and its parameters checked by `schema`. */
  async function signed<Shape extends z.ZodRawShape>(ctx: Context, need: KeyPermission, schema: z.ZodObject<Shape>) {
    const caller = await authenticateSigned(ctx, deps, need);
    return { userId: caller.userId, params: parseParams(schema, caller.params, true) };
  }

  // Its weight is counted with its order counts, in one call to Redis (request-weight.ts).
  router.post('/order', deps.limits.orderWeight(1), async (ctx) => {
    const { userId, params } = await signed(ctx, 'trade', newOrder);
    const placement = orderPlacement(params);
    await deps.limits.countOrder(ctx, userId);
    let placed: OrderRecord;
    try {
      placed = await deps.trading.placeOrderRecord(userId, placement);
    } catch (error) {
      throw placementRefusal(error);
    }
    ctx.body = newOrderView(placed.order, placed.fills, respTypeOf(params));
  });

  router.post('/order/test', weight(1), async (ctx) => {
    const schema = newOrder.extend({ computeCommissionRates: booleanParam('computeCommissionRates').optional() });
    const { params } = await signed(ctx, 'trade', schema);
    const placement = orderPlacement(params);
    // And the trading core's own terms and the market's status, which POST order meets when it places the order.
    try {
      assertTakesOrders(params.symbol);
      orderTerms(params.symbol, placement);
    } catch (error) {
      throw placementRefusal(error);
    }
    if (!params.computeCommissionRates) {
      ctx.body = {};
      return;
    }
    const rates = (maker: string, taker: string) => ({ maker: decimalText(maker), taker: decimalText(taker) });
    ctx.body = {
      standardCommissionForOrder: rates(params.symbol.makerFeeRate, params.symbol.takerFeeRate),
      specialCommissionForOrder: rates('0', '0'),
      taxCommissionForOrder: rates('0', '0'),
      discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: decimalText(0) },
    };
  });

  router.get('/order', weight(4), async (ctx) => {
    const { userId, params } = await signed(ctx, 'read', z.object(nameParams));
    ctx.body = orderView(await namedOrder(deps, userId, params, noSuchOrder));
  });

  const cancelRestrictions = enumParam(['ONLY_NEW', 'ONLY_PARTIALLY_FILLED'] as const, () =>
    invalidValue('cancelRestrictions'),
  );

  router.delete('/order', weight(1), async (ctx) => {
    const schema = z.object({
      ...nameParams,
      newClientOrderId: z.string().max(36).optional(),
      cancelRestrictions: cancelRestrictions.optional(),
    });
    const { userId, params } = await signed(ctx, 'trade', schema);
    const row = await namedOrder(deps, userId, params, unknownOrder);
    const restricted =
      (params.cancelRestrictions === 'ONLY_NEW' && row.status === 'partially_filled') ||
      (params.cancelRestrictions === 'ONLY_PARTIALLY_FILLED' && row.status !== 'partially_filled');
    if (restricted)
      throw new BinanceError(400, BinanceCode.CANCEL_REJECTED, 'Order was not canceled due to cancel restrictions.');
    const canceled = await cancel(deps, userId, row);
    if (canceled === null) throw unknownOrder();
    ctx.body = canceledOrderView(canceled, params.newClientOrderId ?? randomUUID());
  });

  router.get(
    '/openOrders',
    weight((ctx) => (ctx.query.symbol ? 6 : 80)),
    async (ctx) => {
      const { userId, params } = await signed(ctx, 'read', z.object({ symbol: symbolParam(deps.catalog).optional() }));
      ctx.body = (await openOrders(db, userId, params.symbol?.symbol ?? null)).map(orderView);
    },
  );

  router.delete('/openOrders', weight(1), async (ctx) => {
    const { userId, params } = await signed(ctx, 'trade', z.object({ symbol: symbolParam(deps.catalog) }));
    const open = await openOrders(db, userId, params.symbol.symbol);
    // All at once: they go into the same round of the book.
    const canceled = (await Promise.all(open.map((row) => cancel(deps, userId, row)))).filter((row) => row !== null);
    if (canceled.length === 0) throw unknownOrder();
    ctx.body = canceled.map((row) => canceledOrderView(row, randomUUID()));
  });

  const listParams = {
    symbol: symbolParam(deps.catalog),
    startTime: timeParam('startTime').optional(),
    endTime: timeParam('endTime').optional(),
    limit: integerParam('limit', 1, 1000).default(500),
  };

  router.get('/allOrders', weight(20), async (ctx) => {
    const schema = z.object({ ...listParams, orderId: integerParam('orderId').optional() });
    const { userId, params } = await signed(ctx, 'read', schema);
    assertDayWindow(params);
    const { symbol, orderId, limit, ...times } = params;
    ctx.body = (await listOrders(db, userId, symbol.symbol, { fromId: orderId, ...times }, limit)).map(orderView);
  });

  router.get(
    '/myTrades',
    weight((ctx) => (ctx.query.orderId ? 5 : 20)),
    async (ctx) => {
      const schema = z.object({
        ...listParams,
        orderId: integerParam('orderId').optional(),
        fromId: integerParam('fromId').optional(),
      });
      const { userId, params } = await signed(ctx, 'read', schema);
      const { symbol, orderId, fromId, startTime, endTime, limit } = params;
      // Binance's combinations: an order's trades (from an id), or from an id, or within times.
      if (fromId !== undefined && (startTime !== undefined || endTime !== undefined)) throw badCombination();
      if (orderId !== undefined && (startTime !== undefined || endTime !== undefined)) throw badCombination();
      assertDayWindow(params);
      const order = orderId === undefined ? undefined : await findOrder(db, userId, symbol.symbol, { orderId });
      if (orderId !== undefined && !order) {
        ctx.body = [];
        return;
      }
      const trades = await listTrades(
        db,
        userId,
        symbol.symbol,
        { fromId, startTime, endTime, order: order ?? undefined },
        limit,
      );
      ctx.body = trades.map((trade) => accountTradeView(trade, userId));
    },
  );
};
