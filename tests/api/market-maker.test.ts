import fc from 'fast-check';
import { checkLedger } from '../../server/ledger/ledger-check';
import { money, type Money } from '../../server/ledger/money';
import { MAKER, TAKER } from '../../server/liquidity/liquidity.module';
import { MarketMaker, REQUOTE_MOVE } from '../../server/liquidity/market-maker';
import { quoteLadder } from '../../server/liquidity/quote-ladder';
import { ensureSystemTrader } from '../../server/liquidity/system-trader';
import { createLogger } from '../../server/logger';

import { ReferencePrices } from '../../server/reference-prices/reference-prices.service';
import { eventually } from '../support/eventually';
import { ApiClient } from '../support/http-client';
import { startTestExchange, type TestExchange } from '../support/test-exchange';
import { OPENING_BOOK_MARKETS } from '../support/opening-catalog';

describe('the market maker quote ladder', () => {
  it('quotes bids below and asks above the reference, on the tick and lot, within both budgets', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPENING_BOOK_MARKETS),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 5_000_000, noNaN: true }),
        fc.double({ min: 0, max: 1_000_000, noNaN: true }),
        (market, ratio, usd, base) => {
          const reference = money(market.seedPrice)
            .times(ratio.toFixed(6))
            .toNearest(market.tickSize)
            .plus(market.tickSize);
          const bidBudget = money(usd.toFixed(2));
          const askBudget = money(base.toFixed(6));
          const ladder = quoteLadder(market, reference, bidBudget, askBudget);
          const bids = ladder.filter((q) => q.side === 'buy');
          const asks = ladder.filter((q) => q.side === 'sell');
          for (const quote of ladder) {
            expect(money(quote.price).mod(market.tickSize).isZero()).toBe(true);
            expect(money(quote.amount).mod(market.lotSize).isZero()).toBe(true);
            expect(money(quote.amount).greaterThan(0)).toBe(true);
            expect(money(quote.price).times(quote.amount).greaterThanOrEqualTo(market.minNotional)).toBe(true);
          }
          for (const bid of bids)
            expect(money(bid.price).lessThan(reference) && money(bid.price).greaterThan(0)).toBe(true);
          for (const ask of asks) expect(money(ask.price).greaterThan(reference)).toBe(true);
          const bidValue = bids.reduce((sum, q) => sum.plus(money(q.price).times(q.amount)), money(0));
          const askAmount = asks.reduce((sum, q) => sum.plus(q.amount), money(0));
          expect(bidValue.lessThanOrEqualTo(bidBudget)).toBe(true);
          expect(askAmount.lessThanOrEqualTo(askBudget)).toBe(true);
          expect(new Set(ladder.map((q) => `${q.side}:${q.price}`)).size).toBe(ladder.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lays five levels a side around BTC with a spread of about 0.1%', () => {
    const btc = OPENING_BOOK_MARKETS.find((m) => m.symbol === 'BTCUSDT')!;
    const ladder = quoteLadder(btc, money('110000'), money('100000'), money('2'));
    const bids = ladder.filter((q) => q.side === 'buy').map((q) => Number(q.price));
    const asks = ladder.filter((q) => q.side === 'sell').map((q) => Number(q.price));
    expect(bids).toEqual([109945, 109890, 109835, 109780, 109725]);
    expect(asks).toEqual([110055, 110110, 110165, 110220, 110275]);
    expect(ladder.filter((q) => q.side === 'sell').every((q) => q.amount === '0.4')).toBe(true);
  });
});

/**
 * Other test files leave traders' orders resting in the shared database; they would take the
 * maker's quotes and refuse its post-only ones. Cancel them through the real path first, so the
 * books are the maker's own, as on a fresh install.
 */
async function cancelOtherTradersOrders() {
  const cleaner = await startTestExchange({ MARKET_MAKER: 'off' });
  try {
    const open: Array<{ id: string; user_id: string }> = await cleaner.exchange.context.dataSource.query(
      `SELECT o.id, o.user_id FROM orders o JOIN users u ON u.id = o.user_id
        WHERE o.status IN ('new', 'partially_filled', 'waiting') AND NOT u.is_system`,
    );
    for (const order of open) await cleaner.exchange.trading.cancelOrder(order.user_id, order.id);
  } finally {
    await cleaner.close();
  }
}

