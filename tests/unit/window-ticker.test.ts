import fc from 'fast-check';
import { z } from 'zod';
import { parseParams, timeZoneParam } from '../../server/gateways/binance/binance-params';
import { BinanceError } from '../../server/gateways/binance/protocol/binance-error';
import {
  miniWindowTicker,
  rollingOpenTime,
  windowSizeMs,
  windowTicker,
} from '../../server/gateways/binance/protocol/window-ticker';

const MINUTE = 60_000;
const UNITS = { m: [59, MINUTE], h: [23, 60 * MINUTE], d: [7, 24 * 60 * MINUTE] } as const;

describe('windowSizeMs', () => {
  it("takes exactly Binance's sizes: 1m..59m, 1h..23h, 1d..7d, one unit", () => {
    fc.assert(
      fc.property(fc.constantFrom('m', 'h', 'd'), fc.integer({ min: 0, max: 120 }), (unit, count) => {
        const [most, ms] = UNITS[unit as keyof typeof UNITS];
        expect(windowSizeMs(`${count}${unit}`)).toBe(count >= 1 && count <= most ? count * ms : null);
      }),
    );
    for (const text of ['', '1', '01m', '1d2h', '1w', '1M', ' 1m', '1m ', '60s', '1.5h', '-1h'])
      expect(windowSizeMs(text)).toBeNull();
  });
});

describe('rollingOpenTime', () => {
  it('opens on a minute, at most 59999 ms wider than the window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1e12, max: 4e12 }),
        fc.integer({ min: 1, max: 7 * 24 * 60 }),
        (closeTime, minutes) => {
          const openTime = rollingOpenTime(closeTime, minutes * MINUTE);
          expect(openTime % MINUTE).toBe(0);
          const width = closeTime - openTime - minutes * MINUTE;
          expect(width).toBeGreaterThanOrEqual(0);
          expect(width).toBeLessThan(MINUTE);
        },
      ),
    );
    // Binance's example: closeTime 2022-01-04 09:17:47.099, 1d: openTime 2022-01-03 09:17:00.
    expect(rollingOpenTime(1641287867099, 24 * 60 * MINUTE)).toBe(1641201420000);
  });
});

describe('timeZone', () => {
  const read = (text: string) => {
    try {
      return parseParams(z.object({ timeZone: timeZoneParam() }), { timeZone: text }).timeZone;
    } catch (error) {
      if (error instanceof BinanceError) return `${error.code} ${error.message}`;
      throw error;
    }
  };

  it('takes hours, or hours and minutes, from -12:00 to +14:00, as an offset in ms', () => {
    expect(read('0')).toBe(0);
    expect(read('8')).toBe(8 * 60 * MINUTE);
    expect(read('-1:00')).toBe(-60 * MINUTE);
    expect(read('05:45')).toBe((5 * 60 + 45) * MINUTE);
    expect(read('+14:00')).toBe(14 * 60 * MINUTE);
    expect(read('-12')).toBe(-12 * 60 * MINUTE);
    const refused = (name: string) => `-1130 Data sent for parameter '${name}' is not valid.`;
    for (const text of ['14:01', '-12:30', '15', 'UTC', '1:5', '1:60', '08:00:00', '+-1'])
      expect(read(text)).toBe(refused('timeZone'));
  });
});

describe('the window tickers', () => {
  const stats = {
    last_price: '12.5',
    open_price: '10',
    high: '13',
    low: '9.5',
    volume: '4',
    quote_volume: '45',
    first_id: '7',
    last_id: '10',
  };

  it("are Binance's fields in its order, the MINI ones without the change and the average", () => {
    expect(windowTicker('BTCUSDT', stats, 60_000, 125_000)).toEqual({
      symbol: 'BTCUSDT',
      priceChange: '2.50000000',
      priceChangePercent: '25.000',
      weightedAvgPrice: '11.25000000',
      openPrice: '10.00000000',
      highPrice: '13.00000000',
      lowPrice: '9.50000000',
      lastPrice: '12.50000000',
      volume: '4.00000000',
      quoteVolume: '45.00000000',
      openTime: 60_000,
      closeTime: 125_000,
      firstId: 7,
      lastId: 10,
      count: 4,
    });
    expect(Object.keys(windowTicker('BTCUSDT', stats, 0, 1))).toEqual([
      'symbol',
      'priceChange',
      'priceChangePercent',
      'weightedAvgPrice',
      ...Object.keys(miniWindowTicker('BTCUSDT', stats, 0, 1)).slice(1),
    ]);
  });

  it('without a trade in the window, every price is the last one and no trade is counted', () => {
    const quiet = { ...stats, open_price: null, high: null, low: null, volume: '0', quote_volume: '0' };
    expect(miniWindowTicker('ETHUSDT', { ...quiet, first_id: null, last_id: null }, 0, 1)).toMatchObject({
      openPrice: '12.50000000',
      highPrice: '12.50000000',
      lowPrice: '12.50000000',
      lastPrice: '12.50000000',
      firstId: -1,
      lastId: -1,
      count: 0,
    });
  });
});
