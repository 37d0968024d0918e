import fc from 'fast-check';
import type { EntityManager } from 'typeorm';
import type { Database } from '../../../server/platform/db/database';
import { Candles1795259000000 } from '../../../server/platform/db/migrations/1795259000000-Candles';
import { CandleTakerVolumes1795501000000 } from '../../../server/platform/db/migrations/1795501000000-CandleTakerVolumes';
import { Money, money } from '../../../server/kernel/money';
import { bucketStart, KLINE_INTERVALS, type KlineInterval } from '../../../server/trading/market-data/candles';
import { insertFixtureTrades, openTestDatabase, type FixtureTrade } from '../../support/fixture-trades';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const SYMBOLS = ['CANDLEFIXA', 'CANDLEFIXB'];
const INTERVALS = Object.keys(KLINE_INTERVALS) as KlineInterval[];

/** A candle as comparable text: exact decimals in their shortest form. */
type CandleText = Record<
  'symbol' | 'width' | 'time' | 'open' | 'high' | 'low' | 'close' | 'volume' | 'quote' | 'takerBuy' | 'takerBuyQuote',
  string
>;

/** What the candles of `trades` are, computed here from the trades themselves. */
function expectedCandles(trades: FixtureTrade[]): CandleText[] {
  const byTimeThenSeq = [...trades].sort((a, b) => a.time - b.time || a.seq - b.seq);
  const candles = new Map<
    string,
    {
      symbol: string;
      width: number;
      time: number;
      open: Money;
      high: Money;
      low: Money;
      close: Money;
      volume: Money;
      quote: Money;
      takerBuy: Money;
      takerBuyQuote: Money;
    }
  >();
  for (const interval of INTERVALS) {
    for (const trade of byTimeThenSeq) {
      const time = bucketStart(trade.time, interval);
      const key = `${trade.symbol} ${interval} ${time}`;
      const price = money(trade.price);
      const quote = price.times(trade.amount);
      const takerBought = trade.takerSide !== 'sell';
      const candle = candles.get(key);
      if (!candle) {
        const width = KLINE_INTERVALS[interval];
        candles.set(key, {
          symbol: trade.symbol,
          width,
          time,
          open: price,
          high: price,
          low: price,
          close: price,
          volume: money(trade.amount),
          quote,
          takerBuy: money(takerBought ? trade.amount : 0),
          takerBuyQuote: takerBought ? quote : money(0),
        });
        continue;
      }
      candle.high = Money.max(candle.high, price);
      candle.low = Money.min(candle.low, price);
      candle.close = price;
      candle.volume = candle.volume.plus(trade.amount);
      candle.quote = candle.quote.plus(quote);
      if (takerBought) {
        candle.takerBuy = candle.takerBuy.plus(trade.amount);
        candle.takerBuyQuote = candle.takerBuyQuote.plus(quote);
      }
    }
  }
  return [...candles.values()]
    .map((c) => ({
      symbol: c.symbol,
      width: String(c.width),
      time: String(c.time),
      open: c.open.toString(),
      high: c.high.toString(),
      low: c.low.toString(),
      close: c.close.toString(),
      volume: c.volume.toString(),
      quote: c.quote.toString(),
      takerBuy: c.takerBuy.toString(),
      takerBuyQuote: c.takerBuyQuote.toString(),
    }))
    .sort(byKey);
}

const byKey = (a: CandleText, b: CandleText) =>
  a.symbol.localeCompare(b.symbol) || Number(a.width) - Number(b.width) || Number(a.time) - Number(b.time);