describe('the market maker, turned on', () => {
  // It works in real time: quotes within seconds, trades within a few rounds.
  jest.setTimeout(60_000);
  let server: TestExchange;
  let api: ApiClient;
  const query = (sql: string, params: unknown[] = []) => server.exchange.context.dataSource.query(sql, params);
  const systemTraderId = async (email: string): Promise<string> =>
    (await query('SELECT id FROM users WHERE email = $1', [email]))[0].id;

  beforeAll(async () => {
    await cancelOtherTradersOrders();
    server = await startTestExchange({ MARKET_MAKER: 'on', MARKET_FEED_SEED: '31' });
    api = new ApiClient(server.url);
  });
  afterAll(() => server?.close());

  it('keeps five bids and five asks around the reference price on every book', async () => {
    for (const market of OPENING_BOOK_MARKETS) {
      const depth = await eventually(
        async () => {
          const book = (await api.get(`/market/depth?symbol=${market.symbol}`)).body;
          return book.bids.length >= 5 && book.asks.length >= 5 ? book : undefined;
        },
        15_000,
        `a quoted ${market.symbol} book`,
      );
      const reference = (await api.get('/market/quotes')).body.find((q: any) => q.symbol === market.symbol).price;
      const [bestBid] = depth.bids[0];
      const [bestAsk] = depth.asks[0];
      expect(bestBid).toBeLessThan(bestAsk);
      expect(Math.abs(bestBid - reference) / reference).toBeLessThan(0.01);
      expect(Math.abs(bestAsk - reference) / reference).toBeLessThan(0.01);
    }
  });

  it('makes trades and candles on a fresh install', async () => {
    const trades = await eventually(
      async () => {
        const lists = await Promise.all(
          OPENING_BOOK_MARKETS.map(async (m) => (await api.get(`/market/trades?symbol=${m.symbol}`)).body as any[]),
        );
        const symbols = OPENING_BOOK_MARKETS.filter((_, i) => lists[i]!.length > 0).map((m) => m.symbol);
        return symbols.length > 0 ? symbols : undefined;
      },
      20_000,
      'a first trade',
    );
    const candles = (await api.get(`/market/klines?symbol=${trades[0]}&interval=1m`)).body;
    expect(candles.length).toBeGreaterThan(0);
    const ticker = (await api.get(`/market/ticker?symbol=${trades[0]}`)).body;
    expect(ticker.volume).toBeGreaterThan(0);
  });

  it("never holds or spends more than its inventory, and its locked balances are exactly its orders' holds", async () => {
    const ids = [await systemTraderId(MAKER.email), await systemTraderId(TAKER.email)];
    // One statement, one snapshot: the maker keeps trading while this runs.
    const rows: Array<{
      asset: string;
      available: string;
      locked: string;
      held_for_orders: string;
      fees_paid: string;
    }> = await query(
      `WITH mine AS (SELECT unnest($1::uuid[]) AS user_id),
            holds AS (
              SELECT CASE WHEN o.side = 'buy' THEN 'USD' ELSE m.base END AS asset, sum(o.reserved) AS reserved
                FROM orders o JOIN (SELECT unnest($2::varchar[]) AS symbol, unnest($3::varchar[]) AS base) m ON m.symbol = o.symbol
               WHERE o.user_id = ANY($1::uuid[]) AND o.status IN ('new', 'partially_filled')
               GROUP BY 1),
            fees AS (
              SELECT COALESCE(sum(CASE WHEN maker_user_id = ANY($1::uuid[]) THEN maker_fee ELSE 0 END), 0)
                   + COALESCE(sum(CASE WHEN taker_user_id = ANY($1::uuid[]) THEN taker_fee ELSE 0 END), 0) AS paid
                FROM trades WHERE maker_user_id = ANY($1::uuid[]) OR taker_user_id = ANY($1::uuid[]))
       SELECT a.asset, sum(a.available) AS available, sum(a.locked) AS locked,
              COALESCE(max(h.reserved), 0) AS held_for_orders, (SELECT paid FROM fees) AS fees_paid
         FROM accounts a JOIN mine ON mine.user_id = a.user_id LEFT JOIN holds h ON h.asset = a.asset
        GROUP BY a.asset`,
      [ids, OPENING_BOOK_MARKETS.map((m) => m.symbol), OPENING_BOOK_MARKETS.map((m) => m.base)],
    );
    expect(rows.map((r) => r.asset).sort()).toEqual(Object.keys(MAKER.inventory).sort());
    for (const row of rows) {
      expect(money(row.available).isNegative()).toBe(false);
      expect(money(row.locked).toFixed()).toBe(money(row.held_for_orders).toFixed());
      // Maker and taker only trade with each other here: between them nothing is made, fees leave.
      const funded = money(MAKER.inventory[row.asset]!).plus(TAKER.inventory[row.asset]!);
      const held = money(row.available)
        .plus(row.locked)
        .plus(row.asset === 'USD' ? row.fees_paid : 0);
      expect(held.toFixed()).toBe(funded.toFixed());
    }
    const ledger = await checkLedger(server.exchange.context.dataSource.manager);
    expect(ledger.mismatches).toEqual([]);
  });

  it('runs on system accounts that nobody can log in to', async () => {
    for (const email of [MAKER.email, TAKER.email]) {
      const login = await api.post('/auth/login', { email, password: '!' });
      expect(login.status).toBe(401);
    }
    const [user] = await query('SELECT is_system, kyc_status, full_name FROM users WHERE email = $1', [MAKER.email]);
    expect(user).toEqual({ is_system: true, kyc_status: 'approved', full_name: 'Market Maker' });
  });

  it('is funded once, however often the exchange starts', async () => {
    await server.close();
    server = await startTestExchange({ MARKET_MAKER: 'on', MARKET_FEED_SEED: '32' });
    api = new ApiClient(server.url);
    const makerId = await systemTraderId(MAKER.email);
    const [funding] = await query(
      `SELECT count(*)::int AS entries FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
        WHERE e.reason = 'market_maker_funding' AND a.user_id = $1`,
      [makerId],
    );
    expect(funding.entries).toBe(Object.keys(MAKER.inventory).length);
  });
});

