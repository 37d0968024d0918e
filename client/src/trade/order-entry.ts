/**
 * What the order form places, apart from how it looks: the kinds it offers and the request each
 * makes of the web API (an order, or an OCO pair as an order list). The server checks the rest
 * (prices against the book, a stop that would trigger at once) and its answer is shown as it says.
 */
import type { OrderType, PlaceOrderListPayload, PlaceOrderPayload, Side, TimeInForce } from '../api/types';
import { slashSymbol } from '../format';

/** The web API's order types, and `oco`: a take-profit limit order and a stop-limit, one ending the other. */
export type EntryKind = OrderType | 'oco';

export const MAIN_KINDS: { key: EntryKind; label: string }[] = [
  { key: 'limit', label: 'Limit' },
  { key: 'market', label: 'Market' },
  { key: 'stop_limit', label: 'Stop-Limit' },
];
export const MORE_KINDS: { key: EntryKind; label: string }[] = [
  { key: 'stop_market', label: 'Stop-Market' },
  { key: 'take_profit_limit', label: 'Take-Profit-Limit' },
  { key: 'take_profit', label: 'Take-Profit' },
  { key: 'oco', label: 'OCO' },
];

/** Kinds that wait for a stop price (or trail the price) before they trade. */
const STOPS = new Set<EntryKind>(['stop_limit', 'stop_market', 'take_profit_limit', 'take_profit']);
export const isStop = (kind: EntryKind) => STOPS.has(kind);
/** Kinds with a limit price of their own (the OCO's is its take-profit order's). */
export const hasLimitPrice = (kind: EntryKind) =>
  kind === 'limit' || kind === 'stop_limit' || kind === 'take_profit_limit' || kind === 'oco';

/** The web API's trailing delta bounds, in basis points. */
const MIN_TRAILING_BPS = 1;
const MAX_TRAILING_BPS = 9999;

/** A trailing delta typed as a percent ("1.5") in basis points (150); null unless whole and in bounds. */
export function trailingBps(percent: string): number | null {
  const bps = Number(percent) * 100;
  const whole = Math.round(bps);
  if (!Number.isFinite(bps) || Math.abs(bps - whole) > 1e-6) return null;
  return whole >= MIN_TRAILING_BPS && whole <= MAX_TRAILING_BPS ? whole : null;
}

export interface EntryFields {
  side: Side;
  kind: EntryKind;
  amount: string;
  /** The limit price (an OCO's take-profit price). */
  price: string;
  /** The stop price; optional on a trailing stop, where it is the price trailing starts from. */
  stop: string;
  /** An OCO's stop-loss limit price. */
  stopLimit: string;
  timeInForce: TimeInForce;
  postOnly: boolean;
  /** The trailing delta in percent; empty when the stop does not trail. */
  trailing: string;
}

export type Entry =
  | { kind: 'order'; payload: PlaceOrderPayload }
  | { kind: 'list'; payload: PlaceOrderListPayload }
  | { kind: 'invalid'; message: string };

const REQUIRED = 'Please fill all required fields';

/** The request the form's fields make, or why they make none yet. */
export function entryFor(symbol: string, f: EntryFields): Entry {
  const invalid = (message: string): Entry => ({ kind: 'invalid', message });
  if (!f.amount) return invalid(REQUIRED);
  const amount = parseFloat(f.amount);
  const common = { side: f.side, amount };

  if (f.kind === 'oco') {
    if (!f.price || !f.stop || !f.stopLimit) return invalid(REQUIRED);
    return {
      kind: 'list',
      payload: {
        symbol: slashSymbol(symbol),
        kind: 'oco',
        orders: [
          { ...common, type: 'limit', price: parseFloat(f.price), time_in_force: 'GTC' },
          { ...common, type: 'stop_limit', stop_price: parseFloat(f.stop), price: parseFloat(f.stopLimit) },
        ],
      },
    };
  }

  if (hasLimitPrice(f.kind) && !f.price) return invalid(REQUIRED);
  const trailing = isStop(f.kind) && f.trailing !== '' ? trailingBps(f.trailing) : undefined;
  if (trailing === null) return invalid('Trailing delta must be 0.01% to 99.99%, in steps of 0.01%');
  if (isStop(f.kind) && !f.stop && trailing === undefined) return invalid(REQUIRED);
  return {
    kind: 'order',
    payload: {
      ...common,
      symbol: slashSymbol(symbol),
      type: f.kind,
      price: hasLimitPrice(f.kind) ? parseFloat(f.price) : null,
      ...(isStop(f.kind) && f.stop ? { stop_price: parseFloat(f.stop) } : {}),
      ...(trailing !== undefined ? { trailing_delta: trailing } : {}),
      ...(f.kind === 'limit' ? { time_in_force: f.timeInForce } : {}),
      ...(f.kind === 'limit' && f.postOnly ? { post_only: true } : {}),
    },
  };
}

/** The price the form's Total and percentage buttons count with: the limit price, else the stop, else the last. */
export function unitPrice(f: Pick<EntryFields, 'kind' | 'price' | 'stop'>, lastPrice: number | null): number {
  if (hasLimitPrice(f.kind)) return Number(f.price) || 0;
  if (isStop(f.kind)) return Number(f.stop) || lastPrice || 0;
  return lastPrice ?? 0;
}
