import type { OrderStatus } from '../../../../engine';
import { hasLimitPrice } from '../../../trading/books/order-input';
import type { OrderRow } from '../../../trading/orders/order.entity';
import type { OrderKind } from '../../../trading/orders/order-schemas';
import type { TradeRow } from '../../../trading/orders/trade.entity';
import type { AccountTradeRow, PreventedMatchRead } from '../../../trading/order-reads';
import { binanceStpMode, QUOTE_ASSET, type BinanceOrderType } from './symbol-rules';
import { money } from '../../../kernel/money';
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
  // A list's order that goes in once its working order has filled.
  pending_new: 'PENDING_NEW',
};

const BINANCE_TYPES: Record<OrderKind, BinanceOrderType> = {
  limit: 'LIMIT',
  market: 'MARKET',
  stop_market: 'STOP_LOSS',
  stop_limit: 'STOP_LOSS_LIMIT',
  take_profit: 'TAKE_PROFIT',
  take_profit_limit: 'TAKE_PROFIT_LIMIT',
};

export const orderType = (row: Pick<OrderRow, 'type' | 'post_only'>): BinanceOrderType =>
  row.post_only ? 'LIMIT_MAKER' : BINANCE_TYPES[row.type];

export const clientOrderId = (row: Pick<OrderRow, 'client_order_id' | 'id'>) => row.client_order_id ?? row.id;

/**
 * An order's price as Binance gives it: its limit, 0 for a market kind (a stop-loss or take-profit
 * market buy keeps its protective limit to itself).
 */
export const limitPrice = (row: Pick<OrderRow, 'type' | 'price'>) =>
  decimalText(hasLimitPrice(row.type) ? (row.price ?? 0) : 0);

/** The order list an order belongs to (Binance's orderListId), -1 for an order of its own. */
export const orderListId = (row: Pick<OrderRow, 'list_id'>) => (row.list_id === null ? -1 : Number(row.list_id));

/** When the order began to work on the book: placed, or (a stop) once triggered; -1 while it waits. */
export const workingTime = (row: OrderRow) => (row.status === 'waiting' ? -1 : new Date(row.created_at).getTime());

/**
 * Binance's origQty: what the order was placed for. Self-trade prevention's decrement takes lots off
 * its amount here, counted apart as its preventedQuantity; a market buy by quote amount has
 * bought its amount, whatever was prevented.
 */
export const originalQuantity = (row: OrderRow) =>
  row.prevented_amount === null || row.quote_amount !== null
    ? decimalText(row.amount)
    : decimalText(money(row.amount).plus(row.prevented_amount));

/** When a trailing stop began to trail (Binance's trailingTime), -1 while it waits for its stop price. */
export const trailingTime = (row: Pick<OrderRow, 'trailing_time'>) =>
  row.trailing_time === null ? -1 : new Date(row.trailing_time).getTime();

/**
 * What every answer about an order tells of it. The answers below are put together with
 * Object.assign, not spread into a literal: V8 builds such a literal property by property, a
 * signed order's answer took 8 us that way and 1 us this way.
 */
function orderState(row: OrderRow): Record<string, string | number> {
  const state: Record<string, string | number> = {
    price: limitPrice(row),
    origQty: originalQuantity(row),
    executedQty: decimalText(row.filled),
    origQuoteOrderQty: decimalText(row.quote_amount ?? 0),
    cummulativeQuoteQty: decimalText(row.quote_filled),
    status: STATUSES[row.status],
    timeInForce: row.time_in_force,
    type: orderType(row),
    side: row.side.toUpperCase(),
  };
  if (row.stop_price !== null) state.stopPrice = decimalText(row.stop_price);
  if (row.iceberg_amount !== null) state.icebergQty = decimalText(row.iceberg_amount);
  if (row.trailing_delta !== null) {
    state.trailingDelta = row.trailing_delta;
    state.trailingTime = trailingTime(row);
  }
  if (row.prevented_amount !== null) state.preventedQuantity = decimalText(row.prevented_amount);
  return state;
}

