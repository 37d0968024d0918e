import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { checkLedger } from '../../../server/ledger/ledger-check';
import { post } from '../../../server/ledger/ledger';
import { money } from '../../../server/kernel/money';
import { MAKER, TAKER } from '../../../server/trading/liquidity/liquidity.module';
import { LADDER_LEVELS } from '../../../server/trading/liquidity/quote-ladder';
import { topUpSystemTrader, ensureSystemTrader } from '../../../server/trading/liquidity/system-trader';
import {
  arbitrageSide,
  drawTakerOrder,
  nextArrivalMs,
  TAKER_FLOW,
  takerPaces,
} from '../../../server/trading/liquidity/taker-flow';
import { ladderDepth } from '../../../server/trading/liquidity/liquid-markets';
import { OPENING_BOOK_MARKETS } from '../../support/opening-catalog';
import { seededRandom } from '../../../server/markets/reference-prices/random-walk';
import { eventually } from '../../support/eventually';
import type { ExchangeProcess } from '../../support/exchange-process';
import { freshInstall, type FreshInstall } from '../../support/fresh-exchange';
import { ApiClient } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

const btc = OPENING_BOOK_MARKETS.find((m) => m.symbol === 'BTCUSDT')!;
const ada = OPENING_BOOK_MARKETS.find((m) => m.symbol === 'ADAUSDT')!;

describe("the simulated takers' orders", () => {
  it('are on the lot, worth at least the minimum, of varied sizes around the median value', () => {
    const random = seededRandom(5);
    for (const market of [btc, ada]) {
      const values = Array.from({ length: 2000 }, () => {
        const order = drawTakerOrder(market, money(market.seedPrice), 1, random);
        expect(money(order.amount).mod(market.lotSize).isZero()).toBe(true);
        expect(money(order.amount).times(market.seedPrice).greaterThanOrEqualTo(market.minNotional)).toBe(true);
        return money(order.amount).times(market.seedPrice).toNumber();
      }).sort((a, b) => a - b);
      const median = values[1000]!;
      expect(median).toBeGreaterThan(TAKER_FLOW.medianNotional * 0.8);
      expect(median).toBeLessThan(TAKER_FLOW.medianNotional * 1.25);
      expect(values[1990]! / values[10]!).toBeGreaterThan(50);
    }
  });

  it('buy more while the taker holds less than it was given, and sell more while it holds more', () => {
    const random = seededRandom(6);
    const buyShare = (baseShare: number) =>
      Array.from({ length: 2000 }, () => drawTakerOrder(btc, money('110000'), baseShare, random).side).filter(
        (side) => side === 'buy',
      ).length / 2000;
    expect(buyShare(0.2)).toBeGreaterThan(0.7);
    expect(Math.abs(buyShare(1) - 0.5)).toBeLessThan(0.05);
    expect(buyShare(1.8)).toBeLessThan(0.3);
  });

  it('arrive at the pace asked for, as a Poisson process', () => {
    const random = seededRandom(7);
    const gaps = Array.from({ length: 5000 }, () => nextArrivalMs(1000, random));
    const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
    expect(Math.abs(mean - 1000)).toBeLessThan(50);
    // Exponential: about 37% of gaps exceed the mean.
    expect(Math.abs(gaps.filter((gap) => gap > 1000).length / gaps.length - Math.exp(-1))).toBeLessThan(0.03);
    expect(gaps.every((gap) => gap >= 1)).toBe(true);
  });
});

describe("the simulated takers' pace and side", () => {
  const depths = new Map(OPENING_BOOK_MARKETS.map((m) => [m, ladderDepth(m, MAKER.inventory, OPENING_BOOK_MARKETS)]));
  const paces = takerPaces(depths);

  it('trade BTCUSDT, the deepest book, at least every 2 s on average, and the others in proportion to their depth', () => {
    expect(paces.get(btc)).toBeLessThanOrEqual(2000);
    for (const market of OPENING_BOOK_MARKETS) {
      // Orders a second per dollar of depth: the same on every market.
      const perDepth = 1 / paces.get(market)! / depths.get(market)!.toNumber();
      expect(perDepth).toBeCloseTo(1 / paces.get(btc)! / depths.get(btc)!.toNumber(), 15);
    }
    expect(paces.get(ada)).toBeGreaterThan(paces.get(btc)!);
  });

  it('leave a market without depth out', () => {
    expect([...takerPaces(new Map([[btc, money(0)]])).keys()]).toEqual([]);
  });

  it('buy a book whose ask fell below the reference and sell to one whose bid rose above it, and else draw', () => {
    const at = (bid: string, ask: string) => arbitrageSide(money('100'), money(bid), money(ask));
    expect(at('99', '99.5')).toBe('buy');
    expect(at('100.5', '101')).toBe('sell');
    expect(at('99.9', '100.1')).toBeNull();
    expect(at('99.9', '100')).toBeNull();
    expect(arbitrageSide(money('100'), null, money('99'))).toBeNull();
    const random = seededRandom(8);
    const sides = Array.from({ length: 200 }, () => drawTakerOrder(btc, money('110000'), 0.2, random, 1, 'sell').side);
    expect(new Set(sides)).toEqual(new Set(['sell']));
  });
});

