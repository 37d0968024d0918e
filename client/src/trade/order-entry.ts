/**
 * What the order form places, apart from how it looks: the kinds it offers and the request each
 * makes of the web API (an order; an OCO pair, or a limit order with take-profit / stop-loss, as an
 * order list). Figures are checked exactly against the market's steps (entry/figures.ts), and a
 * stop that the last price has already reached is refused here, before the server would.
 */
import type { OrderType, PlaceOrderListPayload, PlaceOrderPayload, Side, TimeInForce } from '../api/types';
import { price as priceText, slashSymbol } from '../format';
import { exact, figure, plain, total, valueFits, type Exact, type Steps } from './entry/figures';

/** The web API's order types, and `oco`: a take-profit limit order and a stop-limit, one ending the other. */
export type EntryKind = OrderType | 'oco';

export const MAIN_KINDS: { key: EntryKind; label: string }[] = [
  { key: 'limit', label: 'Limit' },
  { key: 'market', label: 'Market' },
  { key: 'stop_limit', label: 'Stop-Limit' },
  { key: 'oco', label: 'OCO' },
];
export const MORE_KINDS: { key: EntryKind; label: string }[] = [
  { key: 'stop_market', label: 'Stop-Market' },
  { key: 'take_profit_limit', label: 'Take-Profit-Limit' },
  { key: 'take_profit', label: 'Take-Profit' },
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

/** Whether a stop of this side and kind is due when the price rises to it: a stop-loss buy or a take-profit sell. */
const triggersRising = (side: Side, kind: EntryKind) =>
  (side === 'buy') !== (kind === 'take_profit_limit' || kind === 'take_profit');

/**
 * Whether a stop of this side and kind is due at the last price, as the engine judges it: a
 * stop-loss buy (or take-profit sell) once the price has risen to its stop, a stop-loss sell (or
 * take-profit buy) once it has fallen to it. Never before the book's first trade.
 */
function stopIsDue(side: Side, kind: EntryKind, stop: Exact, lastPrice: number | null): boolean {
  if (lastPrice === null) return false;
  return triggersRising(side, kind) ? stop.lte(lastPrice) : stop.gte(lastPrice);
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
  /** A limit order's take-profit and stop-loss prices; both empty when it has none. */
  takeProfit: string;
  stopLoss: string;
}

/** What the form knows of the market beside its fields. */
export interface EntryMarket extends Steps {
  lastPrice: number | null;
}

export type Entry =
  | { kind: 'order'; payload: PlaceOrderPayload }
  | { kind: 'list'; payload: PlaceOrderListPayload }
  | { kind: 'invalid'; message: string };

export const REQUIRED = 'Please fill all required fields';

class Invalid extends Error {}

/** A required figure of the form, or the reason it is refused. */
function required(label: string, text: string, step: string): Exact {
  if (text.trim() === '') throw new Invalid(REQUIRED);
  const checked = figure(label, text, step);
  if (!checked.ok) throw new Invalid(checked.message);
  return checked.value;
}

const direction = (side: Side) => (side === 'buy' ? 'above' : 'below');

/** Refuses a stop the last price has already reached, saying which way it must lie. */
function assertNotDue(side: Side, kind: EntryKind, stop: Exact, market: EntryMarket) {
  if (!stopIsDue(side, kind, stop, market.lastPrice)) return;
  throw new Invalid(
    `Stop price would trigger immediately: it must be ${triggersRising(side, kind) ? 'above' : 'below'} the last price ${priceText(market.lastPrice!, market.tick)}`,
  );
}

/** A typed price as a figure; null while it is none. */
function typedPrice(text: string, market: EntryMarket): Exact | null {
  const checked = figure('Price', text, market.tick);
  return checked.ok ? checked.value : null;
}

/**
 * The price the form counts an order at (its Total, and the most a buy can pay for): its limit
 * price (a buy OCO's dearer one, which it is held at), else its stop, else the last price.
 */
export function countedPrice(f: EntryFields, market: EntryMarket): Exact | null {
  const last = market.lastPrice === null ? null : exact(market.lastPrice);
  if (f.kind === 'oco') {
    const [limit, stopLimit] = [typedPrice(f.price, market), typedPrice(f.stopLimit, market)];
    return f.side === 'buy' && limit && stopLimit?.gt(limit) ? stopLimit : (limit ?? stopLimit);
  }
  if (hasLimitPrice(f.kind)) return typedPrice(f.price, market);
  return (isStop(f.kind) && typedPrice(f.stop, market)) || last;
}

/** price x amount, exact; null until both are figures (or when the engine could not hold the value). */
export function totalOf(f: EntryFields, market: EntryMarket): Exact | null {
  const amount = figure('Amount', f.amount, market.lot);
  const price = countedPrice(f, market);
  if (!amount.ok || price === null || !valueFits(price, amount.value, market)) return null;
  return total(price, amount.value);
}

/** The request the form's fields make, or why they make none yet. */
export function entryFor(symbol: string, f: EntryFields, market: EntryMarket): Entry {
  try {
    return checkedEntry(slashSymbol(symbol), f, market);
  } catch (error) {
    if (error instanceof Invalid) return { kind: 'invalid', message: error.message };
    throw error;
  }
}

function checkedEntry(symbol: string, f: EntryFields, market: EntryMarket): Entry {
  const amount = required('Amount', f.amount, market.lot);
  const fits = (price: Exact) => {
    if (!valueFits(price, amount, market)) throw new Invalid('Order value is too large');
  };
  const common = { side: f.side, amount: plain(amount) };

  if (f.kind === 'oco') {
    const price = required('Price', f.price, market.tick);
    const stop = required('Stop price', f.stop, market.tick);
    const stopLimit = required('Stop limit price', f.stopLimit, market.tick);
    assertNotDue(f.side, 'stop_limit', stop, market);
    fits(price);
    fits(stopLimit);
    return {
      kind: 'list',
      payload: {
        symbol,
        kind: 'oco',
        orders: [
          { ...common, type: 'limit', price: plain(price), time_in_force: 'GTC' },
          { ...common, type: 'stop_limit', stop_price: plain(stop), price: plain(stopLimit) },
        ],
      },
    };
  }

  const price = hasLimitPrice(f.kind) ? required('Price', f.price, market.tick) : null;
  const trailing = isStop(f.kind) && f.trailing !== '' ? trailingBps(f.trailing) : undefined;
  if (trailing === null) throw new Invalid('Trailing delta must be 0.01% to 99.99%, in steps of 0.01%');
  const stop =
    isStop(f.kind) && (trailing === undefined || f.stop.trim() !== '')
      ? required('Stop price', f.stop, market.tick)
      : null;
  if (stop !== null) assertNotDue(f.side, f.kind, stop, market);
  const order = {
    ...common,
    type: f.kind,
    price: price === null ? null : plain(price),
    ...(stop !== null ? { stop_price: plain(stop) } : {}),
    ...(trailing !== undefined ? { trailing_delta: trailing } : {}),
    ...(f.kind === 'limit' ? { time_in_force: f.timeInForce } : {}),
    ...(f.kind === 'limit' && f.postOnly ? { post_only: true } : {}),
  };
  if (price !== null) fits(price);

  if (f.kind !== 'limit' || (f.takeProfit.trim() === '' && f.stopLoss.trim() === '')) {
    return { kind: 'order', payload: { ...order, symbol } };
  }
  // Take-profit / stop-loss: once the limit order has filled, a pair on the other side closes the
  // position, each a limit order at its trigger price: the first reached ends the other.
  const takeProfit = required('Take profit', f.takeProfit, market.tick);
  const stopLoss = required('Stop loss', f.stopLoss, market.tick);
  const against: Side = f.side === 'buy' ? 'sell' : 'buy';
  if (f.side === 'buy' ? takeProfit.lte(price!) : takeProfit.gte(price!))
    throw new Invalid(`Take profit must be ${direction(f.side)} the price`);
  if (f.side === 'buy' ? stopLoss.gte(price!) : stopLoss.lte(price!))
    throw new Invalid(`Stop loss must be ${direction(against)} the price`);
  fits(takeProfit);
  fits(stopLoss);
  const close = { side: against, amount: common.amount };
  return {
    kind: 'list',
    payload: {
      symbol,
      kind: 'otoco',
      orders: [
        order,
        { ...close, type: 'take_profit_limit', stop_price: plain(takeProfit), price: plain(takeProfit) },
        { ...close, type: 'stop_limit', stop_price: plain(stopLoss), price: plain(stopLoss) },
      ],
    },
  };
}
