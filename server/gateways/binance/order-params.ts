import { z } from 'zod';
import type { TimeInForce } from '../../../engine';
import { Refusal } from '../../kernel/refusal';
import type { BookMarket, MarketCatalog } from '../../markets/catalog';
import type { OrderPlacement } from '../../trading/orders/order-schemas';
import { refusalAnswer } from '../web/refusal-answers';
import { BinanceCode, BinanceError } from './protocol/binance-error';
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
import type { NewOrderRespType } from './protocol/order-views';
import { binanceWording } from './protocol/refusal-answers';
import {
  assertNotional,
  assertQuoteAmount,
  priceTicks,
  quantityLots,
  ORDER_TYPES,
  SELF_TRADE_PREVENTION,
  type BinanceOrderType,
} from './protocol/symbol-rules';

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

export const newOrderParams = (catalog: MarketCatalog) =>
  z.object({
    symbol: symbolParam(catalog),
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
export type NewOrderParams = z.output<ReturnType<typeof newOrderParams>>;

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

/**
 * The trading core's refusals of a new order: those Binance has words for are worded by
 * knownBinanceError (refusal-answers.ts); any other a client could correct (not a 5xx, 401 or 403)
 * is a rejected new order, in the web API's words.
 */
export function placementRefusal(error: unknown): unknown {
  if (!(error instanceof Refusal) || binanceWording(error)) return error;
  const { status, message } = refusalAnswer(error);
  if (status >= 500 || status === 401 || status === 403) return error;
  return newOrderRejected(message.endsWith('.') ? message : `${message}.`);
}
