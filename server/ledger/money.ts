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
