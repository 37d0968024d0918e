import Decimal from 'decimal.js';
import fc from 'fast-check';
import type { Database } from '../../../server/platform/db/database';
import {
  BINANCE_INTERVALS,
  klineOpen,
  nextKlineOpen,
  type BinanceInterval,
  type KlineSeries,
} from '../../../server/trading/market-data/kline-intervals';
import { readKlines, type KlineRequest, type SeriesKline } from '../../../server/trading/market-data/klines';
import { insertFixtureTrades, openTestDatabase, type FixtureTrade } from '../../support/fixture-trades';

/**
 * Klines of every interval and time zone, composed from the stored candles (1s from the trades),
 * against klines computed here from the trades themselves: the same numbers, and no holes.
 */
let database: Database;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Trades of one symbol over a span, in bursts with quiet stretches between, ids rising with time. */
function burstyTrades(symbol: string, start: number, span: number, seed: number): FixtureTrade[] {
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const times: number[] = [];
  for (let burst = 0; burst < 12; burst++) {
    const at = start + Math.floor(random() * span);
    for (let i = 0; i < 1 + Math.floor(random() * 5); i++) times.push(at + Math.floor(random() * 3000));
  }
  // Two trades at one moment: the id decides which opens and closes.
  times.push(times[0]!);
  times.sort((a, b) => a - b);
  return times.map((time, i) => ({
    symbol,
    seq: i + 1,
    time,
    price: (100 + Math.floor(random() * 5000) / 100).toFixed(2),
    amount: (Math.floor(random() * 1000 + 1) / 1000).toFixed(3),
    takerSide: random() < 0.5 ? 'buy' : 'sell',
  }));
}

/** Each fixture symbol, the intervals it is read in (those that give it at most a few thousand klines), and "now". */
const START = Date.UTC(2024, 0, 27, 5, 17);
const FIXTURES = [
  { symbol: 'KLINEFIXS', span: 10 * MINUTE, after: 20 * MINUTE, intervals: BINANCE_INTERVALS },
  { symbol: 'KLINEFIXM', span: 30 * HOUR, after: 5 * HOUR, intervals: BINANCE_INTERVALS.slice(1) },
  { symbol: 'KLINEFIXD', span: 70 * DAY, after: 9 * DAY, intervals: BINANCE_INTERVALS.slice(6) },
].map((fixture, i) => {
  const trades = burstyTrades(fixture.symbol, START, fixture.span, 7 + i);
  return { ...fixture, trades, now: trades[trades.length - 1]!.time + fixture.after };
});

beforeAll(async () => {
  database = await openTestDatabase();
  const symbols = FIXTURES.map((f) => f.symbol);
  await database.dataSource.query('DELETE FROM trades WHERE symbol = ANY($1)', [symbols]);
  await insertFixtureTrades(
    database.dataSource.manager,
    FIXTURES.flatMap((f) => f.trades),
  );
});
afterAll(() => database.close());

const text = (value: Decimal.Value) => new Decimal(value).toString();

/** Every kline of `series` from the first trade's to now's, computed from the trades. */
function everyKline(trades: FixtureTrade[], series: KlineSeries, now: number): SeriesKline[] {
  const klines: SeriesKline[] = [];
  let close = '';
  for (let open = klineOpen(series, trades[0]!.time); open <= now; open = nextKlineOpen(series, open)) {
    const next = nextKlineOpen(series, open);
    const inside = trades.filter((t) => t.time >= open && t.time < next);
    const sum = (list: FixtureTrade[], value: (t: FixtureTrade) => Decimal.Value) =>
      text(list.reduce((total, t) => total.plus(value(t)), new Decimal(0)));
    const bought = inside.filter((t) => t.takerSide === 'buy');
    const prices = inside.map((t) => new Decimal(t.price));
    if (inside.length > 0) close = inside[inside.length - 1]!.price;
    klines.push({
      open_time: open,
      close_time: next - 1,
      open: text(inside[0]?.price ?? close),
      high: text(inside.length > 0 ? Decimal.max(...prices) : close),
      low: text(inside.length > 0 ? Decimal.min(...prices) : close),
      close: text(close),
      volume: sum(inside, (t) => t.amount),
      quote_volume: sum(inside, (t) => new Decimal(t.price).times(t.amount)),
      taker_buy_volume: sum(bought, (t) => t.amount),
      taker_buy_quote_volume: sum(bought, (t) => new Decimal(t.price).times(t.amount)),
      first_id: inside[0]?.seq ?? -1,
      last_id: inside[inside.length - 1]?.seq ?? -1,
      count: inside.length,
    });
  }
  return klines;
}

