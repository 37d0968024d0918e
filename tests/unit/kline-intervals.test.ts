import fc from 'fast-check';
import { candleRuns, KLINE_INTERVALS } from '../../server/trading/market-data/candles';
import {
  BINANCE_INTERVALS,
  klineOpen,
  klineOpenFrom,
  nextKlineOpen,
  parseTimeZone,
  previousKlineOpen,
  type KlineSeries,
} from '../../server/trading/market-data/kline-intervals';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Any interval in any zone Binance accepts (whole minutes, -12:00..+14:00). */
const series: fc.Arbitrary<KlineSeries> = fc.record({
  interval: fc.constantFrom(...BINANCE_INTERVALS),
  offset: fc.integer({ min: -12 * 60, max: 14 * 60 }).map((minutes) => minutes * MINUTE),
});
/** 1900..2200, ms. */
const time = fc.integer({ min: -2_208_988_800_000, max: 7_258_118_400_000 });

const FIXED: Record<string, number> = {
  '1s': 1000,
  '1m': MINUTE,
  '3m': 3 * MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': HOUR,
  '2h': 2 * HOUR,
  '4h': 4 * HOUR,
  '6h': 6 * HOUR,
  '8h': 8 * HOUR,
  '12h': 12 * HOUR,
};

/** Whether a kline of `s` may open at `open`, read in its zone. */
function aligned({ interval, offset }: KlineSeries, open: number): boolean {
  const local = new Date(open + offset);
  const midnight = local.getUTCHours() === 0 && local.getUTCMinutes() === 0 && local.getUTCSeconds() === 0;
  if (interval in FIXED) return open % FIXED[interval]! === 0;
  if (interval === '1d') return midnight;
  if (interval === '3d') return midnight && ((open + offset) / DAY) % 3 === 0;
  if (interval === '1w') return midnight && local.getUTCDay() === 1;
  return midnight && local.getUTCDate() === 1;
}

describe('kline intervals', () => {
  it('every time is in exactly one kline, which opens where the interval says', () => {
    fc.assert(
      fc.property(series, time, (s, t) => {
        const open = klineOpen(s, t);
        const next = nextKlineOpen(s, open);
        expect(open).toBeLessThanOrEqual(t);
        expect(next).toBeGreaterThan(t);
        expect(aligned(s, open)).toBe(true);
        expect(klineOpen(s, open)).toBe(open);
      }),
    );
  });

  it('consecutive klines tile time: each opens where the one before closes, no gap, no overlap', () => {
    fc.assert(
      fc.property(series, time, fc.integer({ min: 1, max: 40 }), (s, t, count) => {
        let open = klineOpen(s, t);
        for (let i = 0; i < count; i++) {
          const next = nextKlineOpen(s, open);
          expect(next).toBeGreaterThan(open);
          expect(klineOpen(s, next - 1)).toBe(open);
          expect(klineOpen(s, next)).toBe(next);
          expect(previousKlineOpen(s, next)).toBe(open);
          expect(aligned(s, next)).toBe(true);
          open = next;
        }
      }),
    );
  });

  it('the first kline from a time opens at it or after it, and none opens between', () => {
    fc.assert(
      fc.property(series, time, (s, t) => {
        const from = klineOpenFrom(s, t);
        expect(from).toBeGreaterThanOrEqual(t);
        expect(previousKlineOpen(s, from)).toBeLessThan(t);
      }),
    );
  });

  it('weeks open on Monday, months on the first, days at the zone midnight', () => {
    const monday = Date.UTC(2024, 6, 29);
    expect(klineOpen({ interval: '1w', offset: 0 }, Date.UTC(2024, 7, 4, 23, 59))).toBe(monday);
    expect(klineOpen({ interval: '1M', offset: 0 }, Date.UTC(2024, 1, 29, 12))).toBe(Date.UTC(2024, 1, 1));
    expect(nextKlineOpen({ interval: '1M', offset: 0 }, Date.UTC(2024, 1, 1))).toBe(Date.UTC(2024, 2, 1));
    // Binance's +08:00 day of 2024-07-30 opens at 16:00 UTC the day before.
    expect(klineOpen({ interval: '1d', offset: 8 * HOUR }, Date.UTC(2024, 6, 30, 3))).toBe(1722268800000);
    expect(klineOpen({ interval: '1M', offset: 8 * HOUR }, Date.UTC(2024, 6, 31, 17))).toBe(Date.UTC(2024, 6, 31, 16));
    expect(klineOpen({ interval: '3d', offset: 0 }, 3 * DAY + 5)).toBe(3 * DAY);
    // Shorter intervals keep their UTC grid in any zone.
    expect(klineOpen({ interval: '12h', offset: 8 * HOUR }, Date.UTC(2024, 0, 1, 13))).toBe(Date.UTC(2024, 0, 1, 12));
  });

  it.each([
    ['0', 0],
    ['8', 8 * HOUR],
    ['+08:00', 8 * HOUR],
    ['-1:00', -HOUR],
    ['+5', 5 * HOUR],
    ['05:45', 5 * HOUR + 45 * MINUTE],
    ['-12:00', -12 * HOUR],
    ['+14:00', 14 * HOUR],
    ['-0:30', -30 * MINUTE],
  ])('timeZone %s is %d ms east of UTC', (zone, offset) => expect(parseTimeZone(zone)).toBe(offset));

  it.each(['', '+', '15', '+14:01', '-12:30', '-13', '5:60', '05:4', 'UTC', '8h', '+8:00:00', '1.5'])(
    'timeZone %p is refused',
    (zone) => expect(parseTimeZone(zone)).toBeNull(),
  );
});

describe('stored candles making up a span', () => {
  const widths = Object.values(KLINE_INTERVALS).map((seconds) => seconds * 1000);

  it('tile it exactly with buckets of the stored widths, few beyond its whole days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 200_000 }),
        (startMinute, minutes) => {
          const from = startMinute * MINUTE;
          const to = from + minutes * MINUTE;
          const runs = candleRuns(from, to);
          let at = from;
          let candles = 0;
          for (const run of runs) {
            expect(widths).toContain(run.width);
            expect(run.from).toBe(at);
            expect(run.from % run.width).toBe(0);
            expect((run.to - run.from) % run.width).toBe(0);
            candles += (run.to - run.from) / run.width;
            at = run.to;
          }
          expect(at).toBe(to);
          expect(candles).toBeLessThanOrEqual(Math.floor(minutes / 1440) + 40);
        },
      ),
    );
  });
});
