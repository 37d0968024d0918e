import { Client } from 'pg';
import { money, type Money } from '../../../server/kernel/money';
import { PAST_DAYS, pastTrades, type PastOptions } from '../../../server/trading/market-history/past-trades';
import { OPENING_BOOK_MARKETS } from '../../support/opening-catalog';
import { seededRandom } from '../../../server/markets/reference-prices/random-walk';
import type { ExchangeProcess } from '../../support/exchange-process';
import { freshInstall, type FreshInstall } from '../../support/fresh-exchange';
import { ApiClient } from '../../support/http-client';

const QUARTER_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const btc = OPENING_BOOK_MARKETS.find((m) => m.symbol === 'BTCUSDT')!;

describe("a market's seeded past", () => {
  const endMs = Date.UTC(2026, 0, 10, 12, 7);
  const startMs = endMs - PAST_DAYS * DAY_MS;
  const options = (maker: { base: Money; usd: Money }, taker: { base: Money; usd: Money }): PastOptions => ({
    startMs,
    endMs,
    endPrice: money('110000'),
    livePaceMs: 1500,
    maker,
    taker,
    takerInventory: money('2'),
  });
  const funded = () => ({ base: money('10'), usd: money('1000000') });

  /** How many of the spans of `width` from `since` to the end hold a trade, and how many there are. */
  const covered = (times: number[], since: number, width: number) => ({
    traded: new Set(times.filter((time) => time >= since).map((time) => Math.floor(time / width))).size,
    spans: Math.floor((endMs - 1) / width) - Math.floor(since / width) + 1,
  });

  it('ends at the price the live walk starts from, inside its window, traded in every quarter hour and day', () => {
    const trades = pastTrades(btc, options(funded(), funded()), seededRandom(3));
    expect(trades.at(-1)!.price).toBe('110000');
    const times = trades.map((t) => t.time.getTime());
    expect(times.every((time, i) => time >= startMs && time < endMs && (i === 0 || time >= times[i - 1]!))).toBe(true);
    // Dense where the chart's default candles reach (200 of 15 minutes): every one traded, as is
    // every day; sparser further back, a few trades an hourly or 4-hour candle: nearly all traded.
    for (const [since, width] of [
      [endMs - 200 * QUARTER_MS, QUARTER_MS],
      [startMs, DAY_MS],
    ] as const) {
      const { traded, spans } = covered(times, since, width);
      expect(traded).toBe(spans);
    }
    for (const [since, width] of [
      [endMs - 200 * HOUR_MS, HOUR_MS],
      [endMs - 30 * DAY_MS, 4 * HOUR_MS],
    ] as const) {
      const { traded, spans } = covered(times, since, width);
      expect(traded / spans).toBeGreaterThan(0.9);
    }
    // Three months in moderately few rows: sparser going back.
    expect(trades.length).toBeLessThan(6_000);
    const perHour = (from: number, to: number) =>
      times.filter((t) => t >= from && t < to).length / ((to - from) / HOUR_MS);
    expect(perHour(endMs - DAY_MS, endMs)).toBeGreaterThan(5 * perHour(startMs, startMs + 10 * DAY_MS));
    for (const trade of trades) {
      expect(money(trade.price).mod(btc.tickSize).isZero()).toBe(true);
      expect(money(trade.amount).mod(btc.lotSize).isZero()).toBe(true);
      expect(money(trade.quote).toFixed()).toBe(money(trade.price).times(trade.amount).toFixed());
      expect(money(trade.quote).greaterThanOrEqualTo(btc.minNotional)).toBe(true);
    }
    expect(new Set(trades.map((t) => t.takerSide))).toEqual(new Set(['buy', 'sell']));
  });

  it('never spends what a trader does not have, trade after trade', () => {
    const given = { maker: funded(), taker: { base: money('0.05'), usd: money('2000') } };
    const trades = pastTrades(btc, options(given.maker, given.taker), seededRandom(4));
    expect(trades.length).toBeGreaterThan(100);
    // Left as they were: the caller settles the trades.
    expect(given.taker.usd.toFixed()).toBe('2000');
    const maker = { ...given.maker };
    const taker = { ...given.taker };
    for (const trade of trades) {
      const [buyer, seller] = trade.takerSide === 'buy' ? [taker, maker] : [maker, taker];
      buyer.usd = buyer.usd.minus(trade.quote);
      buyer.base = buyer.base.plus(trade.amount);
      seller.usd = seller.usd.plus(trade.quote);
      seller.base = seller.base.minus(trade.amount);
      for (const balance of [maker.base, maker.usd, taker.base, taker.usd]) expect(balance.isNegative()).toBe(false);
    }
    expect(new Set(trades.map((t) => t.takerSide))).toEqual(new Set(['buy', 'sell']));
  });

  it('replays from its seed', () => {
    const once = pastTrades(btc, options(funded(), funded()), seededRandom(9));
    const again = pastTrades(btc, options(funded(), funded()), seededRandom(9));
    expect(again).toEqual(once);
  });
});

