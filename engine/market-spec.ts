/**
 * Per-symbol trading rules and exact conversion between decimal strings and the integer units the
 * book works in: prices in ticks, quantities in lots, notional in (tickSize * lotSize) units.
 * Pure string and bigint arithmetic; no binary floating point ever touches a decimal value.
 */
import type { RejectReason } from './events';

export interface MarketSpec {
  readonly symbol: string;
  /** Price increment as a decimal string, e.g. "0.01". */
  readonly tickSize: string;
  /** Quantity increment as a decimal string, e.g. "0.00001". */
  readonly lotSize: string;
  /** Smallest accepted order value in quote currency, e.g. "5"; "0" for none. */
  readonly minNotional: string;
}

export type Conversion = { ok: true; value: number } | { ok: false; reason: RejectReason };

interface Decimal {
  /** value = digits / 10^scale */
  digits: bigint;
  scale: number;
}

const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function parseDecimal(text: string): Decimal | undefined {
  if (typeof text !== 'string') return undefined;
  const m = DECIMAL_RE.exec(text.trim());
  if (!m) return undefined;
  const frac = m[2] ?? '';
  return { digits: BigInt(m[1] + frac), scale: frac.length };
}

function mustParse(text: string, what: string): Decimal {
  const d = parseDecimal(text);
  if (!d) throw new Error(`MarketSpec ${what} is not a decimal string: ${text}`);
  return d;
}

/** Expresses a and b over the same power of ten. */
function align(a: Decimal, b: Decimal): [bigint, bigint] {
  if (a.scale === b.scale) return [a.digits, b.digits];
  if (a.scale > b.scale) return [a.digits, b.digits * 10n ** BigInt(a.scale - b.scale)];
  return [a.digits * 10n ** BigInt(b.scale - a.scale), b.digits];
}

function formatDecimal(value: bigint, scale: number): string {
  const negative = value < 0n;
  const s = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = s.slice(0, s.length - scale);
  let frac = scale > 0 ? s.slice(s.length - scale) : '';
  frac = frac.replace(/0+$/, '');
  return (negative ? '-' : '') + (frac ? `${whole}.${frac}` : whole);
}

/** Exact count of `unit` in `text`, or the reason it is not a positive whole multiple. */
function toUnits(text: string, unit: Decimal, invalid: RejectReason, notMultiple: RejectReason): Conversion {
  const d = parseDecimal(text);
  if (!d || d.digits === 0n) return { ok: false, reason: invalid };
  const [v, u] = align(d, unit);
  if (v % u !== 0n) return { ok: false, reason: notMultiple };
  const units = v / u;
  if (units > MAX_SAFE) return { ok: false, reason: 'OVERFLOW' };
  return { ok: true, value: Number(units) };
}

function fromUnits(units: number, unit: Decimal): string {
  return formatDecimal(BigInt(units) * unit.digits, unit.scale);
}

/** A spec's units, parsed once per spec object (conversions run several times per order). */
interface Units {
  tick: Decimal;
  lot: Decimal;
  /** tick x lot */
  notional: Decimal;
}

const parsedUnits = new WeakMap<MarketSpec, Units>();

function unitsOf(spec: MarketSpec): Units {
  let units = parsedUnits.get(spec);
  if (!units) {
    const tick = mustParse(spec.tickSize, 'tickSize');
    const lot = mustParse(spec.lotSize, 'lotSize');
    units = { tick, lot, notional: { digits: tick.digits * lot.digits, scale: tick.scale + lot.scale } };
    parsedUnits.set(spec, units);
  }
  return units;
}

/** Decimal string of a price in ticks -> ticks; rejects with TICK_SIZE when not a multiple. */
export function toTicks(price: string, spec: MarketSpec): Conversion {
  return toUnits(price, unitsOf(spec).tick, 'INVALID_PRICE', 'TICK_SIZE');
}

export function fromTicks(ticks: number, spec: MarketSpec): string {
  return fromUnits(ticks, unitsOf(spec).tick);
}

/** Decimal string of a base quantity -> lots; rejects with LOT_SIZE when not a multiple. */
export function toLots(amount: string, spec: MarketSpec): Conversion {
  return toUnits(amount, unitsOf(spec).lot, 'INVALID_QUANTITY', 'LOT_SIZE');
}

export function fromLots(lots: number, spec: MarketSpec): string {
  return fromUnits(lots, unitsOf(spec).lot);
}

/** Notional units (ticks x lots) -> quote currency decimal string. */
export function fromNotional(units: number, spec: MarketSpec): string {
  return fromUnits(units, unitsOf(spec).notional);
}

/**
 * Quote amount decimal string -> notional units, e.g. for a market buy "spend at most X".
 * Rejects with INVALID_QUANTITY when it is not an exact number of notional units.
 */
export function toNotional(quote: string, spec: MarketSpec): Conversion {
  return toUnits(quote, unitsOf(spec).notional, 'INVALID_QUANTITY', 'INVALID_QUANTITY');
}

/** Minimum notional in notional units, rounded up so the rule is never loosened. */
export function minNotionalUnits(spec: MarketSpec): number {
  const min = mustParse(spec.minNotional, 'minNotional');
  const [m, u] = align(min, unitsOf(spec).notional);
  const units = (m + u - 1n) / u;
  if (units > MAX_SAFE) throw new Error(`MarketSpec minNotional too large: ${spec.minNotional}`);
  return Number(units);
}

/** Validates a spec once, so later conversions cannot throw. */
export function checkMarketSpec(spec: MarketSpec): void {
  for (const key of ['tickSize', 'lotSize'] as const) {
    if (mustParse(spec[key], key).digits === 0n) throw new Error(`MarketSpec ${key} must be positive`);
  }
  minNotionalUnits(spec);
}

const PPM = 1_000_000;

/**
 * Fee on a notional at a rate in parts per million, rounded UP to a whole notional unit so the
 * exchange never under-charges. Exact for any safe-integer notional and rate 0..1,000,000.
 */
export function feeFor(notional: number, ppm: number): number {
  if (ppm === 0) return 0;
  const remainder = notional % PPM;
  const whole = (notional - remainder) / PPM; // exact: divisible
  const rest = remainder * ppm; // < 10^12: exact
  const restFee = (rest - (rest % PPM)) / PPM + (rest % PPM > 0 ? 1 : 0);
  return whole * ppm + restFee;
}
