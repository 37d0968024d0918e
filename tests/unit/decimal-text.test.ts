import fc from 'fast-check';
import { decimalText } from '../../server/gateways/binance/protocol/decimal-text';
import { money } from '../../server/kernel/money';

/** Binance's amounts: at least 8 decimals, exact, whether read as plain text or through a decimal. */
it('writes every decimal with at least 8 decimals, keeping all it has, as a decimal would', () => {
  expect(decimalText('0.01')).toBe('0.01000000');
  expect(decimalText('110000.000000000000000000')).toBe('110000.00000000');
  expect(decimalText('0.0000000123')).toBe('0.0000000123');
  expect(decimalText('007.5')).toBe('7.50000000');
  expect(decimalText('-2.5')).toBe('-2.50000000');
  expect(decimalText(0)).toBe('0.00000000');
  const digits = fc.stringMatching(/^\d{1,20}(\.\d{0,24})?$/);
  fc.assert(
    fc.property(digits, (text) => {
      const decimal = money(text);
      expect(decimalText(text)).toBe(decimal.toFixed(Math.max(8, decimal.decimalPlaces())));
    }),
  );
});