/** The candles the database keeps for the fixture symbols. */
async function storedCandles(manager: EntityManager): Promise<CandleText[]> {
  const rows: Array<Record<string, string>> = await manager.query(
    `SELECT symbol, width, (extract(epoch FROM bucket) * 1000)::bigint AS time, open, high, low, close, volume,
            quote_volume AS quote, taker_buy_volume, taker_buy_quote_volume
       FROM candles WHERE symbol = ANY($1)`,
    [SYMBOLS],
  );
  return rows
    .map((row) => ({
      symbol: row.symbol!,
      width: String(row.width),
      time: row.time!,
      open: money(row.open!).toString(),
      high: money(row.high!).toString(),
      low: money(row.low!).toString(),
      close: money(row.close!).toString(),
      volume: money(row.volume!).toString(),
      quote: money(row.quote!).toString(),
      takerBuy: money(row.taker_buy_volume!).toString(),
      takerBuyQuote: money(row.taker_buy_quote_volume!).toString(),
    }))
    .sort(byKey);
}

const removeFixtureTrades = (manager: EntityManager, where = 'true') =>
  manager.query(`DELETE FROM trades WHERE symbol = ANY($1) AND ${where}`, [SYMBOLS]);

const NOW = Date.UTC(2030, 0, 15, 12, 0, 0);

/** A trade to insert, with the statement it goes in and its place among that statement's rows. */
interface Placed {
  trade: FixtureTrade;
  statement: number;
  place: number;
}

/**
 * Trades of the fixture symbols over three days, many sharing a millisecond (a round writes all its
 * trades at one time) or on bucket edges, with sequence numbers unrelated to their times, spread
 * over up to five statements in any order.
 */
const placedTrades: fc.Arbitrary<Placed[]> = fc
  .array(
    fc.record({
      symbol: fc.constantFrom(...SYMBOLS),
      // Mostly the last few minutes, so trades share buckets and times.
      minutesAgo: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 3 * 1440 })),
      withinMinute: fc.constantFrom(0, 1, 30_000, 59_999),
      ticks: fc.integer({ min: 1, max: 99_999 }),
      lots: fc.integer({ min: 1, max: 1000 }),
      takerSide: fc.constantFrom('buy' as const, 'sell' as const),
      statement: fc.integer({ min: 0, max: 4 }),
      place: fc.integer(),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((drafts) =>
    drafts.map((d, i) => ({
      trade: {
        symbol: d.symbol,
        seq: i + 1,
        time: NOW - d.minutesAgo * 60_000 + d.withinMinute,
        price: (d.ticks / 10_000).toFixed(4),
        amount: (d.lots / 1000).toFixed(3),
        takerSide: d.takerSide,
      },
      statement: d.statement,
      place: d.place,
    })),
  );

/** Each statement's trades in one INSERT, statements in order, rows in their drawn order. */
async function insertInStatements(manager: EntityManager, placed: Placed[]) {
  for (let statement = 0; statement <= 4; statement++) {
    const rows = placed.filter((p) => p.statement === statement).sort((a, b) => a.place - b.place);
    if (rows.length > 0)
      await insertFixtureTrades(
        manager,
        rows.map((p) => p.trade),
      );
  }
}

describe('candles kept by the database', () => {
  it('equal the candles of the trades, however they were grouped into statements and ordered', async () => {
    const { manager } = database.dataSource;
    await fc.assert(
      fc.asyncProperty(placedTrades, async (placed) => {
        try {
          await insertInStatements(manager, placed);
          const trades = placed.map((p) => p.trade);
          expect(await storedCandles(manager)).toEqual(expectedCandles(trades));
          // Removing trades recounts the candles they were in.
          await removeFixtureTrades(manager, 'seq % 3 = 0');
          expect(await storedCandles(manager)).toEqual(expectedCandles(trades.filter((t) => t.seq % 3 !== 0)));
        } finally {
          await removeFixtureTrades(manager);
        }
        expect(await storedCandles(manager)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('are counted by the migrations from the trades already there', async () => {
    const runner = database.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      const migrations = [new Candles1795259000000(), new CandleTakerVolumes1795501000000()];
      for (const migration of [...migrations].reverse()) await migration.down(runner);
      const trades = fc.sample(placedTrades, { numRuns: 1, seed: 7 })[0]!.map((p) => p.trade);
      await insertFixtureTrades(runner.manager, trades);
      for (const migration of migrations) await migration.up(runner);
      expect(await storedCandles(runner.manager)).toEqual(expectedCandles(trades));
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
