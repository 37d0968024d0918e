import { toLots, toNotional, toTicks, type MarketSpec } from '../../../engine';
import type { MarketCatalog } from '../../markets/catalog';
import type { OrderRow } from '../orders/order.entity';
import type { LiveOrder } from './live-order';
import { decimals } from './order-input';

/** The row an order in memory is written as (and answered from). */
export function orderRecord(catalog: MarketCatalog, order: LiveOrder): OrderRow {
  const market = catalog.findBookMarket(order.symbol);
  if (!market) throw new Error(`order ${order.id} of unknown market ${order.symbol}`);
  const units = decimals(market);
  return {
    id: order.id,
    user_id: order.userId,
    symbol: order.symbol,
    side: order.side,
    type: order.type,
    time_in_force: order.timeInForce,
    post_only: order.postOnly,
    price: order.priceTicks === null ? null : units.price(order.priceTicks),
    stop_price: order.stopTicks === null ? null : units.price(order.stopTicks),
    iceberg_amount: order.icebergLots === null ? null : units.amount(order.icebergLots),
    trailing_delta: order.trailingDelta,
    trailing_time: order.trailingTime,
    prevented_amount: order.preventedLots === 0 ? null : units.amount(order.preventedLots),
    amount: units.amount(order.lots),
    filled: units.amount(order.filledLots),
    quote_filled: units.quote(order.quoteFilled),
    reserved: order.side === 'buy' ? units.quote(order.reserved) : units.amount(order.reserved),
    status: order.status,
    seq: String(order.seq),
    client_order_id: order.clientOrderId,
    stp: order.stp,
    quote_amount: order.quoteUnits === null ? null : units.quote(order.quoteUnits),
    list_id: order.listId === null ? null : String(order.listId),
    created_at: order.createdAt,
    updated_at: order.updatedAt,
  };
}

/** An open order's row back in memory, in the engine's units of `spec` (recovery). */
export function liveOrder(row: OrderRow, spec: MarketSpec): LiveOrder {
  return {
    id: row.id,
    userId: row.user_id,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    timeInForce: row.time_in_force,
    postOnly: row.post_only,
    priceTicks: row.price === null ? null : units(toTicks(row.price, spec), row.price),
    stopTicks: row.stop_price === null ? null : units(toTicks(row.stop_price, spec), row.stop_price),
    icebergLots: row.iceberg_amount === null ? null : units(toLots(row.iceberg_amount, spec), row.iceberg_amount),
    trailingDelta: row.trailing_delta,
    trailingTime: row.trailing_time,
    lots: units(toLots(row.amount, spec), row.amount),
    quoteUnits: row.quote_amount === null ? null : units(toNotional(row.quote_amount, spec), row.quote_amount),
    clientOrderId: row.client_order_id,
    stp: row.stp,
    filledLots: units(toLots(row.filled, spec), row.filled),
    preventedLots: row.prevented_amount === null ? 0 : units(toLots(row.prevented_amount, spec), row.prevented_amount),
    quoteFilled: units(toNotional(row.quote_filled, spec), row.quote_filled),
    reserved: units(row.side === 'buy' ? toNotional(row.reserved, spec) : toLots(row.reserved, spec), row.reserved),
    status: row.status,
    seq: Number(row.seq),
    listId: row.list_id === null ? null : Number(row.list_id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function units(conversion: { ok: true; value: number } | { ok: false }, text: string): number {
  if (conversion.ok) return conversion.value;
  if (Number(text) === 0) return 0;
  throw new Error(`stored amount ${text} does not fit the market's units`);
}
