import { money, type Money } from '../../../kernel/money';

/** The most decimals Binance gives any asset's amounts with (its asset precision). */
export const ASSET_PRECISION = 8;

const PLAIN = /^(\d+)(?:\.(\d*?)0*)?$/;

/**
 * A decimal as Binance writes amounts and prices: plain text with at least ASSET_PRECISION decimals
 * ("0.01000000"); one with more keeps them all (nothing is rounded). The amounts of rows and of the
 * engine come as plain decimal text, which is padded as it is; anything else goes through a decimal.
 */
export function decimalText(value: string | number | Money): string {
  const plain = typeof value === 'string' ? PLAIN.exec(value) : null;
  if (plain) {
    const whole = plain[1]!.replace(/^0+(?=\d)/, '');
    const fraction = plain[2] ?? '';
    return `${whole}.${fraction.length < ASSET_PRECISION ? fraction.padEnd(ASSET_PRECISION, '0') : fraction}`;
  }
  const decimal = money(value);
  return decimal.toFixed(Math.max(ASSET_PRECISION, decimal.decimalPlaces()));
}
