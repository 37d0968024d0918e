import type { OrderStatus } from '../../../../engine';
import type { OrderRow } from '../../../trading/orders/order.entity';
import type { TradeRow } from '../../../trading/orders/trade.entity';
import type { AccountTradeRow } from '../../../trading/order-reads';
import { QUOTE_ASSET, SELF_TRADE_PREVENTION, type BinanceOrderType } from './symbol-rules';
import { decimalText } from './decimal-text';

/**
 * Orders and fills in Binance's words, from the rows the trading core writes: orderId is the
 * order's per-symbol seq, trade ids the trades' per-symbol seq, fees (commissions) are in USDT.
 * Orders placed on the web have no client order id of their own: their id serves as one.
 */

export const STATUSES: Record<OrderStatus, string> = {
  new: 'NEW',
  partially_filled: 'PARTIALLY_FILLED',
  filled: 'FILLED',
  canceled: 'CANCELED',
  rejected: 'REJECTED',
  expired: 'EXPIRED',
  // An untriggered stop: Binance's stop orders wait as NEW (isWorking false).
  waiting: 'NEW',
};

export function orderType(row: Pick<OrderRow, 'type' | 'post_only'>): BinanceOrderType {
  if (row.type === 'market') return 'MARKET';
  if (row.type === 'stop_limit') return 'STOP_LOSS_LIMIT';
  return row.post_only ? 'LIMIT_MAKER' : 'LIMIT';
}

export const clientOrderId = (row: Pick<OrderRow, 'client_order_id' | 'id'>) => row.client_order_id ?? row.id;

/** When the order began to work on the book: placed, or (a stop) once triggered; -1 while it waits. */
export const workingTime = (row: OrderRow) => (row.status === 'waiting' ? -1 : new Date(row.created_at).getTime());

/**
 * What every answer about an order tells of it. The answers below are put together with
 * Object.assign, not spread into a literal: V8 builds such a literal property by property, a
 * signed order's answer took 8 us that way and 1 us this way.
 */
function orderState(row: OrderRow): Record<string, string> {
  const state: Record<string, string> = {
    price: decimalText(row.price ?? 0),
    origQty: decimalText(row.amount),
    executedQty: decimalText(row.filled),
    origQuoteOrderQty: decimalText(row.quote_amount ?? 0),
    cummulativeQuoteQty: decimalText(row.quote_filled),
    status: STATUSES[row.status],
    timeInForce: row.time_in_force,
    type: orderType(row),
    side: row.side.toUpperCase(),
  };
  if (row.type === 'stop_limit') state.stopPrice = decimalText(row.stop_price!);
  return state;
}

/** An order as GET order, openOrders and allOrders answer it. */
export function orderView(row: OrderRow) {
  const ids = { symbol: row.symbol, orderId: Number(row.seq), orderListId: -1, clientOrderId: clientOrderId(row) };
  return Object.assign(ids, orderState(row), {
    stopPrice: decimalText(row.stop_price ?? 0),
    icebergQty: decimalText(0),
    time: new Date(row.created_at).getTime(),
    updateTime: new Date(row.updated_at).getTime(),
    isWorking: row.status !== 'waiting',
    workingTime: workingTime(row),
    selfTradePreventionMode: SELF_TRADE_PREVENTION,
  });
}

export type NewOrderRespType = 'ACK' | 'RESULT' | 'FULL';

/** A fill of the order just placed, as FULL answers it, with the fee of the order's side of it. */
const fillView = (trade: TradeRow, orderId: string) => ({
  price: decimalText(trade.price),
  qty: decimalText(trade.amount),
  commission: decimalText(trade.maker_order_id === orderId ? trade.maker_fee : trade.taker_fee),
  commissionAsset: QUOTE_ASSET,
  tradeId: Number(trade.seq),
});

/** The answer to POST order: ACK (ids), RESULT (the order), FULL (and the fills it made as it was placed). */
export function newOrderView(row: OrderRow, fills: TradeRow[], type: NewOrderRespType) {
  const ack = {
    symbol: row.symbol,
    orderId: Number(row.seq),
    orderListId: -1,
    clientOrderId: clientOrderId(row),
    transactTime: new Date(row.created_at).getTime(),
  };
  if (type === 'ACK') return ack;
  const result = Object.assign(ack, orderState(row), {
    workingTime: workingTime(row),
    selfTradePreventionMode: SELF_TRADE_PREVENTION,
  });
  return type === 'RESULT' ? result : Object.assign(result, { fills: fills.map((fill) => fillView(fill, row.id)) });
}

/** The answer to DELETE order: the order as cancelled; `cancelId` names the cancellation (Binance's newClientOrderId). */
export function canceledOrderView(row: OrderRow, cancelId: string) {
  const ids = {
    symbol: row.symbol,
    origClientOrderId: clientOrderId(row),
    orderId: Number(row.seq),
    orderListId: -1,
    clientOrderId: cancelId,
    transactTime: new Date(row.updated_at).getTime(),
  };
  return Object.assign(ids, orderState(row), { selfTradePreventionMode: SELF_TRADE_PREVENTION });
}

/** A fill as myTrades answers it, from its user's side. */
export function accountTradeView(trade: AccountTradeRow, userId: string) {
  const isMaker = trade.maker_user_id === userId;
  const takerBuys = trade.taker_side === 'buy';
  return {
    symbol: trade.symbol,
    id: Number(trade.seq),
    orderId: Number(trade.order_seq),
    orderListId: -1,
    price: decimalText(trade.price),
    qty: decimalText(trade.amount),
    quoteQty: decimalText(trade.quote_amount),
    commission: decimalText(isMaker ? trade.maker_fee : trade.taker_fee),
    commissionAsset: QUOTE_ASSET,
    time: new Date(trade.created_at).getTime(),
    isBuyer: isMaker !== takerBuys,
    isMaker,
    isBestMatch: true,
  };
}
