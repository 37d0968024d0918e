import fc from 'fast-check';
import type { Database } from '../../../server/platform/db/database';
import { Money, money } from '../../../server/kernel/money';
import { readAveragePrices } from '../../../server/gateways/binance/average-price';
import { readWindowStatistics } from '../../../server/gateways/binance/window-statistics';
import { insertFixtureTrades, openTestDatabase, type FixtureTrade } from '../../support/fixture-trades';

/** The rolling window tickers' and the average price's figures, read from the database, against every trade. */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const SYMBOL = 'WINDOWSTATSFIX';
const OTHER = 'WINDOWSTATSFIX2';
const NOW = Date.UTC(2030, 0, 15, 12, 0, 0);
const MINUTE = 60_000;

const shortest = (value: string | null) => (value === null ? null : money(value).toString());
const sum = (values: Money[]) => values.reduce((a, b) => a.plus(b), money(0));

/** Trades of SYMBOL in time order (ids rising with time, as trading numbers them), `offsets` ms before NOW. */
const tradesAt = (drafts: Array<{ before: number; ticks: number; lots: number }>): FixtureTrade[] =>
  [...drafts]
    .sort((a, b) => b.before - a.before)
    .map((d, i) => ({
      symbol: SYMBOL,
      seq: i + 1,
      time: NOW - d.before,
      price: (d.ticks / 100).toFixed(2),
      amount: (d.lots / 1000).toFixed(3),
    }));

const drafts = (maxBefore: number) =>
  fc.array(
    fc.record({
      before: fc.integer({ min: 0, max: maxBefore }),
      ticks: fc.integer({ min: 1, max: 99_999 }),
      lots: fc.integer({ min: 1, max: 1000 }),
    }),
    { maxLength: 25 },
  );

async function withTrades(trades: FixtureTrade[], check: () => Promise<void>) {
  const { manager } = database.dataSource;
  try {
    if (trades.length > 0) await insertFixtureTrades(manager, trades);
    await check();
  } finally {
    await manager.query('DELETE FROM trades WHERE symbol = ANY($1)', [[SYMBOL, OTHER]]);
  }
}

describe('readWindowStatistics', () => {
  it("equals the figures of the trades since the window's minute, the last price whatever its time", async () => {
    await fc.assert(
      fc.asyncProperty(drafts(3 * 3_600_000), fc.integer({ min: 1, max: 180 }), async (list, minutes) => {
        const trades = tradesAt(list);
        const openTime = Math.floor(NOW / MINUTE) * MINUTE - minutes * MINUTE;
        await withTrades(trades, async () => {
          const got = (await readWindowStatistics(database.dataSource.manager, [SYMBOL, OTHER], openTime)).get(SYMBOL)!;
          const inside = trades.filter((t) => t.time >= openTime);
          const prices = inside.map((t) => money(t.price));
          expect({
            last_price: shortest(got.last_price),
            open_price: shortest(got.open_price),
            high: shortest(got.high),
            low: shortest(got.low),
            volume: shortest(got.volume),
            quote_volume: shortest(got.quote_volume),
            first_id: got.first_id === null ? null : Number(got.first_id),
            last_id: got.last_id === null ? null : Number(got.last_id),
          }).toEqual({
            last_price: shortest(trades.at(-1)?.price ?? null),
            open_price: shortest(inside[0]?.price ?? null),
            high: prices.length > 0 ? Money.max(...prices).toString() : null,
            low: prices.length > 0 ? Money.min(...prices).toString() : null,
            volume: sum(inside.map((t) => money(t.amount))).toString(),
            quote_volume: sum(inside.map((t) => money(t.price).times(t.amount))).toString(),
            first_id: inside[0]?.seq ?? null,
            last_id: inside.at(-1)?.seq ?? null,
          });
        });
      }),
      { numRuns: 40 },
    );
  });
});

describe('readAveragePrices', () => {
  it('is the volume-weighted price of the last 5 minutes, else the last trade price; closeTime the last trade', async () => {
    await fc.assert(
      fc.asyncProperty(drafts(20 * MINUTE), async (list) => {
        const trades = tradesAt(list);
        await withTrades(trades, async () => {
          const averages = await readAveragePrices(database.dataSource, [SYMBOL, OTHER], NOW);
          const recent = trades.filter((t) => t.time > NOW - 5 * MINUTE);
          const volume = sum(recent.map((t) => money(t.amount)));
          const last = trades.at(-1);
          const price = volume.isZero()
            ? money(last?.price ?? 0)
            : sum(recent.map((t) => money(t.price).times(t.amount)))
                .div(volume)
                .toDecimalPlaces(8);
          expect(averages.get(SYMBOL)).toEqual({ price: price.toFixed(8), closeTime: last?.time ?? 0 });
          // A symbol that never traded has no average price.
          expect(averages.get(OTHER)).toEqual({ price: '0.00000000', closeTime: 0 });
        });
      }),
      { numRuns: 40 },
    );
  });
});
