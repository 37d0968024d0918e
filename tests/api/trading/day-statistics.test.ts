import fc from 'fast-check';
import type { Database } from '../../../server/platform/db/database';
import { Money, money } from '../../../server/kernel/money';
import { loadDayStatistics, type DayStatistics } from '../../../server/trading/market-data/day-statistics';
import { insertFixtureTrades, openTestDatabase, type FixtureTrade } from '../../support/fixture-trades';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const SYMBOL = 'DAYSTATSFIX';
const DAY_MS = 86_400_000;
const NOW = Date.UTC(2030, 0, 15, 12, 0, 0);

const shortest = (value: string | null) => (value === null ? null : money(value).toString());

/** The ticker's figures computed here from every trade, as exact decimals in their shortest form. */
function expectedStatistics(trades: FixtureTrade[], nowMs: number): DayStatistics {
  const ordered = [...trades].sort((a, b) => a.time - b.time || a.seq - b.seq);
  const day = ordered.filter((t) => t.time >= nowMs - DAY_MS);
  const prices = day.map((t) => money(t.price));
  const sum = (values: Money[]) => values.reduce((a, b) => a.plus(b), money(0)).toString();
  return {
    last_price: shortest(ordered.at(-1)?.price ?? null),
    open_price: shortest(day[0]?.price ?? null),
    high: prices.length > 0 ? Money.max(...prices).toString() : null,
    low: prices.length > 0 ? Money.min(...prices).toString() : null,
    volume: sum(day.map((t) => money(t.amount))),
    quote_volume: sum(day.map((t) => money(t.price).times(t.amount))),
  };
}

describe("the 24-hour ticker's figures, read from the candles", () => {
  it('equal those computed from every trade, wherever the window starts and the trades lie', async () => {
    const { manager } = database.dataSource;
    await fc.assert(
      fc.asyncProperty(
        // The window may start exactly on a minute or anywhere inside one.
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 59_999 })),
        fc.array(
          fc.record({
            // Mostly in or around the minute the window starts in (read from trades), else anywhere in the day before now.
            sinceStart: fc.oneof(
              fc.integer({ min: 0, max: 59_999 }),
              fc.integer({ min: -120_000, max: 120_000 }),
              fc.integer({ min: -3_600_000, max: DAY_MS + 60_000 }),
            ),
            ticks: fc.integer({ min: 1, max: 99_999 }),
            lots: fc.integer({ min: 1, max: 1000 }),
            sameTimeAsPrevious: fc.boolean(),
          }),
          { maxLength: 30 },
        ),
        async (offset, drafts) => {
          const nowMs = NOW + offset;
          const trades: FixtureTrade[] = [];
          for (const [i, d] of drafts.entries()) {
            const previous = trades.at(-1);
            trades.push({
              symbol: SYMBOL,
              // Descending, so sequence and time disagree whenever times differ.
              seq: drafts.length - i,
              time: d.sameTimeAsPrevious && previous ? previous.time : nowMs - DAY_MS + d.sinceStart,
              price: (d.ticks / 10_000).toFixed(4),
              amount: (d.lots / 1000).toFixed(3),
            });
          }
          try {
            if (trades.length > 0) await insertFixtureTrades(manager, trades);
            const got = await loadDayStatistics(manager, SYMBOL, nowMs);
            const want = expectedStatistics(trades, nowMs);
            expect({
              last_price: shortest(got.last_price),
              open_price: shortest(got.open_price),
              high: shortest(got.high),
              low: shortest(got.low),
              volume: shortest(got.volume),
              quote_volume: shortest(got.quote_volume),
            }).toEqual(want);
          } finally {
            await manager.query('DELETE FROM trades WHERE symbol = $1', [SYMBOL]);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
