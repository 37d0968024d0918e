import { z } from 'zod';
import type { TimeInForce } from '../../../engine';
import { HttpError } from '../../platform/http/errors';
import { MARKET_CANCEL_ONLY, MARKET_HALTED, type BookMarket } from '../../markets/catalog';
import { belowMinimumValue, ORDER_VALUE_TOO_LARGE } from '../../trading/books/order-input';
import { KYC_REQUIRED } from '../../identity/auth/may-trade';
import type { OrderPlacement } from '../../trading/order-schemas';
import { INSUFFICIENT_LIQUIDITY } from '../../trading/sequencer/funds-hold';
import { INSUFFICIENT_BALANCE, REJECTIONS, STOP_WOULD_TRIGGER } from '../../trading/sequencer/order-execution';
import { DUPLICATE_CLIENT_ORDER_ID } from '../../trading/trading.service';
import { BinanceCode, BinanceError } from './binance-error';
import {
  decimalParam,
  eitherMandatory,
  enumParam,
  invalidValue,
  mandatory,
  notRequired,
  param,
  symbolParam,
} from './binance-params';
import type { NewOrderRespType } from './order-views';
import {
  assertNotional,
  assertQuoteAmount,
  priceTicks,
  quantityLots,
  ORDER_TYPES,
  SELF_TRADE_PREVENTION,
  type BinanceOrderType,
} from './symbol-rules';

/**
 * POST order's parameters as Binance takes them, checked as Binance checks them (the symbol's
 * filters included) and turned into the order the trading core places; and the core's refusals
 * in Binance's words.
 */

const CLIENT_ORDER_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;

const clientOrderIdParam = (name: string) =>
  param((text) =>
    CLIENT_ORDER_ID.test(text)
      ? text
      : new BinanceError(
          400,
          BinanceCode.ILLEGAL_CHARS,
          `Illegal characters found in parameter '${name}'; legal range is '${CLIENT_ORDER_ID.source}'.`,
        ),
  );

export const sideParam = enumParam(
  ['BUY', 'SELL'] as const,
  () => new BinanceError(400, BinanceCode.INVALID_SIDE, 'Invalid side.'),
);

export const newOrderParams = z.object({
  symbol: symbolParam(),
  side: sideParam,
  type: enumParam(ORDER_TYPES, () => new BinanceError(400, BinanceCode.INVALID_ORDER_TYPE, 'Invalid orderType.')),
  timeInForce: enumParam(
    ['GTC', 'IOC', 'FOK'] as const,
    () => new BinanceError(400, BinanceCode.INVALID_TIF, 'Invalid timeInForce.'),
  ).optional(),
  quantity: decimalParam('quantity').optional(),
  quoteOrderQty: decimalParam('quoteOrderQty').optional(),
  price: decimalParam('price').optional(),
  stopPrice: decimalParam('stopPrice').optional(),
  newClientOrderId: clientOrderIdParam('newClientOrderId').optional(),
  newOrderRespType: enumParam(['ACK', 'RESULT', 'FULL'] as const, () => invalidValue('newOrderRespType')).optional(),
  selfTradePreventionMode: enumParam([SELF_TRADE_PREVENTION] as const, () =>
    invalidValue('selfTradePreventionMode'),
  ).optional(),
});
export type NewOrderParams = z.output<typeof newOrderParams>;

/** Which parameters each order type takes: those it needs, and those it refuses if sent. */
const TYPE_RULES: Record<
  BinanceOrderType,
  { needs: Array<keyof NewOrderParams>; refuses: Array<keyof NewOrderParams> }
> = {
  LIMIT: { needs: ['timeInForce', 'quantity', 'price'], refuses: ['quoteOrderQty', 'stopPrice'] },
  LIMIT_MAKER: { needs: ['quantity', 'price'], refuses: ['timeInForce', 'quoteOrderQty', 'stopPrice'] },
  MARKET: { needs: [], refuses: ['timeInForce', 'price', 'stopPrice'] },
  STOP_LOSS_LIMIT: { needs: ['timeInForce', 'quantity', 'price', 'stopPrice'], refuses: ['quoteOrderQty'] },
};