describe('the market maker, when the reference moves', () => {
  jest.setTimeout(60_000);
  /** Longer than the test: any requote seen here was not the timer's. */
  const TIMER_NEVER_FIRES_MS = 3_600_000;
  const btc = OPENING_BOOK_MARKETS[0]!; // the first market in turn: quoted as the maker starts
  let server: TestExchange;

  beforeAll(async () => {
    await cancelOtherTradersOrders();
    server = await startTestExchange({ MARKET_MAKER: 'off' });
  });
  afterAll(() => server.close());

  it('requotes a market as soon as its reference moved past the threshold, without waiting for its turn', async () => {
    const { dataSource } = server.exchange.context;
    // A feed of its own, ticked below as the reference prices' own tests tick theirs: no timer moves it.
    const reference = new ReferencePrices({ MARKET_FEED: 'simulated', MARKET_FEED_SEED: 77 }, createLogger('silent'));
    const makerId = await ensureSystemTrader(dataSource, { ...MAKER, email: 'requoting-maker@exchange.internal' });
    const takerId = await ensureSystemTrader(dataSource, { ...TAKER, email: 'requoting-taker@exchange.internal' });
    const maker = new MarketMaker(
      dataSource,
      server.exchange.trading,
      reference,
      { makerId, takerId, makerUsd: MAKER.inventory.USD! },
      createLogger('silent'),
      TIMER_NEVER_FIRES_MS,
    );
    const restingPrices = async () =>
      (await server.exchange.trading.openOrders(makerId, btc.symbol)).map((o) => `${o.side} ${o.price}`).sort();
    const ladderAround = (price: Money) =>
      quoteLadder(btc, price, money('1e9'), money('1e9'))
        .map((q) => `${q.side} ${Number(q.price)}`)
        .sort();
    const ladderRestsAround = (price: Money) =>
      eventually(
        async () => ((await restingPrices()).join() === ladderAround(price).join() ? true : undefined),
        20_000,
        `a ladder around ${price.toFixed()}`,
      );

    maker.start();
    try {
      const start = reference.price(btc.symbol)!;
      await ladderRestsAround(start);
      let moved = start;
      while (moved.minus(start).abs().lessThanOrEqualTo(start.times(REQUOTE_MOVE))) {
        reference.tick();
        moved = reference.price(btc.symbol)!;
      }
      await ladderRestsAround(moved);
    } finally {
      await maker.stop();
    }
    expect(await restingPrices()).toEqual([]);
  });
});