describe('system traders running low', () => {
  let server: TestExchange;
  beforeAll(async () => {
    server = await startTestExchange();
  });
  afterAll(() => server.close());

  it('are topped up from the outside world back to their inventory, once', async () => {
    const { dataSource } = server.exchange.context;
    const profile = { ...TAKER, email: `draining-${randomUUID().slice(0, 8)}@exchange.internal` };
    const userId = await ensureSystemTrader(dataSource, profile);
    // It paid away most of its USD and a little of its BTC.
    await dataSource.transaction((manager) =>
      post(manager, {
        reason: 'test_spending',
        referenceType: 'test',
        referenceId: userId,
        legs: [
          { owner: { userId }, asset: 'USD', bucket: 'available', amount: '-400000' },
          { owner: { system: 'external' }, asset: 'USD', bucket: 'available', amount: '400000' },
          { owner: { userId }, asset: 'BTC', bucket: 'available', amount: '-0.1' },
          { owner: { system: 'external' }, asset: 'BTC', bucket: 'available', amount: '0.1' },
        ],
      }),
    );
    const added = await topUpSystemTrader(dataSource, userId, profile);
    expect(added.map(([asset, amount]) => [asset, amount.toFixed()])).toEqual([['USD', '400000']]);
    const balances: Array<{ asset: string; available: string }> = await dataSource.query(
      "SELECT asset, available FROM accounts WHERE user_id = $1 AND asset IN ('USD', 'BTC') ORDER BY asset",
      [userId],
    );
    expect(balances.map((b) => [b.asset, money(b.available).toFixed()])).toEqual([
      ['BTC', '1.9'],
      ['USD', TAKER.inventory.USD],
    ]);
    expect(await topUpSystemTrader(dataSource, userId, profile)).toEqual([]);
    expect((await checkLedger(dataSource.manager)).mismatches).toEqual([]);
  });
});

