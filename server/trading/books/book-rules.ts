import { fromTicks, OrderBook, type MarketSpec } from '../../../engine';
import { money } from '../../kernel/money';

/** A spec's rules alone, without its symbol. */
export const rulesOf = ({ tickSize, lotSize, minNotional }: MarketSpec) => ({ tickSize, lotSize, minNotional });

/** Whether two specs count prices and quantities alike and refuse the same orders. */
export const sameRules = (a: MarketSpec, b: MarketSpec): boolean =>
  a === b || (a.tickSize === b.tickSize && a.lotSize === b.lotSize && a.minNotional === b.minNotional);

/**
 * The empty `book` (it holds no order) under new rules: its event and time-priority counters
 * carried on, its last price (which stop orders trigger on) in the new ticks, to the nearest.
 */
export function emptiedUnder(book: OrderBook, spec: MarketSpec): OrderBook {
  const snapshot = book.snapshot();
  if (snapshot.orders.length > 0 || snapshot.stops.length > 0) throw new Error('the book still holds orders');
  const last = snapshot.lastPrice;
  const lastPrice =
    last === null ? null : Math.max(1, money(fromTicks(last, book.spec)).div(spec.tickSize).round().toNumber());
  return OrderBook.restore({ ...snapshot, spec, lastPrice });
}
