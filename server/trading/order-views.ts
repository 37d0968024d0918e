import { money, toJsonNumber } from '../ledger/money';
import { findBookMarket } from '../markets/catalog';
import type { LiveOrder } from './books/live-order';
import { decimals } from './books/order-input';
import type { OrderRow } from './order.entity';
import type { TradeRow } from './trade.entity';

/** A fill as its user sees it: side and fee are this user's; total = price x amount. */
export interface UserTradeView {
  id: string;
  symbol: string;
  side: 'buy' | 'sell';
  price: number;
  amount: number;
  fee: number;
  total: number;
  created_at: string;
}

export interface OrderView {
  id: string;
  symbol: string;
  type: OrderRow['type'];
  side: OrderRow['side'];
  price: number | null;
  stop_price: number | null;
  amount: number;
  filled: number;
  average_price: number | null;
  status: OrderRow['status'];
  time_in_force: OrderRow['time_in_force'];
  created_at: string;
  fills?: UserTradeView[];
}

const display = (symbol: string) => findBookMarket(symbol)?.display ?? symbol;
const numberOrNull = (value: string | null) => (value === null ? null : toJsonNumber(value));

export function orderView(row: OrderRow, fills?: TradeRow[]): OrderView {
  const filled = money(row.filled);
  return {
    id: row.id,
    symbol: display(row.symbol),
    type: row.type,
    side: row.side,
    price: numberOrNull(row.price),
    stop_price: numberOrNull(row.stop_price),
    amount: toJsonNumber(row.amount),
    filled: filled.toNumber(),
    average_price: filled.isZero() ? null : money(row.quote_filled).div(filled).toNumber(),
    status: row.status,
    time_in_force: row.time_in_force,
    created_at: new Date(row.created_at).toISOString(),
    ...(fills ? { fills: fills.map((trade) => userTradeView(trade, row.user_id)) } : {}),
  };
}

export function userTradeView(trade: TradeRow, userId: string): UserTradeView {
  const isTaker = trade.taker_user_id === userId;
  const takerBuys = trade.taker_side === 'buy';
  return {
    id: trade.id,
    symbol: display(trade.symbol),
    side: isTaker === takerBuys ? 'buy' : 'sell',
    price: toJsonNumber(trade.price),
    amount: toJsonNumber(trade.amount),
    fee: toJsonNumber(isTaker ? trade.taker_fee : trade.maker_fee),
    total: toJsonNumber(trade.quote_amount),
    created_at: new Date(trade.created_at).toISOString(),
  };
}

/** The row an in-memory order is written as (and answered from). */
export function orderRecord(order: LiveOrder): OrderRow {
  const market = findBookMarket(order.symbol);
  if (!market) throw new Error(`order ${order.id} of unknown market ${order.symbol}`);
  const units = decimals(market);
  return {
    id: order.id,
    user_id: order.userId,
    symbol: order.symbol,
    side: order.side,
    type: order.type,
    time_in_force: order.timeInForce,
    price: order.priceTicks === null ? null : units.price(order.priceTicks),
    stop_price: order.stopTicks === null ? null : units.price(order.stopTicks),
    amount: units.amount(order.lots),
    filled: units.amount(order.filledLots),
    quote_filled: units.quote(order.quoteFilled),
    reserved: order.side === 'buy' ? units.quote(order.reserved) : units.amount(order.reserved),
    status: order.status,
    seq: String(order.seq),
    created_at: order.createdAt,
    updated_at: order.updatedAt,
  };
}