/** An order as GET order, openOrders and allOrders answer it. */
export function orderView(row: OrderRow) {
  const ids = {
    symbol: row.symbol,
    orderId: Number(row.seq),
    orderListId: orderListId(row),
    clientOrderId: clientOrderId(row),
  };
  return Object.assign(ids, orderState(row), {
    stopPrice: decimalText(row.stop_price ?? 0),
    icebergQty: decimalText(row.iceberg_amount ?? 0),
    time: new Date(row.created_at).getTime(),
    updateTime: new Date(row.updated_at).getTime(),
    isWorking: row.status !== 'waiting',
    workingTime: workingTime(row),
    selfTradePreventionMode: binanceStpMode(row.stp),
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
    orderListId: orderListId(row),
    clientOrderId: clientOrderId(row),
    transactTime: new Date(row.created_at).getTime(),
  };
  if (type === 'ACK') return ack;
  const result = Object.assign(ack, orderState(row), {
    workingTime: workingTime(row),
    selfTradePreventionMode: binanceStpMode(row.stp),
  });
  return type === 'RESULT' ? result : Object.assign(result, { fills: fills.map((fill) => fillView(fill, row.id)) });
}

/** The answer to DELETE order: the order as cancelled; `cancelId` names the cancellation (Binance's newClientOrderId). */
export function canceledOrderView(row: OrderRow, cancelId: string) {
  const ids = {
    symbol: row.symbol,
    origClientOrderId: clientOrderId(row),
    orderId: Number(row.seq),
    orderListId: orderListId(row),
    clientOrderId: cancelId,
    transactTime: new Date(row.updated_at).getTime(),
  };
  return Object.assign(ids, orderState(row), { selfTradePreventionMode: binanceStpMode(row.stp) });
}

/** Execution ids (`I`) interleave this many series, each numbered from its own sequence (see executionReports). */
export const EXECUTION_SERIES = 6;

/**
 * The execution id (`I`, `executionId`) of an amend: from the amend command's sequence number on its
 * book, which no other command has (an order's own reports count from its placing command's).
 */
export const amendExecutionId = (commandSeq: number) => EXECUTION_SERIES * commandSeq;

/** The answer to PUT order/amend/keepPriority: the order as amended, `origClientOrderId` its client order id before. */
export function amendedOrderView(row: OrderRow, origClientOrderId: string, commandSeq: number) {
  return {
    transactTime: new Date(row.updated_at).getTime(),
    executionId: amendExecutionId(commandSeq),
    amendedOrder: {
      symbol: row.symbol,
      orderId: Number(row.seq),
      orderListId: orderListId(row),
      origClientOrderId,
      clientOrderId: clientOrderId(row),
      price: limitPrice(row),
      qty: decimalText(row.amount),
      executedQty: decimalText(row.filled),
      preventedQty: decimalText(0),
      quoteOrderQty: decimalText(row.quote_amount ?? 0),
      cumulativeQuoteQty: decimalText(row.quote_filled),
      status: STATUSES[row.status],
      timeInForce: row.time_in_force,
      type: orderType(row),
      side: row.side.toUpperCase(),
      ...(row.stop_price !== null ? { stopPrice: decimalText(row.stop_price) } : {}),
      workingTime: workingTime(row),
      selfTradePreventionMode: binanceStpMode(row.stp),
    },
  };
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

/** A prevented match as myPreventedMatches answers it: a quantity for each order it ended. */
export function preventedMatchView(row: PreventedMatchRead) {
  return {
    symbol: row.symbol,
    preventedMatchId: Number(row.id),
    takerOrderId: Number(row.taker_seq),
    makerOrderId: Number(row.maker_seq),
    // No trade groups here: a trader's own orders only.
    tradeGroupId: -1,
    selfTradePreventionMode: binanceStpMode(row.stp),
    price: decimalText(row.price),
    ...(row.taker_prevented === null ? {} : { takerPreventedQuantity: decimalText(row.taker_prevented) }),
    ...(row.maker_prevented === null ? {} : { makerPreventedQuantity: decimalText(row.maker_prevented) }),
    transactTime: new Date(row.created_at).getTime(),
  };
}
