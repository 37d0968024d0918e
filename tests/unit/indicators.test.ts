import fc from 'fast-check';
import { bollinger, ema, macd, rsi, sma } from '../../client/src/trade/chart/indicators';

const prices = fc.array(fc.double({ min: 0.0001, max: 100_000, noNaN: true }), { minLength: 1, maxLength: 80 });
const period = fc.integer({ min: 1, max: 30 });
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe('moving averages', () => {
  it('are null during the warm-up, then the mean of the window', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
  });

  it('EMA starts at the simple average, then weighs the newest value by 2/(n+1)', () => {
    const values = [2, 4, 6, 8];
    const series = ema(values, 3);
    expect(series.slice(0, 3)).toEqual([null, null, 4]);
    expect(series[3]).toBeCloseTo(0.5 * 8 + 0.5 * 4);
  });

  it('of a constant series are the constant, once warmed up', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.0001, max: 1e6, noNaN: true }),
        fc.integer({ min: 1, max: 60 }),
        period,
        (c, n, p) => {
          const values = Array.from({ length: n }, () => c);
          for (const series of [sma(values, p), ema(values, p)]) {
            expect(series).toHaveLength(n);
            series.forEach((value, i) => {
              if (i < p - 1) expect(value).toBeNull();
              else expect(close(value!, c)).toBe(true);
            });
          }
        },
      ),
    );
  });

  it('stay within the lowest and highest value seen', () => {
    fc.assert(
      fc.property(prices, period, (values, p) => {
        const low = Math.min(...values);
        const high = Math.max(...values);
        for (const value of [...sma(values, p), ...ema(values, p)])
          if (value !== null) expect(value >= low - 1e-6 && value <= high + 1e-6).toBe(true);
      }),
    );
  });
});

describe('Bollinger bands', () => {
  it('have the moving average as middle, and upper >= middle >= lower', () => {
    fc.assert(
      fc.property(prices, period, (values, p) => {
        const { middle, upper, lower } = bollinger(values, p);
        expect(middle).toEqual(sma(values, p));
        middle.forEach((mid, i) => {
          if (mid === null) return expect([upper[i], lower[i]]).toEqual([null, null]);
          expect(upper[i]! >= mid && mid >= lower[i]!).toBe(true);
        });
      }),
    );
  });

  it('are two standard deviations either side', () => {
    const { upper, lower } = bollinger([1, 3], 2, 2);
    expect([upper[1], lower[1]]).toEqual([4, 0]);
  });
});

describe('RSI', () => {
  it('is 100 on a series that only rises, 0 on one that only falls, 50 on a flat one', () => {
    const rising = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(rsi(rising, 14)[19]).toBe(100);
    expect(rsi([...rising].reverse(), 14)[19]).toBe(0);
    expect(rsi(Array(20).fill(5), 14)[19]).toBe(50);
    expect(
      rsi(rising, 14)
        .slice(0, 14)
        .every((v) => v === null),
    ).toBe(true);
  });

  it('stays between 0 and 100', () => {
    fc.assert(
      fc.property(prices, period, (values, p) => {
        for (const value of rsi(values, p)) if (value !== null) expect(value >= 0 && value <= 100).toBe(true);
      }),
    );
  });
});

describe('MACD', () => {
  it('is the fast EMA less the slow one; the histogram is MACD less its signal', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 30, maxLength: 80 }),
        (values) => {
          const fast = ema(values, 12);
          const slow = ema(values, 26);
          const { macd: line, signal, histogram } = macd(values);
          line.forEach((value, i) => {
            if (slow[i] === null) return expect(value).toBeNull();
            expect(close(value!, fast[i]! - slow[i]!)).toBe(true);
            if (signal[i] !== null) expect(close(histogram[i]!, value! - signal[i]!)).toBe(true);
          });
          // The signal needs nine MACD values: it starts at 26 + 9 - 2.
          expect(signal.findIndex((v) => v !== null)).toBe(values.length >= 34 ? 33 : -1);
        },
      ),
    );
  });

  it('is zero on a flat series', () => {
    const { macd: line, histogram } = macd(Array(40).fill(7));
    expect(line[39]).toBe(0);
    expect(histogram[39]).toBe(0);
  });
});
