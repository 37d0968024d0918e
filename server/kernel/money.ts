import Decimal from 'decimal.js';

/**
 * The one money type: exact decimals (never binary floating point). PostgreSQL stores numeric(38,18),
 * so 20 integer digits and 18 decimals; amounts leave the API as JSON numbers, as the product expects.
 */
export const Money = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -30, toExpPos: 40 });
export type Money = Decimal;

export const ZERO = new Money(0);

export function money(value: Decimal.Value): Money {
  return new Money(value);
}

/** A numeric column's string (or a Money) as the JSON number the API answers with. */
export function toJsonNumber(value: Decimal.Value): number {
  // A decimal string (what PostgreSQL's numeric gives) converts to the same nearest double either way; no Decimal needed.
  return typeof value === 'string' ? Number(value) : new Money(value).toNumber();
}

/** The decimal string PostgreSQL receives: plain notation, no exponent. */
export function toSql(value: Decimal.Value): string {
  return new Money(value).toFixed();
}

/** Decimals PostgreSQL keeps for every amount (numeric(38,18)): the ledger's smallest unit is 10^-18. */
const LEDGER_DECIMALS = 18;
const LEDGER_SCALE = 10n ** BigInt(LEDGER_DECIMALS);
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const ZERO_CHAR = '0'.charCodeAt(0);

/** An amount as a whole number of the ledger's smallest unit (10^-18): what trading computes in, exact and cheap to add. */
export type LedgerUnits = bigint;

/**
 * An amount as a whole number of the ledger's smallest unit: sums of many amounts are exact and
 * cheap in bigint. More decimals than the database keeps is an error, never a silent rounding.
 * A bigint is taken as ledger units already.
 */
export function toLedgerUnits(value: Decimal.Value | LedgerUnits): LedgerUnits {
  if (typeof value === 'bigint') return value;
  const text = typeof value === 'string' && PLAIN_DECIMAL.test(value) ? value : new Money(value).toFixed();
  const [, sign, whole, fraction = ''] = PLAIN_DECIMAL.exec(text)!;
  if (fraction.length > LEDGER_DECIMALS && /[^0]/.test(fraction.slice(LEDGER_DECIMALS)))
    throw new Error(`${text} has more than ${LEDGER_DECIMALS} decimals`);
  const units = BigInt(whole!) * LEDGER_SCALE + BigInt(fraction.slice(0, LEDGER_DECIMALS).padEnd(LEDGER_DECIMALS, '0'));
  return sign ? -units : units;
}

/**
 * Ledger units as a numeric literal PostgreSQL reads exactly: the digits without their trailing
 * zeros and an exponent ("-2e-16" for -0.0000000000000002, "15e-1" for 1.5). A fifth of the work of
 * the plain decimal string (fromLedgerUnits), and short, for statements that carry many amounts.
 */
export function ledgerUnitsSql(units: LedgerUnits): string {
  const digits = units.toString();
  let end = digits.length;
  let exponent = LEDGER_DECIMALS;
  while (exponent > 0 && end > 1 && digits.charCodeAt(end - 1) === ZERO_CHAR) {
    end--;
    exponent--;
  }
  return `${digits.slice(0, end)}e-${exponent}`;
}

/** The decimal string of a number of ledger units, plain notation, no trailing zeros. */
export function fromLedgerUnits(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const magnitude = units < 0n ? -units : units;
  const fraction = (magnitude % LEDGER_SCALE).toString().padStart(LEDGER_DECIMALS, '0').replace(/0+$/, '');
  return `${sign}${magnitude / LEDGER_SCALE}${fraction ? `.${fraction}` : ''}`;
}
