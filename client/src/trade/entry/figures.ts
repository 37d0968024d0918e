/**
 * The order form's figures, exact: what a typed amount or price is (or why the form will not send
 * it), the Total, and the most the balance pays for. Decimals, never floats, so every amount the
 * form accepts has its true Total; the limits are the engine's (whole lots and ticks up to 2^53-1),
 * worded as the server words them.
 */
import Decimal from 'decimal.js';

/** Enough digits that no product of two accepted figures is rounded. */
const Exact = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN });
export type Exact = Decimal;

const MAX_UNITS = new Exact(Number.MAX_SAFE_INTEGER);
/** A number as typed: digits with an optional point and exponent ("0.5", ".5", "1e-3"). */
const TYPED = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** Beyond this exponent a figure is absurd whatever the market: refused before it is expanded. */
const MAX_EXPONENT = 40;

/** A typed figure, checked against its step: its value, or the message saying why it is refused. */
export type Figure = { ok: true; value: Exact } | { ok: false; message: string };

/** What the form knows of the market: its steps. */
export interface Steps {
  tick: string;
  lot: string;
}

/**
 * A typed figure ("Amount", "Price", "Stop price"...) as a positive multiple of `step`, no more
 * than 2^53-1 steps; '' is not a figure (the caller tells "required" apart).
 */
export function figure(label: string, text: string, step: string): Figure {
  const typed = text.trim();
  const match = TYPED.exec(typed);
  if (!match) return { ok: false, message: `${label} must be a positive number` };
  if (Math.abs(Number((match[2] ?? 'e0').slice(1))) > MAX_EXPONENT)
    return { ok: false, message: Number(match[2]!.slice(1)) > 0 ? `${label} is too large` : `${label} is too small` };
  const value = new Exact(typed);
  if (value.isZero()) return { ok: false, message: `${label} must be a positive number` };
  const units = value.div(step);
  if (!units.isInteger()) {
    const which = label === 'Amount' ? 'lot size' : 'tick size';
    return { ok: false, message: `${label} must be a multiple of the ${which} ${step}` };
  }
  if (units.gt(MAX_UNITS)) return { ok: false, message: `${label} is too large` };
  return { ok: true, value };
}

/** Whether price x amount fits the engine's notional (ticks x lots up to 2^53-1), as the server checks. */
export function valueFits(price: Exact, amount: Exact, steps: Steps): boolean {
  return price.div(steps.tick).times(amount.div(steps.lot)).lte(MAX_UNITS);
}

/** price x amount, exact. */
export const total = (price: Exact, amount: Exact): Exact => price.times(amount);

/** A figure as text for an input: plain notation, no exponent. */
export const plain = (value: Exact): string => value.toFixed();

/** A figure to show: thousands separators and every decimal it has, at least `minDecimals` ("1,234.50", "0.000012"). */
export function shown(value: Exact, minDecimals = 2): string {
  const [whole = '0', fraction = ''] = value.toFixed().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${grouped}.${fraction.padEnd(minDecimals, '0')}`.replace(/\.$/, '');
}

/** A balance as the form is given it (a number, or a decimal string) as an exact figure; 0 when absent. */
export function exact(value: number | string | null | undefined): Exact {
  if (value === null || value === undefined || value === '') return new Exact(0);
  const parsed = new Exact(value);
  return parsed.isFinite() && parsed.gt(0) ? parsed : new Exact(0);
}

/** What a buy holds per unit of price beyond price x amount: the taker fee at most 0.1%. */
const FEE_BUFFER = new Exact('1.001');

/**
 * The most the form can send with the balance, in whole lots: a sell's available base; a buy's
 * available quote over what each lot holds at `price` (its value with the fee, and one notional
 * unit per lot, as the server holds it). null when a buy has no price to count with.
 */
export function maxAmount(side: 'buy' | 'sell', available: Exact, price: Exact | null, steps: Steps): Exact | null {
  const lot = new Exact(steps.lot);
  if (side === 'sell') return available.div(lot).floor().times(lot);
  if (price === null || price.lte(0)) return null;
  const perLot = price.times(FEE_BUFFER).plus(steps.tick).times(lot);
  return available.div(perLot).floor().times(lot);
}

/** `percent` of `max`, down to whole lots. */
export function share(max: Exact, percent: number, lot: string): Exact {
  const step = new Exact(lot);
  return max.times(percent).div(100).div(step).floor().times(step);
}

/** How much of `max` an amount is, 0 to 100 (for the slider), 0 when nothing can be bought. */
export function percentOf(amount: Exact | null, max: Exact | null): number {
  if (amount === null || max === null || max.lte(0)) return 0;
  return Math.min(100, amount.div(max).times(100).toNumber());
}