/** An order as Binance asks for it, checked against its type's parameters and its symbol's filters. */
export function orderPlacement(params: NewOrderParams): OrderPlacement {
  const { symbol: market, type } = params;
  const rules = TYPE_RULES[type];
  for (const name of rules.refuses) if (params[name] !== undefined) throw notRequired(name);
  for (const name of rules.needs) if (params[name] === undefined) throw mandatory(name);
  const side = params.side === 'BUY' ? 'buy' : 'sell';
  if (type === 'MARKET') return marketPlacement(market, side, params);
  const ticks = priceTicks(market, params.price!);
  const lots = quantityLots(market, params.quantity!);
  if (params.stopPrice !== undefined) priceTicks(market, params.stopPrice);
  // Both safe integers: their product is exact or far past the largest notional.
  assertNotional(market, ticks * lots);
  return {
    symbol: market.symbol,
    side,
    type: type === 'STOP_LOSS_LIMIT' ? 'stop_limit' : 'limit',
    amount: params.quantity,
    price: params.price,
    stop_price: params.stopPrice,
    time_in_force: (params.timeInForce ?? 'GTC') satisfies TimeInForce,
    post_only: type === 'LIMIT_MAKER',
    client_order_id: params.newClientOrderId,
  };
}

function marketPlacement(market: BookMarket, side: 'buy' | 'sell', params: NewOrderParams): OrderPlacement {
  const { quantity, quoteOrderQty } = params;
  if (quantity === undefined && quoteOrderQty === undefined) throw eitherMandatory('quantity', 'quoteOrderQty');
  if (quantity !== undefined && quoteOrderQty !== undefined) throw notRequired('quoteOrderQty');
  const placement = {
    symbol: market.symbol,
    side,
    type: 'market',
    client_order_id: params.newClientOrderId,
  } as const;
  if (quantity !== undefined) {
    quantityLots(market, quantity);
    return { ...placement, amount: quantity };
  }
  if (side === 'sell')
    throw new BinanceError(
      400,
      BinanceCode.NEW_ORDER_REJECTED,
      'Quote order quantity is supported for market buys only.',
    );
  assertQuoteAmount(market, quoteOrderQty!);
  return { ...placement, quote_amount: quoteOrderQty };
}

/** Binance's default answer: FULL for MARKET and LIMIT orders, ACK for the others. */
export const respTypeOf = (params: NewOrderParams): NewOrderRespType =>
  params.newOrderRespType ?? (params.type === 'MARKET' || params.type === 'LIMIT' ? 'FULL' : 'ACK');

const newOrderRejected = (msg: string) => new BinanceError(400, BinanceCode.NEW_ORDER_REJECTED, msg);

/** The trading core's refusals of a new order, as Binance words them (what it has no words for keeps ours). */
export function placementRefusal(error: unknown, market: BookMarket): unknown {
  if (!(error instanceof HttpError) || error.status >= 500 || error.status === 401 || error.status === 403)
    return error;
  switch (error.message) {
    case INSUFFICIENT_BALANCE:
      return newOrderRejected('Account has insufficient balance for requested action.');
    case DUPLICATE_CLIENT_ORDER_ID:
      return newOrderRejected('Duplicate order sent.');
    case REJECTIONS.POST_ONLY_WOULD_TAKE:
      return newOrderRejected('Order would immediately match and take.');
    case STOP_WOULD_TRIGGER:
      return newOrderRejected('Stop price would trigger immediately.');
    case KYC_REQUIRED:
      return newOrderRejected('This account may not place or cancel orders.');
    case belowMinimumValue(market):
    case REJECTIONS.MIN_NOTIONAL:
    case ORDER_VALUE_TOO_LARGE:
      return new BinanceError(400, BinanceCode.INVALID_MESSAGE, 'Filter failure: NOTIONAL');
    case MARKET_HALTED:
    case MARKET_CANCEL_ONLY:
      return newOrderRejected('Market is closed.');
    case INSUFFICIENT_LIQUIDITY:
      return newOrderRejected('Insufficient liquidity on the book for this order.');
    default:
      return newOrderRejected(error.message.endsWith('.') ? error.message : `${error.message}.`);
  }
}