describe('MARKET_FLOW=on with the market maker, on a fresh install', () => {
  // It works in real time: a trade every few seconds a market.
  jest.setTimeout(240_000);
  let install: FreshInstall;
  let exchange: ExchangeProcess;
  let api: ApiClient;
  const latestTrade = async (symbol: string) =>
    (await api.get(`/market/trades?symbol=${symbol}&limit=1`)).body[0] as { id: string; time: number };

  beforeAll(async () => {
    install = await freshInstall('market_flow');
    exchange = await install.start({
      MARKET_FLOW: 'on',
      MARKET_MAKER: 'on',
      MARKET_FEED: 'simulated',
      MARKET_FEED_SEED: '12',
    });
    api = new ApiClient(exchange.url);
  });
  afterAll(async () => {
    await exchange?.kill('SIGTERM');
    await install?.drop();
  });

  it('keeps trades, candles and the 24-hour volume moving on every market', async () => {
    const since = Date.now();
    const before = await Promise.all(OPENING_BOOK_MARKETS.map((m) => api.get(`/market/ticker?symbol=${m.symbol}`)));
    for (const market of OPENING_BOOK_MARKETS) {
      const trade = await eventually(
        async () => {
          const latest = await latestTrade(market.symbol);
          return latest.time >= since ? latest : undefined;
        },
        120_000,
        `a new trade on ${market.symbol}`,
      );
      // The trade's minute has a candle: the current minute's or the one before.
      const candles: Array<{ time: number }> = (
        await api.get(`/market/klines?symbol=${market.symbol}&interval=1m&limit=2`)
      ).body;
      expect(candles.map((c) => c.time)).toContain(Math.floor(trade.time / 60_000) * 60_000);
    }
    const after = await Promise.all(OPENING_BOOK_MARKETS.map((m) => api.get(`/market/ticker?symbol=${m.symbol}`)));
    // The day's window also loses the past's first trades as it slides: the volume moves, either way.
    expect(after.map((t) => t.body.volume)).not.toEqual(before.map((t) => t.body.volume));
  });

  it('quotes a ladder of 20 levels or more a side on every book while the takers trade', async () => {
    for (const market of OPENING_BOOK_MARKETS) {
      // A fill takes a level until the maker's next look at the book.
      await eventually(
        async () => {
          const depth = (await api.get(`/market/depth?symbol=${market.symbol}&limit=20`)).body;
          return depth.bids.length === 20 && depth.asks.length === 20 ? true : undefined;
        },
        30_000,
        `20 levels a side on ${market.symbol}`,
      );
    }
  });

  it('keeps the ledger balanced', async () => {
    const check = await (await install.admin(exchange.url)).get('/admin/ledger/check');
    expect(check.body.mismatches).toEqual([]);
    expect(check.body.ok).toBe(true);
  });

  // The embedded database serves its one process only: this reads PostgreSQL beside the exchange.
  (process.env.DATABASE_URL ? it : it.skip)(
    'trades between the system taker and the market maker, numbered on from the past',
    async () => {
      const client = new Client({ connectionString: install.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(
          `SELECT t.symbol, count(*)::int AS trades, count(DISTINCT t.seq)::int AS numbers, max(t.seq)::int AS last,
                  bool_and(k.email = $1 AND m.email = $2) AS between_system_traders
             FROM trades t JOIN users k ON k.id = t.taker_user_id JOIN users m ON m.id = t.maker_user_id
            GROUP BY t.symbol`,
          [TAKER.email, MAKER.email],
        );
        expect(rows).toHaveLength(OPENING_BOOK_MARKETS.length);
        for (const row of rows) {
          expect(row).toMatchObject({ numbers: row.trades, last: row.trades, between_system_traders: true });
        }
      } finally {
        await client.end();
      }
    },
  );
});

/** Several processes need real PostgreSQL and Redis; the embedded database serves one connection. */
const clustered = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

(clustered ? describe : describe.skip)('MARKET_FLOW=on in two CLUSTER=on processes', () => {
  jest.setTimeout(240_000);
  let install: FreshInstall;
  const running: ExchangeProcess[] = [];

  beforeAll(async () => {
    install = await freshInstall('market_flow_cluster');
  });
  afterAll(async () => {
    for (const exchange of running) await exchange.kill('SIGTERM');
    await install?.drop();
  });

  it('runs one maker and one flow between them: one ladder a book, one process elected', async () => {
    const env = {
      MARKET_FLOW: 'on',
      MARKET_MAKER: 'on',
      MARKET_FEED_SEED: '13',
      CLUSTER: 'on',
      REDIS_URL: process.env.REDIS_URL!,
      JWT_SECRET: 'cluster-test-secret-of-at-least-32-chars',
      ENCRYPTION_KEY: 'c2'.repeat(32),
      LOG_LEVEL: 'info',
    };
    running.push(await install.start(env), await install.start(env));
    const api = new ApiClient(running[0]!.url);
    const since = Date.now();
    await eventually(
      async () => ((await api.get('/market/trades?symbol=BTCUSDT&limit=1')).body[0].time >= since ? true : undefined),
      120_000,
      'a trade of the flow',
    );
    const client = new Client({ connectionString: install.databaseUrl });
    await client.connect();
    try {
      const restingQuotes = async () =>
        (
          await client.query(
            `SELECT o.symbol, o.side, count(*)::int AS resting FROM orders o JOIN users u ON u.id = o.user_id
              WHERE u.email = $1 AND o.status IN ('new', 'partially_filled') GROUP BY 1, 2`,
            [MAKER.email],
          )
        ).rows;
      // Every market has its turn within the maker's period.
      const rows = await eventually(
        async () => {
          const sides = await restingQuotes();
          return sides.length === OPENING_BOOK_MARKETS.length * 2 ? sides : undefined;
        },
        30_000,
        'every book quoted',
      );
      for (const row of rows) expect(row.resting).toBeLessThanOrEqual(LADDER_LEVELS);
    } finally {
      await client.end();
    }
    const elected = running.filter((p) => /"lock":"market-maker".*elected/.test(p.output()));
    expect(elected).toHaveLength(1);
  });
});
