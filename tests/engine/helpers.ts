import type { EngineEvent, ListKind, ListOrder, MarketSpec, PlaceCommand, PlaceListCommand } from '../../engine';
import { OrderBook } from '../../engine';

export const BTC: MarketSpec = { symbol: 'BTCUSDT', tickSize: '0.01', lotSize: '0.00001', minNotional: '0' };

export function newBook(spec: MarketSpec = BTC): OrderBook {
  return new OrderBook(spec);
}

let clock = 1_700_000_000_000;

type PlaceOptions = Partial<Omit<PlaceCommand, 'type'>>;

export function limit(
  orderId: string,
  userId: string,
  side: 'buy' | 'sell',
  price: number,
  quantity: number,
  extra: PlaceOptions = {},
): PlaceCommand {
  return {
    type: 'place',
    orderId,
    userId,
    side,
    orderType: 'limit',
    price,
    quantity,
    makerFeePpm: 0,
    takerFeePpm: 0,
    timestamp: ++clock,
    ...extra,
  };
}

export function market(orderId: string, userId: string, side: 'buy' | 'sell', extra: PlaceOptions): PlaceCommand {
  return {
    type: 'place',
    orderId,
    userId,
    side,
    orderType: 'market',
    makerFeePpm: 0,
    takerFeePpm: 0,
    timestamp: ++clock,
    ...extra,
  };
}

export function stop(
  orderId: string,
  userId: string,
  side: 'buy' | 'sell',
  stopPrice: number,
  extra: PlaceOptions,
): PlaceCommand {
  return {
    type: 'place',
    orderId,
    userId,
    side,
    orderType: extra.price !== undefined ? 'stop_limit' : 'stop_market',
    stopPrice,
    makerFeePpm: 0,
    takerFeePpm: 0,
    timestamp: ++clock,
    ...extra,
  };
}

export function cancel(orderId: string, userId?: string) {
  return { type: 'cancel' as const, orderId, ...(userId ? { userId } : {}), timestamp: ++clock };
}

export function amend(orderId: string, change: { price?: number; quantity?: number }) {
  return { type: 'amend' as const, orderId, ...change, timestamp: ++clock };
}

export function ofType<T extends EngineEvent['type']>(
  events: EngineEvent[],
  type: T,
): Extract<EngineEvent, { type: T }>[] {
  return events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);
}

export function types(events: EngineEvent[]): string[] {
  return events.map((e) => e.type);
}

/** A list's order: a limit order, or a stop (stop_limit with `price`, else stop_market). */
export function leg(
  orderId: string,
  side: 'buy' | 'sell',
  quantity: number,
  prices: { price?: number; stopPrice?: number },
  extra: Partial<ListOrder> = {},
): ListOrder {
  const orderType =
    prices.stopPrice === undefined ? 'limit' : prices.price !== undefined ? 'stop_limit' : 'stop_market';
  return { orderId, side, orderType, ...prices, quantity, makerFeePpm: 0, takerFeePpm: 0, ...extra };
}

export function placeList(listId: string, userId: string, kind: ListKind, orders: ListOrder[]): PlaceListCommand {
  return { type: 'placeList', listId, userId, kind, orders, timestamp: ++clock };
}

export function cancelList(listId: string, userId?: string) {
  return { type: 'cancelList' as const, listId, ...(userId ? { userId } : {}), timestamp: ++clock };
}