/** What a request answers, by Binance's rules, of every kline there is. */
function expected(all: SeriesKline[], { startTime, endTime, limit }: KlineRequest, now: number): SeriesKline[] {
  const until = Math.min(endTime ?? now, now);
  const within = all.filter((k) => k.open_time <= until && (startTime === undefined || k.open_time >= startTime));
  return startTime === undefined ? within.slice(-limit) : within.slice(0, limit);
}

const comparable = (kline: SeriesKline) => ({
  ...kline,
  ...Object.fromEntries(
    (
      ['open', 'high', 'low', 'close', 'volume', 'quote_volume', 'taker_buy_volume', 'taker_buy_quote_volume'] as const
    ).map((field) => [field, text(kline[field])]),
  ),
});

const OFFSETS = [0, 8 * HOUR, -HOUR, 5 * HOUR + 45 * MINUTE, 14 * HOUR, -12 * HOUR, -(9 * HOUR + 30 * MINUTE)];

describe('klines read', () => {
  it('are the klines of the trades, every interval and time zone, without holes, by Binance window rules', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: FIXTURES.length - 1 }).chain((f) =>
          fc.record({
            fixture: fc.constant(f),
            interval: fc.constantFrom(...FIXTURES[f]!.intervals) as fc.Arbitrary<BinanceInterval>,
            offset: fc.constantFrom(...OFFSETS),
            // Times around the fixture's trades, before the first and after now too.
            startTime: fc.option(fc.integer({ min: START - FIXTURES[f]!.span, max: FIXTURES[f]!.now + HOUR }), {
              nil: undefined,
            }),
            endTime: fc.option(fc.integer({ min: START - FIXTURES[f]!.span, max: FIXTURES[f]!.now + HOUR }), {
              nil: undefined,
            }),
            limit: fc.integer({ min: 1, max: 1000 }),
          }),
        ),
        async ({ fixture: f, interval, offset, ...window }) => {
          const { symbol, trades, now } = FIXTURES[f]!;
          const request = { series: { interval, offset }, ...window };
          const [read] = await readKlines(database.dataSource.manager, symbol, [request], now);
          const all = everyKline(trades, request.series, now);
          expect(read!.map(comparable)).toEqual(expected(all, request, now).map(comparable));
        },
      ),
      { numRuns: 120 },
    );
  });

  it('answers several requests at once, each its own', async () => {
    const { symbol, now } = FIXTURES[1]!;
    const requests: KlineRequest[] = [
      { series: { interval: '1d', offset: 8 * HOUR }, limit: 3 },
      { series: { interval: '3m', offset: 0 }, limit: 5, endTime: now - HOUR },
      { series: { interval: '1M', offset: -HOUR }, limit: 2 },
    ];
    const together = await readKlines(database.dataSource.manager, symbol, requests, now);
    const alone = await Promise.all(
      requests.map(async (request) => (await readKlines(database.dataSource.manager, symbol, [request], now))[0]),
    );
    expect(together).toEqual(alone);
    expect(together.map((klines) => klines.length)).toEqual([2, 5, 1]);
  });

  it('a market that never traded has no kline', async () => {
    expect(
      await readKlines(database.dataSource.manager, 'KLINEFIXNONE', [
        { series: { interval: '1m', offset: 0 }, limit: 5 },
      ]),
    ).toEqual([[]]);
  });
});
