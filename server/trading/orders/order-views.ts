import { money, toJsonNumber } from '../../kernel/money';
import { USD, type MarketCatalog } from '../../markets/catalog';
import type { OrderListView, OrderView, UserTradeView } from './order-schemas';
import type { OrderListRow } from './order-list.entity';
import type { OrderRow } from './order.entity';
import type { TradeRow } from './trade.entity';

const display = (catalog: MarketCatalog, symbol: string) => catalog.findBookMarket(symbol)?.display ?? symbol;
const numberOrNull = (value: string | null) => (value === null ? null : toJsonNumber(value));

export function orderView(catalog: MarketCatalog, row: OrderRow, fills?: TradeRow[]): OrderView {
  const filled = money(row.filled);
  return {
    id: row.id,
    symbol: display(catalog, row.symbol),
    type: row.type,
    side: row.side,
    price: numberOrNull(row.price),
    stop_price: numberOrNull(row.stop_price),
    amount: toJsonNumber(row.amount),
    filled: filled.toNumber(),
    average_price: filled.isZero() ? null : money(row.quote_filled).div(filled).toNumber(),
    status: row.status,
    time_in_force: row.time_in_force,
    trailing_delta: row.trailing_delta,
    list_id: row.list_id === null ? null : Number(row.list_id),
    created_at: new Date(row.created_at).toISOString(),
    ...(fills ? { fills: fills.map((trade) => userTradeView(catalog, trade, row.user_id)) } : {}),
  };
}

export function orderListView(catalog: MarketCatalog, list: OrderListRow, orders: OrderRow[]): OrderListView {
  return {
    id: Number(list.id),
    symbol: display(catalog, list.symbol),
    kind: list.kind,
    status: list.status,
    orders: orders.map((order) => orderView(catalog, order)),
    created_at: new Date(list.created_at).toISOString(),
  };
}

export function userTradeView(catalog: MarketCatalog, trade: TradeRow, userId: string): UserTradeView {
  const isTaker = trade.taker_user_id === userId;
  const takerBuys = trade.taker_side === 'buy';
  return {
    id: trade.id,
    symbol: display(catalog, trade.symbol),
    side: isTaker === takerBuys ? 'buy' : 'sell',
    price: toJsonNumber(trade.price),
    amount: toJsonNumber(trade.amount),
    fee: toJsonNumber(isTaker ? trade.taker_fee : trade.maker_fee),
    // Both sides' fees come out of the quote side of the fill's posting (server/trading/README.md).
    fee_asset: catalog.findBookMarket(trade.symbol)?.quote ?? USD,
    total: toJsonNumber(trade.quote_amount),
    created_at: new Date(trade.created_at).toISOString(),
    order_id: isTaker ? trade.taker_order_id : trade.maker_order_id,
  };
}
