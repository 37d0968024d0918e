import { z } from 'zod';
import type { ListKind } from '../../../engine';
import type { BookMarket, MarketCatalog } from '../../markets/catalog';
import type { OrderListPlacement, OrderPlacement } from '../../trading/orders/order-schemas';
import { BinanceCode, BinanceError } from './protocol/binance-error';
import { decimalParam, enumParam, integerParam, invalidValue, symbolParam } from './binance-params';
import { clientOrderIdParam, newOrderParams, orderPlacement, sideParam, type NewOrderParams } from './order-params';
import { ORDER_TYPES, type BinanceOrderType } from './protocol/symbol-rules';

/**
 * The parameters of Binance's order lists, checked as Binance checks them, and turned into the list
 * the trading core places (see engine/order-lists.ts). Each order of a list has its parameters
 * under a prefix (`above`, `below`, `working`, `pending`, `pendingAbove`, `pendingBelow`), checked as
 * POST order checks an order of its type.
 */

/** A pair's order above the price (its higher) and below it, by side: the limit or take-profit side, and the stop-loss side. */
const PROFIT_TYPES = ['LIMIT_MAKER', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT'] as const;
const LOSS_TYPES = ['STOP_LOSS', 'STOP_LOSS_LIMIT'] as const;
const PAIR_TYPES = [...LOSS_TYPES, ...PROFIT_TYPES] as const;
const WORKING_TYPES = ['LIMIT', 'LIMIT_MAKER'] as const;

const typeParam = <T extends BinanceOrderType>(types: readonly T[]) =>
  enumParam(types, () => new BinanceError(400, BinanceCode.INVALID_ORDER_TYPE, 'Invalid orderType.'));
const timeInForceParam = enumParam(
  ['GTC', 'IOC', 'FOK'] as const,
  () => new BinanceError(400, BinanceCode.INVALID_TIF, 'Invalid timeInForce.'),
);

/** The fields of one order of a list, as POST order names them, under their prefixed names. */
const LEG_FIELDS = {
  ClientOrderId: 'newClientOrderId',
  Price: 'price',
  StopPrice: 'stopPrice',
  TrailingDelta: 'trailingDelta',
  IcebergQty: 'icebergQty',
  TimeInForce: 'timeInForce',
  Side: 'side',
  Quantity: 'quantity',
} as const;
type LegField = keyof typeof LEG_FIELDS;

/** One order's parameters under `prefix`: its type among `types`, and (`own`) its own side and quantity. */
function legParams(prefix: string, types: readonly BinanceOrderType[], own: boolean) {
  const name = (field: LegField | 'Type') => `${prefix}${field}`;
  return {
    [name('Type')]: typeParam(types),
    [name('ClientOrderId')]: clientOrderIdParam(name('ClientOrderId')).optional(),
    [name('Price')]: decimalParam(name('Price')).optional(),
    [name('StopPrice')]: decimalParam(name('StopPrice')).optional(),
    [name('TrailingDelta')]: integerParam(name('TrailingDelta')).optional(),
    [name('IcebergQty')]: decimalParam(name('IcebergQty')).optional(),
    [name('TimeInForce')]: timeInForceParam.optional(),
    ...(own ? { [name('Side')]: sideParam, [name('Quantity')]: decimalParam(name('Quantity')) } : {}),
  };
}

const listParams = (catalog: MarketCatalog) => ({
  symbol: symbolParam(catalog),
  listClientOrderId: clientOrderIdParam('listClientOrderId').optional(),
  newOrderRespType: newOrderParams(catalog).shape.newOrderRespType,
  selfTradePreventionMode: newOrderParams(catalog).shape.selfTradePreventionMode,
});

export const ocoParams = (catalog: MarketCatalog) =>
  z.object({
    ...listParams(catalog),
    side: sideParam,
    quantity: decimalParam('quantity'),
    ...legParams('above', PAIR_TYPES, false),
    ...legParams('below', PAIR_TYPES, false),
  });

export const otoParams = (catalog: MarketCatalog) =>
  z.object({
    ...listParams(catalog),
    ...legParams('working', WORKING_TYPES, true),
    ...legParams('pending', ORDER_TYPES, true),
  });

export const otocoParams = (catalog: MarketCatalog) =>
  z.object({
    ...listParams(catalog),
    ...legParams('working', WORKING_TYPES, true),
    pendingSide: sideParam,
    pendingQuantity: decimalParam('pendingQuantity'),
    ...legParams('pendingAbove', PAIR_TYPES, false),
    ...legParams('pendingBelow', PAIR_TYPES, false),
  });

/** The older OCO (POST order/oco): a LIMIT_MAKER at `price` and a stop-loss (a limit one with stopLimitPrice). */
export const legacyOcoParams = (catalog: MarketCatalog) =>
  z.object({
    ...listParams(catalog),
    side: sideParam,
    quantity: decimalParam('quantity'),
    limitClientOrderId: clientOrderIdParam('limitClientOrderId').optional(),
    price: decimalParam('price'),
    limitIcebergQty: decimalParam('limitIcebergQty').optional(),
    trailingDelta: integerParam('trailingDelta').optional(),
    stopClientOrderId: clientOrderIdParam('stopClientOrderId').optional(),
    stopPrice: decimalParam('stopPrice').optional(),
    stopLimitPrice: decimalParam('stopLimitPrice').optional(),
    stopIcebergQty: decimalParam('stopIcebergQty').optional(),
    stopLimitTimeInForce: timeInForceParam.optional(),
  });

type Params = Record<string, unknown> & { symbol: BookMarket; selfTradePreventionMode?: unknown };
type Side = 'BUY' | 'SELL';

/**
 * One order of a list from its prefixed parameters, checked as POST order checks it; a refusal
 * names the prefixed parameter (Binance's `abovePrice`, not `price`).
 */
function legOrder(params: Params, prefix: string, side: Side, quantity: string): OrderPlacement {
  const read = (field: LegField | 'Type') => params[`${prefix}${field}`];
  const order = {
    symbol: params.symbol,
    side,
    type: read('Type'),
    quantity,
    price: read('Price'),
    stopPrice: read('StopPrice'),
    trailingDelta: read('TrailingDelta'),
    icebergQty: read('IcebergQty'),
    timeInForce: read('TimeInForce'),
    newClientOrderId: read('ClientOrderId'),
    selfTradePreventionMode: params.selfTradePreventionMode,
  } as NewOrderParams;
  try {
    return orderPlacement(order);
  } catch (error) {
    if (!(error instanceof BinanceError)) throw error;
    const prefixed = error.message.replace(/'(\w+)'/g, (whole, field: string) => {
      const leg = Object.entries(LEG_FIELDS).find(([, own]) => own === field);
      return leg ? `'${prefix}${leg[0]}'` : whole;
    });
    throw new BinanceError(error.status, error.code, prefixed);
  }
}

/**
 * A pair's two orders, below first (as Binance lists them): for a sell, a limit or take-profit order
 * above and a stop-loss below; for a buy, the other way round.
 */
function pairOrders(params: Params, above: string, below: string, side: Side, quantity: string): OrderPlacement[] {
  const [high, low] = side === 'SELL' ? [PROFIT_TYPES, LOSS_TYPES] : [LOSS_TYPES, PROFIT_TYPES];
  if (!(high as readonly unknown[]).includes(params[`${above}Type`])) throw invalidValue(`${above}Type`);
  if (!(low as readonly unknown[]).includes(params[`${below}Type`])) throw invalidValue(`${below}Type`);
  return [legOrder(params, below, side, quantity), legOrder(params, above, side, quantity)];
}

const list = (params: Params, kind: ListKind, orders: OrderPlacement[]): OrderListPlacement => ({
  symbol: params.symbol.symbol,
  kind,
  client_list_id: params.listClientOrderId as string | undefined,
  orders,
});

export function ocoList(params: z.output<ReturnType<typeof ocoParams>>): OrderListPlacement {
  return list(params, 'oco', pairOrders(params, 'above', 'below', params.side, params.quantity));
}

export function otoList(params: Params): OrderListPlacement {
  const leg = (prefix: 'working' | 'pending') =>
    legOrder(params, prefix, params[`${prefix}Side`] as Side, params[`${prefix}Quantity`] as string);
  return list(params, 'oto', [leg('working'), leg('pending')]);
}

export function otocoList(params: Params & { pendingSide: Side; pendingQuantity: string }): OrderListPlacement {
  const working = legOrder(params, 'working', params.workingSide as Side, params.workingQuantity as string);
  const pair = pairOrders(params, 'pendingAbove', 'pendingBelow', params.pendingSide, params.pendingQuantity);
  return list(params, 'otoco', [working, ...pair]);
}

/** The older OCO as the newer one: its stop order below a sell's limit order (above a buy's). */
export function legacyOcoList(params: z.output<ReturnType<typeof legacyOcoParams>>): OrderListPlacement {
  const stop = {
    Type: params.stopLimitPrice === undefined ? 'STOP_LOSS' : 'STOP_LOSS_LIMIT',
    ClientOrderId: params.stopClientOrderId,
    Price: params.stopLimitPrice,
    StopPrice: params.stopPrice,
    TrailingDelta: params.trailingDelta,
    IcebergQty: params.stopIcebergQty,
    TimeInForce: params.stopLimitTimeInForce,
  };
  const limit = {
    Type: 'LIMIT_MAKER',
    ClientOrderId: params.limitClientOrderId,
    Price: params.price,
    IcebergQty: params.limitIcebergQty,
  };
  const prefixed = (prefix: string, fields: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(fields).map(([field, value]) => [`${prefix}${field}`, value]));
  const [above, below] = params.side === 'SELL' ? [limit, stop] : [stop, limit];
  const asNewer = { ...params, ...prefixed('above', above), ...prefixed('below', below) };
  return list(asNewer, 'oco', pairOrders(asNewer, 'above', 'below', params.side, params.quantity));
}
