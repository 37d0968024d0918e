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
  integerParam,
  invalidValue,
  mandatory,
  notRequired,
  param,
  symbolParam,
} from './binance-params';
import type { NewOrderRespType } from './protocol/order-views';
import { binanceWording } from './protocol/refusal-answers';
import {
  assertIcebergParts,
  assertNotional,
  assertQuoteAmount,
  assertTrailingDelta,
  priceTicks,
  quantityLots,
  ORDER_KINDS,
  ORDER_TYPES,
  STP_MODES,
  UNSERVED_STP_MODES,
  type BinanceOrderType,
} from './protocol/symbol-rules';

/**
 * POST order's parameters as Binance takes them, checked as Binance checks them (the symbol's
 * filters included) and turned into the order the trading core places; and the core's refusals
 * in Binance's words.
 */

const CLIENT_ORDER_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;

export const clientOrderIdParam = (name: string) =>
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

const STP_MODE_NAMES = Object.keys(STP_MODES) as Array<keyof typeof STP_MODES>;

/** The engine's mode for Binance's; one this venue does not serve is refused as a symbol refuses a mode it does not allow. */
function stpOf(mode: NewOrderParams['selfTradePreventionMode']) {
  if (mode === undefined) return undefined;
  if (mode in STP_MODES) return STP_MODES[mode as keyof typeof STP_MODES];
  throw new BinanceError(
    400,
    BinanceCode.INVALID_MESSAGE,
    'This symbol does not allow the specified self-trade prevention mode.',
  );
}

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
    icebergQty: decimalParam('icebergQty').optional(),
    trailingDelta: integerParam('trailingDelta').optional(),
    newClientOrderId: clientOrderIdParam('newClientOrderId').optional(),
    newOrderRespType: enumParam(['ACK', 'RESULT', 'FULL'] as const, () => invalidValue('newOrderRespType')).optional(),
    selfTradePreventionMode: enumParam([...STP_MODE_NAMES, ...UNSERVED_STP_MODES], () =>
      invalidValue('selfTradePreventionMode'),
    ).optional(),
  });
export type NewOrderParams = z.output<ReturnType<typeof newOrderParams>>;

/** Which parameters each order type takes: those it needs, and those it refuses if sent. */
const TYPE_RULES: Record<
  BinanceOrderType,
  { needs: Array<keyof NewOrderParams>; refuses: Array<keyof NewOrderParams> }
> = {
  LIMIT: { needs: ['timeInForce', 'quantity', 'price'], refuses: ['quoteOrderQty', 'stopPrice', 'trailingDelta'] },
  LIMIT_MAKER: {
    needs: ['quantity', 'price'],
    refuses: ['timeInForce', 'quoteOrderQty', 'stopPrice', 'trailingDelta'],
  },
  MARKET: { needs: [], refuses: ['timeInForce', 'price', 'stopPrice', 'trailingDelta', 'icebergQty'] },
  // The stops need a stopPrice or a trailingDelta (orderPlacement).
  STOP_LOSS: { needs: ['quantity'], refuses: ['timeInForce', 'quoteOrderQty', 'price', 'icebergQty'] },
  STOP_LOSS_LIMIT: { needs: ['timeInForce', 'quantity', 'price'], refuses: ['quoteOrderQty'] },
  TAKE_PROFIT: { needs: ['quantity'], refuses: ['timeInForce', 'quoteOrderQty', 'price', 'icebergQty'] },
  TAKE_PROFIT_LIMIT: { needs: ['timeInForce', 'quantity', 'price'], refuses: ['quoteOrderQty'] },
};

/** An order as Binance asks for it, checked against its type's parameters and its symbol's filters. */
export function orderPlacement(params: NewOrderParams): OrderPlacement {
  const { symbol: market, type } = params;
  const rules = TYPE_RULES[type];
  for (const name of rules.refuses) if (params[name] !== undefined) throw notRequired(name);
  for (const name of rules.needs) if (params[name] === undefined) throw mandatory(name);
  const side = params.side === 'BUY' ? 'buy' : 'sell';
  const stp = stpOf(params.selfTradePreventionMode);
  if (type === 'MARKET') return { ...marketPlacement(market, side, params), stp };
  const { stopPrice, trailingDelta, icebergQty } = params;
  const isStop = ORDER_KINDS[type] !== 'limit';
  if (isStop && stopPrice === undefined && trailingDelta === undefined)
    throw eitherMandatory('stopPrice', 'trailingDelta');
  const lots = quantityLots(market, params.quantity!);
  if (stopPrice !== undefined) priceTicks(market, stopPrice);
  if (trailingDelta !== undefined) assertTrailingDelta(trailingDelta);
  if (icebergQty !== undefined) assertIcebergParts(lots, quantityLots(market, icebergQty));
  // Both safe integers: their product is exact or far past the largest notional.
  if (params.price !== undefined) assertNotional(market, priceTicks(market, params.price) * lots);
  return {
    symbol: market.symbol,
    side,
    type: ORDER_KINDS[type],
    amount: params.quantity,
    price: params.price,
    stop_price: stopPrice,
    iceberg_amount: icebergQty,
    trailing_delta: trailingDelta,
    // LIMIT_MAKER rests (GTC); a stop-loss or take-profit market order trades what it can once triggered.
    time_in_force: (params.timeInForce ?? (params.price === undefined ? 'IOC' : 'GTC')) satisfies TimeInForce,
    post_only: type === 'LIMIT_MAKER',
    client_order_id: params.newClientOrderId,
    stp,
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
