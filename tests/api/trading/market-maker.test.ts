import Decimal from 'decimal.js';
import fc from 'fast-check';
import { checkLedger } from '../../../server/ledger/ledger-check';
import { money, type Money } from '../../../server/kernel/money';
import { ladderDepth, listedInventory, listingShortfall } from '../../../server/trading/liquidity/liquid-markets';
import { MAKER, TAKER } from '../../../server/trading/liquidity/liquidity.module';
import { MarketMaker } from '../../../server/trading/liquidity/market-maker';
import {
  ladderCenter,
  ladderChanges,
  ladderShape,
  ladderShortfall,
  quoteLadder,
  type LadderQuote,
} from '../../../server/trading/liquidity/quote-ladder';
import { ensureSystemTrader } from '../../../server/trading/liquidity/system-trader';
import { createLogger } from '../../../server/platform/logger/logger';
import type { BookMarket } from '../../../server/markets/catalog';
import { OPENING_BOOK_MARKETS } from '../../support/opening-catalog';
import { ReferencePrices } from '../../../server/markets/reference-prices/reference-prices.service';
import { eventually } from '../../support/eventually';
import { ApiClient } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

describe('the market maker quote ladder', () => {
  const shapeOf = (market: BookMarket) => ladderShape(ladderDepth(market, MAKER.inventory, OPENING_BOOK_MARKETS));
  const sideOf = (ladder: LadderQuote[], side: 'buy' | 'sell') => ladder.filter((q) => q.side === side);

  it('quotes bids below and asks above the reference, on the tick and lot, strictly apart, each worth the minimum', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPENING_BOOK_MARKETS),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 1_000, max: 10_000_000, noNaN: true }),
        (market, ratio, depth) => {
          const reference = money(market.seedPrice)
            .times(ratio.toFixed(6))
            .toNearest(market.tickSize)
            .plus(market.tickSize);
          const ladder = quoteLadder(market, reference, ladderShape(money(depth.toFixed(2))));
          for (const quote of ladder) {
            expect(money(quote.price).mod(market.tickSize).isZero()).toBe(true);
            expect(money(quote.amount).mod(market.lotSize).isZero()).toBe(true);
            expect(money(quote.amount).greaterThan(0)).toBe(true);
            expect(money(quote.price).times(quote.amount).greaterThanOrEqualTo(market.minNotional)).toBe(true);
          }
          const bids = sideOf(ladder, 'buy').map((q) => money(q.price));
          const asks = sideOf(ladder, 'sell').map((q) => money(q.price));
          bids.forEach((bid, i) => expect(bid.lessThan(i === 0 ? reference : bids[i - 1]!)).toBe(true));
          asks.forEach((ask, i) => expect(ask.greaterThan(i === 0 ? reference : asks[i - 1]!)).toBe(true));
          expect(bids.every((bid) => bid.greaterThan(0))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lays 20 levels or more a side on every market, further apart and bigger as they go deeper, sizes varied', () => {
    for (const market of OPENING_BOOK_MARKETS) {
      const shape = shapeOf(market);
      const reference = money(market.seedPrice);
      const ladder = quoteLadder(market, reference, shape);
      for (const side of ['buy', 'sell'] as const) {
        const levels = sideOf(ladder, side);
        expect(levels.length).toBeGreaterThanOrEqual(20);
        const gaps = levels.slice(1).map((q, i) => money(q.price).minus(levels[i]!.price).abs());
        expect(gaps.at(-1)!.greaterThan(gaps[0]!.times(3))).toBe(true);
        const values = levels.map((q) => money(q.price).times(q.amount));
        const half = Math.floor(values.length / 2);
        const sum = (list: Money[]) => list.reduce((total, v) => total.plus(v), money(0));
        expect(sum(values.slice(half)).greaterThan(sum(values.slice(0, half)))).toBe(true);
        expect(new Set(levels.map((q) => q.amount)).size).toBeGreaterThan(levels.length / 2);
        // The side holds about the depth the maker's inventory affords the market.
        expect(sum(values).greaterThan(money(shape.depth).times('0.6'))).toBe(true);
        expect(sum(values).lessThan(money(shape.depth).times('1.4'))).toBe(true);
      }
    }
  });

  it('quotes tighter where liquidity is deeper', () => {
    expect(Number(ladderShape(money('1000000')).halfSpread)).toBeLessThan(
      Number(ladderShape(money('100000')).halfSpread),
    );
    const spreadOf = (market: BookMarket) => {
      const ladder = quoteLadder(market, money(market.seedPrice), shapeOf(market));
      return money(sideOf(ladder, 'sell')[0]!.price).minus(sideOf(ladder, 'buy')[0]!.price).div(market.seedPrice);
    };
    const bySymbol = (symbol: string) => OPENING_BOOK_MARKETS.find((m) => m.symbol === symbol)!;
    expect(
      ladderDepth(bySymbol('BTCUSDT'), MAKER.inventory, OPENING_BOOK_MARKETS).greaterThan(
        ladderDepth(bySymbol('ADAUSDT'), MAKER.inventory, OPENING_BOOK_MARKETS),
      ),
    ).toBe(true);
    expect(spreadOf(bySymbol('BTCUSDT')).lessThan(spreadOf(bySymbol('ADAUSDT')))).toBe(true);
  });

  it("gives a market listed since an average market's worth of its base, and a ladder among the others'", () => {
    const listed = { ...OPENING_BOOK_MARKETS[0]!, symbol: 'NEWUSDT', base: 'NEW', seedPrice: '3' };
    const markets = [...OPENING_BOOK_MARKETS, listed];
    const inventory = listedInventory(MAKER.inventory, markets);
    expect(inventory).toEqual({ ...MAKER.inventory, NEW: expect.any(String) });
    const values = OPENING_BOOK_MARKETS.map((m) => money(MAKER.inventory[m.base]!).times(m.seedPrice));
    const newValue = money(inventory.NEW!).times(listed.seedPrice);
    expect(newValue.greaterThan(Decimal.min(...values))).toBe(true);
    expect(newValue.lessThan(Decimal.max(...values))).toBe(true);
    const depths = OPENING_BOOK_MARKETS.map((m) => ladderDepth(m, MAKER.inventory, markets));
    const depth = ladderDepth(listed, MAKER.inventory, markets);
    expect(depth.greaterThan(Decimal.min(...depths))).toBe(true);
    expect(depth.lessThan(Decimal.max(...depths))).toBe(true);
  });

  it('leaves every other market most of its depth and 20 levels a side when a market whose one lot is worth more than all of theirs is listed', () => {
    // Listed before listings were checked: the maker's inventory of it is its one lot, a trillion dollars.
    const gold = {
      ...OPENING_BOOK_MARKETS[0]!,
      symbol: 'GOLDUSDT',
      base: 'GOLD',
      tickSize: '1',
      lotSize: '1000',
      seedPrice: '1000000000',
    };
    const markets = [...OPENING_BOOK_MARKETS, gold];
    expect(money(listedInventory(MAKER.inventory, markets).GOLD!).times(gold.seedPrice).toFixed()).toBe(
      '1000000000000',
    );
    for (const market of OPENING_BOOK_MARKETS) {
      const before = ladderDepth(market, MAKER.inventory, OPENING_BOOK_MARKETS);
      const depth = ladderDepth(market, MAKER.inventory, markets);
      // It counts for at most half the maker's USD, against the opening markets' $4.5 million of bases.
      expect(depth.greaterThan(before.times('0.7'))).toBe(true);
      const ladder = quoteLadder(market, money(market.seedPrice), ladderShape(depth));
      expect([sideOf(ladder, 'buy').length, sideOf(ladder, 'sell').length].every((n) => n >= 20)).toBe(true);
    }
    // Its own ladder cannot hold one lot: the maker says so rather than quoting nothing in silence.
    const shape = ladderShape(ladderDepth(gold, MAKER.inventory, markets));
    expect(quoteLadder(gold, money(gold.seedPrice), shape)).toEqual([]);
    expect(ladderShortfall(gold, money(gold.seedPrice), shape)).toMatch(/^a side of its ladder would be empty/);
  });

  it('finds what keeps a ladder from quoting: bids at 0 at the tick, or a side no level can hold a lot on', () => {
    for (const market of OPENING_BOOK_MARKETS) {
      expect(ladderShortfall(market, money(market.seedPrice), shapeOf(market))).toBeNull();
    }
    const xrp = OPENING_BOOK_MARKETS.find((m) => m.symbol === 'XRPUSDT')!;
    const shape = shapeOf(xrp);
    // 20 ticks: the ladder's 24 bids step down a tick at least, so the deepest reach 0.
    expect(ladderShortfall(xrp, money('0.002'), shape)).toBe('its deepest bids would round to 0 at the tick');
    expect(quoteLadder(xrp, money('0.002'), shape).every((q) => money(q.price).greaterThan(0))).toBe(true);
    const empty =
      'a side of its ladder would be empty: one lot, or the minimum order value, is worth more than a level holds';
    expect(ladderShortfall({ ...xrp, lotSize: '1000000' }, money(xrp.seedPrice), shape)).toBe(empty);
    expect(ladderShortfall({ ...xrp, minNotional: '1000000' }, money(xrp.seedPrice), shape)).toBe(empty);
    expect(ladderShortfall(xrp, money(xrp.seedPrice), ladderShape(money(0)))).toBe(empty);
    // A book counts an order's value in ticks x lots, here a billionth of a dollar each: a level holds no more.
    const fine = { ...xrp, tickSize: '0.000000001', lotSize: '0.000000001', minNotional: '0' };
    const counted = (quote: LadderQuote) =>
      money(quote.price).div(fine.tickSize).times(money(quote.amount).div(fine.lotSize));
    const fineLadder = quoteLadder(fine, money(xrp.seedPrice), shape);
    expect(fineLadder.length).toBeGreaterThan(0);
    expect(fineLadder.every((quote) => counted(quote).lessThanOrEqualTo(Number.MAX_SAFE_INTEGER))).toBe(true);
    // A listing is judged with the depth it would have among the markets listed now.
    const listed = { ...xrp, symbol: 'NEWUSDT', base: 'NEW' };
    expect(listingShortfall(listed, MAKER.inventory, OPENING_BOOK_MARKETS)).toBeNull();
    expect(listingShortfall({ ...listed, lotSize: '1000000' }, MAKER.inventory, OPENING_BOOK_MARKETS)).toBe(empty);
  });

  it('after a small move of the reference, replaces the near levels and leaves most deep ones resting', () => {
    for (const market of OPENING_BOOK_MARKETS) {
      const shape = shapeOf(market);
      const reference = money(market.seedPrice);
      const resting = quoteLadder(market, reference, shape).map((q, i) => ({ id: String(i), ...q }));
      const moved = quoteLadder(market, reference.times(money(1).plus(shape.halfSpread)), shape);
      const { cancel, place } = ladderChanges(moved, resting);
      expect(place.some((q) => q.level === 0)).toBe(true);
      expect(place.length).toBeLessThan(moved.length / 3);
      expect(cancel.length).toBe(resting.length - (moved.length - place.length));
      // A level kept is the resting quote nearest its price, within its tolerance.
      const kept = resting.filter((r) => !cancel.includes(r));
      for (const quote of moved.filter((q) => !place.includes(q))) {
        const stand = kept.filter(
          (r) => r.side === quote.side && money(r.price).minus(quote.price).abs().lessThanOrEqualTo(quote.tolerance),
        );
        expect(stand.length).toBeGreaterThan(0);
      }
    }
  });

  it('is laid around the reference, moved no further than keeps the last trade within its best bid and ask', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPENING_BOOK_MARKETS),
        fc.double({ min: -0.01, max: 0.01, noNaN: true }),
        (market, off) => {
          const shape = shapeOf(market);
          const reference = money(market.seedPrice);
          const last = reference.times(money(1).plus(off.toFixed(8))).toNearest(market.tickSize);
          const center = ladderCenter(reference, last, shape.halfSpread);
          const ladder = quoteLadder(market, center, shape);
          const bestBid = money(sideOf(ladder, 'buy')[0]!.price);
          const bestAsk = money(sideOf(ladder, 'sell')[0]!.price);
          expect(bestBid.lessThanOrEqualTo(last) && last.lessThanOrEqualTo(bestAsk)).toBe(true);
          const half = money(shape.halfSpread);
          // A last trade within the half-spread of the reference moves nothing; one beyond is met at the touch.
          if (last.minus(reference).abs().lessThanOrEqualTo(reference.times(half))) {
            expect(center.toFixed()).toBe(reference.toFixed());
          } else {
            expect([bestBid.toFixed(), bestAsk.toFixed()]).toContain(last.toFixed());
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(ladderCenter(money('100'), null, '0.001').toFixed()).toBe('100');
  });

  it('cancels every resting quote and places every level when nothing rests near the ladder', () => {
    const market = OPENING_BOOK_MARKETS[0]!;
    const ladder = quoteLadder(market, money(market.seedPrice), shapeOf(market));
    const far = [{ id: 'far', side: 'buy' as const, price: '1' }];
    expect(ladderChanges(ladder, far)).toEqual({ cancel: far, place: ladder });
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

  it('keeps a ladder of 20 levels or more a side around the reference on every book; depth answers 20 of them', async () => {
    for (const market of OPENING_BOOK_MARKETS) {
      const depth = await eventually(
        async () => {
          const book = (await api.get(`/market/depth?symbol=${market.symbol}&limit=100`)).body;
          return book.bids.length >= 20 && book.asks.length >= 20 ? book : undefined;
        },
        20_000,
        `a quoted ${market.symbol} book`,
      );
      const reference = (await api.get('/market/quotes')).body.find((q: any) => q.symbol === market.symbol).price;
      const [bestBid] = depth.bids[0];
      const [bestAsk] = depth.asks[0];
      expect(bestBid).toBeLessThan(bestAsk);
      expect(Math.abs(bestBid - reference) / reference).toBeLessThan(0.01);
      expect(Math.abs(bestAsk - reference) / reference).toBeLessThan(0.01);
      const twenty = (await api.get(`/market/depth?symbol=${market.symbol}&limit=20`)).body;
      expect([twenty.bids.length, twenty.asks.length]).toEqual([20, 20]);
      expect(new Set(twenty.asks.map(([, quantity]: number[]) => quantity)).size).toBeGreaterThan(10);
    }
  });

  it("never holds or spends more than its inventory, and its locked balances are exactly its orders' holds", async () => {
    const ids = [await systemTraderId(MAKER.email), await systemTraderId(TAKER.email)];
    const given: Array<{ asset: string; amount: string }> = await query(
      `SELECT a.asset, sum(e.available + e.locked) AS amount FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
        WHERE a.user_id = ANY($1::uuid[]) AND e.reason IN ('market_maker_funding', 'system_trader_top_up')
        GROUP BY a.asset`,
      [ids],
    );
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
      // Maker and taker only trade with each other: between them nothing is made, fees leave.
      const funded = money(given.find((g) => g.asset === row.asset)!.amount);
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
    const reference = new ReferencePrices(
      server.exchange.catalog,
      { MARKET_FEED: 'simulated', MARKET_FEED_SEED: 77 },
      createLogger('silent'),
    );
    const makerId = await ensureSystemTrader(dataSource, { ...MAKER, email: 'requoting-maker@exchange.internal' });
    const maker = new MarketMaker(
      dataSource,
      server.exchange.catalog,
      server.exchange.trading,
      reference,
      { makerId, inventory: MAKER.inventory },
      createLogger('silent'),
      server.exchange.context.outages,
      TIMER_NEVER_FIRES_MS,
    );
    const shape = ladderShape(ladderDepth(btc, MAKER.inventory, OPENING_BOOK_MARKETS));
    const key = (side: string, price: number | string) => `${side} ${money(String(price)).toFixed()}`;
    const resting = async () =>
      (await server.exchange.trading.openOrders(makerId, btc.symbol)).map((o) => key(o.side, o.price!));
    const ladderAround = (price: Money) => quoteLadder(btc, price, shape);

    maker.start();
    try {
      const start = reference.price(btc.symbol)!;
      const first = ladderAround(start).map((q) => key(q.side, q.price));
      await eventually(
        async () => ((await resting()).sort().join() === [...first].sort().join() ? true : undefined),
        20_000,
        `the whole ladder around ${start.toFixed()}`,
      );
      let moved = start;
      while (moved.minus(start).abs().lessThanOrEqualTo(start.times(shape.halfSpread))) {
        reference.tick();
        moved = reference.price(btc.symbol)!;
      }
      const next = ladderAround(moved);
      const asResting = (quotes: string[]) =>
        quotes.map((quote, i) => {
          const [side, price] = quote.split(' ');
          return { id: String(i), side: side as 'buy' | 'sell', price: price! };
        });
      // The move put the first ladder out of place...
      expect(ladderChanges(next, asResting(first)).place.length).toBeGreaterThan(0);
      // ...and what rests becomes the new ladder: each level at its price or within its tolerance of it, nothing more.
      const now = await eventually(
        async () => {
          const prices = await resting();
          const { cancel, place } = ladderChanges(next, asResting(prices));
          return cancel.length === 0 && place.length === 0 ? prices : undefined;
        },
        20_000,
        `the ladder around ${moved.toFixed()}`,
      );
      expect(now.sort()).not.toEqual([...first].sort());
    } finally {
      await maker.stop();
    }
    expect(await resting()).toEqual([]);
  });

  it('after a taker took its best levels, lays its ladder again with the last trade at the touch', async () => {
    const { dataSource } = server.exchange.context;
    const { trading } = server.exchange;
    // Not started, so nothing but the trade moves the ladder; moved once from its seed, so the last
    // trade differs from any an earlier run left on the shared database.
    const reference = new ReferencePrices(
      server.exchange.catalog,
      { MARKET_FEED: 'simulated', MARKET_FEED_SEED: Date.now() },
      createLogger('silent'),
    );
    reference.tick();
    const makerId = await ensureSystemTrader(dataSource, { ...MAKER, email: 'touch-maker@exchange.internal' });
    const takerId = await ensureSystemTrader(dataSource, { ...TAKER, email: 'touch-taker@exchange.internal' });
    const maker = new MarketMaker(
      dataSource,
      server.exchange.catalog,
      trading,
      reference,
      { makerId, inventory: MAKER.inventory },
      createLogger('silent'),
      server.exchange.context.outages,
      TIMER_NEVER_FIRES_MS,
    );
    const ladder = quoteLadder(
      btc,
      reference.price(btc.symbol)!,
      ladderShape(ladderDepth(btc, MAKER.inventory, OPENING_BOOK_MARKETS)),
    );
    const [first, second, third] = ladder.filter((q) => q.side === 'sell');
    const touch = async () => {
      const { bids, asks } = await trading.depth(btc.symbol, 1);
      return bids[0] && asks[0] ? { bid: money(bids[0][0]), ask: money(asks[0][0]) } : null;
    };
    maker.start();
    try {
      await eventually(
        async () => ((await touch())?.ask.toFixed() === money(first!.price).toFixed() ? true : undefined),
        20_000,
        'the ladder quoted',
      );
      // The two best asks: the last trade is the second's price, the third level the best ask left.
      await trading.placeOrder(takerId, {
        symbol: btc.symbol,
        side: 'buy',
        type: 'limit',
        price: second!.price,
        amount: money(first!.amount).plus(second!.amount).toFixed(),
        time_in_force: 'IOC',
      });
      const last = money((await trading.lastPrice(btc.symbol))!);
      expect(last.toFixed()).toBe(money(second!.price).toFixed());
      expect((await touch())?.ask.toFixed()).toBe(money(third!.price).toFixed());
      // Laid again around the reference as before, its best ask would be the first level's, below
      // the last trade; it is the last trade's price.
      const after = await eventually(
        async () => {
          const now = await touch();
          return now?.ask.lessThan(third!.price) ? now : undefined;
        },
        20_000,
        'the ladder laid again',
      );
      expect(after.ask.toFixed()).toBe(last.toFixed());
      expect(after.bid.lessThan(last)).toBe(true);
    } finally {
      await maker.stop();
    }
  });
});