describe('the first start with MARKET_FLOW=on', () => {
  // A whole exchange process on a database of its own, started twice.
  jest.setTimeout(240_000);
  let install: FreshInstall;
  let exchange: ExchangeProcess;
  let api: ApiClient;
  // The feed held at the seed prices and no maker: the past alone, where the live walk would start.
  const env = { MARKET_FLOW: 'on', MARKET_FEED: 'off', MARKET_MAKER: 'off', MARKET_FEED_SEED: '8' };

  beforeAll(async () => {
    install = await freshInstall('market_history');
    exchange = await install.start(env);
    api = new ApiClient(exchange.url);
  });
  afterAll(async () => {
    await exchange?.kill('SIGTERM');
    await install?.drop();
  });

  it("gives every market the chart's default window: 200 candles of 15 minutes, none missing", async () => {
    for (const market of OPENING_BOOK_MARKETS) {
      // One more than the window: a quarter that began since the start has no trade yet (no takers here).
      const window: Array<{ time: number; open: number; high: number; low: number; close: number; volume: number }> = (
        await api.get(`/market/klines?symbol=${market.symbol}&limit=201`)
      ).body;
      expect(window.length).toBeGreaterThanOrEqual(200);
      const candles = window.slice(-200);
      candles.forEach((candle, i) => {
        if (i > 0) expect(candle.time - candles[i - 1]!.time).toBe(QUARTER_MS);
        expect(candle.volume).toBeGreaterThan(0);
        expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
        expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
      });
      // The walk moves: not 200 flat candles.
      expect(new Set(candles.map((c) => c.close)).size).toBeGreaterThan(100);
    }
  });

  it('gives every market three months of daily candles and a month of 4-hour ones, as many as the chart asks for', async () => {
    // The chart asks for 200 candles of any interval.
    for (const market of OPENING_BOOK_MARKETS) {
      const days: Array<{ time: number; volume: number }> = (
        await api.get(`/market/klines?symbol=${market.symbol}&interval=1d&limit=200`)
      ).body;
      expect(days.length).toBeGreaterThanOrEqual(90);
      expect(days.every((day) => day.volume > 0)).toBe(true);
      const fourHours: Array<{ time: number }> = (
        await api.get(`/market/klines?symbol=${market.symbol}&interval=4h&limit=200`)
      ).body;
      expect(fourHours.length).toBeGreaterThanOrEqual(30 * 6);
      expect(Date.now() - fourHours[0]!.time).toBeGreaterThanOrEqual(30 * DAY_MS);
    }
  });

  it('ends every market at the reference price the live walk starts from', async () => {
    const quotes: Array<{ symbol: string; price: number }> = (await api.get('/market/quotes')).body;
    for (const market of OPENING_BOOK_MARKETS) {
      const [last] = (await api.get(`/market/trades?symbol=${market.symbol}&limit=1`)).body;
      expect(last.price).toBe(quotes.find((q) => q.symbol === market.symbol)!.price);
      expect(last.price).toBe(Number(market.seedPrice));
    }
  });

  it('fills the 24-hour statistics: volume, a high above the low', async () => {
    for (const ticker of (await api.get('/market/tickers')).body) {
      expect(ticker.volume).toBeGreaterThan(0);
      // About what the live flow trades in a day: millions of dollars a market.
      expect(ticker.quote_volume).toBeGreaterThan(1_000_000);
      expect(ticker.high).toBeGreaterThan(ticker.low);
    }
  });

  it('keeps the ledger balanced', async () => {
    const check = await (await install.admin(exchange.url)).get('/admin/ledger/check');
    expect(check.body.mismatches).toEqual([]);
    expect(check.body.ok).toBe(true);
  });

  // The embedded database serves its one process only: this reads PostgreSQL beside the exchange.
  const onPostgres = process.env.DATABASE_URL ? it : it.skip;
  onPostgres('trades only between the system traders, numbered from 1 in time order, without fees', async () => {
    const client = new Client({ connectionString: install.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT t.symbol, bool_and(m.is_system AND k.is_system) AS system_only, count(*)::int AS trades,
                min(t.seq)::int AS first, max(t.seq)::int AS last,
                bool_and(t.created_at >= p.created_at) AS ordered, sum(t.maker_fee + t.taker_fee)::float AS fees
           FROM trades t JOIN users m ON m.id = t.maker_user_id JOIN users k ON k.id = t.taker_user_id
           LEFT JOIN trades p ON p.symbol = t.symbol AND p.seq = t.seq - 1
          GROUP BY t.symbol`,
      );
      expect(rows).toHaveLength(OPENING_BOOK_MARKETS.length);
      for (const row of rows)
        expect(row).toMatchObject({ system_only: true, first: 1, last: row.trades, ordered: true, fees: 0 });
    } finally {
      await client.end();
    }
  });

  it('is written once: a restart adds nothing', async () => {
    const seen = async () =>
      Promise.all(
        OPENING_BOOK_MARKETS.map(async (m) => ({
          last: (await api.get(`/market/trades?symbol=${m.symbol}&limit=1`)).body[0].id,
          candles: (await api.get(`/market/klines?symbol=${m.symbol}&interval=1h&limit=100`)).body,
        })),
      );
    const before = await seen();
    await exchange.kill('SIGTERM');
    exchange = await install.start(env);
    api = new ApiClient(exchange.url);
    expect(await seen()).toEqual(before);
    const check = await (await install.admin(exchange.url)).get('/admin/ledger/check');
    expect(check.body.ok).toBe(true);
  });
});
