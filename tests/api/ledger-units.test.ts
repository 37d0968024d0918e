import fc from 'fast-check';
import { fromLedgerUnits, money, toLedgerUnits } from '../../server/ledger/money';

/** A decimal string with up to 20 integer digits and 18 decimals: what numeric(38,18) holds. */
const amount = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), fc.nat(18))
  .map(([negative, whole, fraction, digits]) => `${negative ? '-' : ''}${whole}.${fraction.toString().padStart(18, '0').slice(0, digits || 1)}`);

describe('ledger units (the ledger sums amounts as whole numbers of 10^-18)', () => {
  it('convert any amount the database holds there and back to the same decimal value', () => {
    fc.assert(
      fc.property(amount, (text) => {
        expect(money(fromLedgerUnits(toLedgerUnits(text))).eq(text)).toBe(true);
      }),
    );
  });

  it('add up exactly as decimals do', () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 20 }), (texts) => {
        const units = texts.reduce((sum, text) => sum + toLedgerUnits(text), 0n);
        const decimals = texts.reduce((sum, text) => sum.plus(text), money(0));
        expect(fromLedgerUnits(units)).toBe(decimals.toFixed());
      }),
    );
  });

  it('take numbers and Decimals too, and refuse more decimals than the database keeps instead of rounding', () => {
    expect(toLedgerUnits(0.1)).toBe(10n ** 17n);
    expect(toLedgerUnits(money('-2.5'))).toBe(-25n * 10n ** 17n);
    expect(toLedgerUnits('1e-18')).toBe(1n);
    expect(toLedgerUnits('1.0000000000000000010')).toBe(10n ** 18n + 1n);
    expect(() => toLedgerUnits('0.0000000000000000001')).toThrow('more than 18 decimals');
  });
});
