import fc from 'fast-check';
import { decimalsOf, fineUsd, fixed, money, price, quantity, usd } from '../../client/src/format';

describe('dollars', () => {
  it('have 2 decimals, thousands separators and one label, "$"', () => {
    expect(usd(40901.17262)).toBe('$40,901.17');
    expect(usd('1234.5')).toBe('$1,234.50');
    expect(usd(0)).toBe('$0.00');
    expect(usd(-3)).toBe('-$3.00');
    expect(usd(1234567.891)).toBe('$1,234,567.89');
  });

  it('show nothing odd for a missing or malformed value', () => {
    expect(usd(null)).toBe('$0.00');
    expect(usd(undefined)).toBe('$0.00');
    expect(usd('abc')).toBe('$0.00');
    expect(usd(Number.NaN)).toBe('$0.00');
  });

  it('may carry a price with more decimals, still with the one label', () => {
    expect(usd(2.5, 4)).toBe('$2.5000');
  });

  it('show a small amount (a fee, a commission) to the decimals it needs, up to 8', () => {
    expect(fineUsd(0.1)).toBe('$0.10');
    expect(fineUsd('0.0002')).toBe('$0.0002');
    expect(fineUsd(0.2 * 0.2)).toBe('$0.04');
    expect(fineUsd('1234.123456789')).toBe('$1,234.12345679');
    expect(fineUsd('0.000000001')).toBe('$0.00');
  });
});

describe('an amount of a currency', () => {
  it('is dollars as usd() writes them, any other currency with its code after it', () => {
    expect(money(148578, 'USD')).toBe('$148,578.00');
    expect(money(148578, 'JPY')).toBe('148,578.00 JPY');
    expect(money('1081.1', 'EUR')).toBe('1,081.10 EUR');
  });
});

describe('steps', () => {
  it('allow as many decimals as a tick or lot size has', () => {
    expect(decimalsOf('0.00001')).toBe(5);
    expect(decimalsOf('0.01')).toBe(2);
    expect(decimalsOf('0.010')).toBe(2);
    expect(decimalsOf('0.1')).toBe(1);
    expect(decimalsOf('1')).toBe(0);
  });

  it("write prices to the tick's decimals and quantities to the lot's, with separators", () => {
    expect(price(110000.5, '0.01')).toBe('110,000.50');
    expect(price(2.5, '0.0001')).toBe('2.5000');
    expect(quantity(0.5, '0.0001')).toBe('0.5000');
    expect(quantity(1234.5, '0.00001')).toBe('1,234.50000');
    expect(quantity(1000, '0.1')).toBe('1,000.0');
  });

  it('always give exactly the decimals asked for, and the same number back once separators are gone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 8 }), (units, decimals) => {
        const value = units / 10 ** decimals;
        const text = fixed(value, decimals);
        expect(text.split('.')[1]?.length ?? 0).toBe(decimals);
        expect(Number(text.replace(/,/g, ''))).toBeCloseTo(value, decimals);
      }),
    );
  });
});
