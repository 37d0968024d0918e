import fc from 'fast-check';
import { checkLedger } from '../../../server/ledger/ledger-check';
import { availableBalance } from '../../../server/ledger/ledger';
import { createFreshDatabase, type FreshDatabase } from '../../support/fresh-database';
import { pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { ApiClient, loginAs, registerTrader } from '../../support/http-client';
import { RecordingSocket } from '../../support/market-socket';
import { startTestExchange, type TestExchange, onPostgres as ownDatabase } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';
import { placed, placeOrder } from '../../support/trading-fixtures';

let server: TestExchange;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '11' });
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

/** The price a trade on this side fills at, as the simple screen reads it: the desk's ask for a buy, its bid for a sell. */
async function quote(symbol: string, side: 'buy' | 'sell' = 'buy'): Promise<number> {
  const quotes = await api.get('/market/quotes');
  const found = quotes.body.find((q: { symbol: string }) => q.symbol === symbol);
  return side === 'buy' ? found.ask : found.bid;
}

const balance = async (userId: string, asset: string) =>
  (await availableBalance(server.exchange.context.dataSource.manager, userId, asset)).toNumber();

const trade = (client: ApiClient, symbol: string, type: string, amount: unknown, price: unknown) =>
  client.post(
    `/trade?${new URLSearchParams({ symbol, trade_type: type, amount: String(amount), price: String(price) })}`,
  );

describe('an instant trade', () => {
  it('buys at the quote, then sells back, moving USD and the asset both ways', async () => {
    const trader = await fundedTrader(server, { USD: '10000' });
    const price = await quote('BTCUSDT');
    const bought = await trade(trader.client, 'BTCUSDT', 'buy', '0.01', price);
    expect(bought.status).toBe(200);
    expect(bought.body).toEqual({
      id: expect.any(String),
      symbol: 'BTCUSDT',
      type: 'buy',
      amount: 0.01,
      price: expect.any(Number),
      total: expect.any(Number),
      created_at: expect.any(String),
    });
    expect(Math.abs(bought.body.price - price) / price).toBeLessThan(0.01);
    expect(bought.body.total).toBeCloseTo(bought.body.price * 0.01, 8);
    expect(await balance(trader.user.id, 'BTC')).toBe(0.01);
    expect(await balance(trader.user.id, 'USD')).toBeCloseTo(10000 - bought.body.total, 8);

    const sold = await trade(trader.client, 'BTC/USDT', 'sell', '0.01', await quote('BTCUSDT', 'sell'));
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ symbol: 'BTCUSDT', type: 'sell', amount: 0.01 });
    expect(await balance(trader.user.id, 'BTC')).toBe(0);
    expect(await balance(trader.user.id, 'USD')).toBeCloseTo(10000 - bought.body.total + sold.body.total, 8);
  });

  it('accepts the amount and price as JSON numbers in the body too', async () => {
    const trader = await fundedTrader(server, { USD: '1000' });
    const response = await trader.client.post('/trade', {
      symbol: 'ETHUSDT',
      trade_type: 'buy',
      amount: 0.1,
      price: await quote('ETHUSDT'),
    });
    expect(response.status).toBe(200);
    expect(response.body.amount).toBe(0.1);
  });

  it('is refused when the price seen is more than 1% away from the price it fills at, with a detail asking to retry', async () => {
    const trader = await fundedTrader(server, { USD: '100000', BTC: '1' });
    const [ask, bid] = [await quote('BTCUSDT', 'buy'), await quote('BTCUSDT', 'sell')];
    for (const [type, seen] of [
      ['buy', ask * 1.02],
      ['buy', ask * 0.98],
      ['sell', bid * 1.015],
    ] as const) {
      const response = await trade(trader.client, 'BTCUSDT', type, '0.01', seen.toFixed(2));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: 'Price moved, please retry' });
    }
    const within = await trade(trader.client, 'BTCUSDT', 'buy', '0.01', (ask * 1.004).toFixed(2));
    expect(within.status).toBe(200);
    expect(await balance(trader.user.id, 'BTC')).toBe(1.01);
  });

  it('is refused without the USD to pay, and nothing moves', async () => {
    const trader = await fundedTrader(server, { USD: '50' });
    const response = await trade(trader.client, 'BTCUSDT', 'buy', '0.01', await quote('BTCUSDT'));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Insufficient balance' });
    expect(await balance(trader.user.id, 'USD')).toBe(50);
    expect((await trader.client.get('/trade/history')).body).toEqual([]);
  });

  it('is refused for a sell of an asset not held', async () => {
    const trader = await fundedTrader(server, { USD: '100000', ETH: '0.5' });
    const response = await trade(trader.client, 'ETHUSDT', 'sell', '1', await quote('ETHUSDT', 'sell'));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Insufficient balance' });
    expect(await balance(trader.user.id, 'ETH')).toBe(0.5);
  });

  it('needs approved KYC', async () => {
    const trader = await registerTrader(api);
    const response = await trade(trader.client, 'BTCUSDT', 'buy', '0.01', await quote('BTCUSDT'));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'KYC must be approved to trade' });
  });

  it.each([['0'], ['-1'], ['abc'], [''], ['1e3'], ['NaN'], ['Infinity'], ['0.000001'], ['123456789012345678901234']])(
    'refuses the amount %p with "Please enter a valid amount"',
    async (amount) => {
      const trader = await fundedTrader(server, { USD: '1000' });
      const response = await trade(trader.client, 'BTCUSDT', 'buy', amount, await quote('BTCUSDT'));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: 'Please enter a valid amount' });
    },
  );

  it('refuses a missing amount, an unknown symbol, a bad side and a bad price with 400', async () => {
    const trader = await fundedTrader(server, { USD: '1000' });
    const missing = await trader.client.post('/trade?symbol=BTCUSDT&trade_type=buy&price=1');
    expect(missing.body).toEqual({ detail: 'Please enter a valid amount' });
    expect((await trade(trader.client, 'DOGEUSDT', 'buy', '1', '1')).body).toEqual({ detail: 'Unknown symbol' });
    const side = await trade(trader.client, 'BTCUSDT', 'hold', '1', '1');
    expect(side.status).toBe(400);
    const price = await trade(trader.client, 'BTCUSDT', 'buy', '0.01', '-5');
    expect(price.body).toEqual({ detail: 'Please enter a valid price' });
  });

  it('is for signed-in traders only', async () => {
    expect((await trade(api, 'BTCUSDT', 'buy', '0.01', '1')).status).toBe(401);
    const admin = await api.post('/auth/login', { email: server.admin.email, password: server.admin.password });
    expect((await trade(api.withToken(admin.body.token), 'BTCUSDT', 'buy', '0.01', '1')).status).toBe(403);
  });
});

describe('a market that takes no new orders', () => {
  let admin: ApiClient;
  const setStatus = (status: string) =>
    admin.request('PATCH', '/admin/markets/ETHUSDT', { body: { status } }).then((response) => response.status);
  /** The two sides at the desk's prices and a book order; every one is refused with `detail`, and nothing moves. */
  async function expectRefused(detail: string) {
    const trader = await fundedTrader(server, { USD: '10000', ETH: '1' });
    for (const side of ['buy', 'sell'] as const) {
      const response = await trade(trader.client, 'ETHUSDT', side, '0.1', await quote('ETHUSDT', side));
      expect({ side, status: response.status, body: response.body }).toEqual({ side, status: 409, body: { detail } });
    }
    const order = { symbol: 'ETHUSDT', side: 'buy', type: 'limit', amount: '0.1', price: '1000' };
    expect((await placeOrder(trader.client, order)).body).toEqual({ detail });
    expect([await balance(trader.user.id, 'USD'), await balance(trader.user.id, 'ETH')]).toEqual([10000, 1]);
  }

  beforeAll(async () => {
    admin = await loginAs(api, server.admin.email, server.admin.password);
  });

  it.each([
    ['halted', 'Market is halted'],
    ['cancel_only', 'Market is in cancel-only mode'],
  ])('refuses the desk both ways while %s, in the words the book refuses orders in', async (status, detail) => {
    expect(await setStatus(status)).toBe(200);
    try {
      await expectRefused(detail);
    } finally {
      expect(await setStatus('trading')).toBe(200);
    }
  });

  it("refuses as soon as a halt has committed, before this process's catalog has heard of it", async () => {
    // As a halt by another process whose announcement has not arrived yet: the row changes, this catalog does not.
    const { dataSource } = server.exchange.context;
    const setRow = (status: string) =>
      dataSource.query('UPDATE markets SET status = $1 WHERE symbol = $2', [status, 'ETHUSDT']);
    await setRow('halted');
    try {
      const trader = await fundedTrader(server, { USD: '10000', ETH: '1' });
      for (const side of ['buy', 'sell'] as const) {
        const response = await trade(trader.client, 'ETHUSDT', side, '0.1', await quote('ETHUSDT', side));
        expect(response.body).toEqual({ detail: 'Market is halted' });
      }
    } finally {
      await setRow('trading');
    }
  });
});

(ownDatabase ? describe : describe.skip)('a desk whose bid would round to 0 at the tick', () => {
  let database: FreshDatabase;
  let own: TestExchange;

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'desk_no_bid');
    // With the feed off a market is quoted at its last trade: one at a single tick leaves the desk nothing to bid.
    own = await startTestExchange({ DATABASE_URL: database.url, MARKET_FEED: 'off' });
  });
  afterAll(async () => {
    await own.close();
    await database.drop();
  });

  it('quotes no bid and refuses a sell with a detail, never filling at 0; it still sells at its ask', async () => {
    const seller = await fundedTrader(own, { XRP: '50000' });
    const buyer = await fundedTrader(own, { USD: '100' });
    const order = { symbol: 'XRPUSDT', type: 'limit', amount: '50000', price: '0.0001' };
    await placed(seller.client, { ...order, side: 'sell' });
    expect((await placed(buyer.client, { ...order, side: 'buy' })).status).toBe('filled');

    const ownApi = new ApiClient(own.url);
    const xrp = (await ownApi.get('/market/quotes')).body.find((q: { symbol: string }) => q.symbol === 'XRPUSDT');
    expect(xrp).toMatchObject({ price: 0.0001, bid: null, ask: 0.0002 });
    for (const price of ['0.0001', '0.00000001']) {
      const sold = await trade(buyer.client, 'XRPUSDT', 'sell', '100', price);
      expect({ status: sold.status, body: sold.body }).toEqual({
        status: 409,
        body: { detail: 'The desk is not buying this market now: its bid would round to 0 at the tick' },
      });
    }
    const held = async () =>
      (await availableBalance(own.exchange.context.dataSource.manager, buyer.user.id, 'XRP')).toNumber();
    expect(await held()).toBe(50000);
    expect((await trade(buyer.client, 'XRPUSDT', 'buy', '100', '0.0002')).body).toMatchObject({
      price: 0.0002,
      total: 0.02,
    });
    expect(await held()).toBe(50100);
  });
});

describe('forex on the simple screen', () => {
  it('buys and sells EURUSD at the simulated quote, holding euros', async () => {
    const trader = await fundedTrader(server, { USD: '1000' });
    const bought = await trade(trader.client, 'EURUSD', 'buy', '100', await quote('EURUSD'));
    expect(bought.status).toBe(200);
    expect(bought.body.price).toBeGreaterThan(1.08 * 0.9);
    expect(bought.body.price).toBeLessThan(1.08 * 1.1);
    expect(await balance(trader.user.id, 'EUR')).toBe(100);
    const sold = await trade(trader.client, 'EURUSD', 'sell', '100', await quote('EURUSD', 'sell'));
    expect(sold.status).toBe(200);
    expect(await balance(trader.user.id, 'EUR')).toBe(0);
    expect(await balance(trader.user.id, 'USD')).toBeCloseTo(1000 - bought.body.total + sold.body.total, 8);
  });

  it('trades every pair in lots of 0.01 and refuses finer amounts', async () => {
    // Buying USDJPY buys dollars paying yen.
    const trader = await fundedTrader(server, { USD: '100000', JPY: '1000' });
    for (const symbol of ['EURUSD', 'GBPUSD', 'USDJPY', 'AUDUSD']) {
      expect((await trade(trader.client, symbol, 'buy', '1.25', await quote(symbol))).status).toBe(200);
      expect((await trade(trader.client, symbol, 'buy', '1.255', await quote(symbol))).body).toEqual({
        detail: 'Please enter a valid amount',
      });
    }
  });
});

describe('the trade history', () => {
  it('lists instant trades and order fills, newest first, with type, amount, price and total', async () => {
    const trader = await fundedTrader(server, { USD: '10000' });
    await trade(trader.client, 'SOLUSDT', 'buy', '2', await quote('SOLUSDT'));
    const [bookPrice] = await pricesInsideSpread(server, 'BNBUSDT', 1);
    const price = Number(bookPrice);
    const { taker, maker } = await tradeOnBook(server, {
      symbol: 'BNBUSDT',
      base: 'BNB',
      price: bookPrice!,
      amount: '0.5',
    });
    expect((await trader.client.get('/trade/history')).body).toEqual([
      {
        id: expect.any(String),
        symbol: 'SOLUSDT',
        type: 'buy',
        amount: 2,
        price: expect.any(Number),
        total: expect.any(Number),
        created_at: expect.any(String),
        kind: 'desk',
        order_id: null,
        fee: null,
      },
    ]);
    const takerHistory = await taker.client.get('/trade/history');
    expect(takerHistory.body).toEqual([
      {
        id: expect.any(String),
        symbol: 'BNBUSDT',
        type: 'buy',
        amount: 0.5,
        price,
        total: price * 0.5,
        created_at: expect.any(String),
        kind: 'fill',
        order_id: expect.any(String),
        fee: expect.any(Number),
      },
    ]);
    const makerHistory = await maker.client.get('/trade/history');
    expect(makerHistory.body).toMatchObject([
      { symbol: 'BNBUSDT', type: 'sell', amount: 0.5, price, total: price * 0.5 },
    ]);
    expect(makerHistory.body[0].id).toBe(takerHistory.body[0].id);

    await trade(taker.client, 'BNBUSDT', 'sell', '0.2', await quote('BNBUSDT', 'sell'));
    const both = (await taker.client.get('/trade/history')).body;
    expect(both.map((t: any) => t.type)).toEqual(['sell', 'buy']);
    expect(Date.parse(both[0].created_at)).toBeGreaterThanOrEqual(Date.parse(both[1].created_at));
  });

  it("pushes 'balance' and 'fill' to the trader's room after an instant trade", async () => {
    const trader = await fundedTrader(server, { USD: '1000' });
    const socket = await RecordingSocket.connect(server.url, trader.client.token);
    try {
      const done = await trade(trader.client, 'ADAUSDT', 'buy', '100', await quote('ADAUSDT'));
      expect(await socket.next('fill')).toEqual(done.body);
      expect((await socket.next('balance')).balance).toBeCloseTo(1000 - done.body.total, 8);
    } finally {
      socket.close();
    }
  });
});

describe('money on the simple screen', () => {
  it('never lets simultaneous buys spend more than the balance', async () => {
    const trader = await fundedTrader(server, { USD: '100' });
    const price = await quote('XRPUSDT');
    const amount = (Math.floor(30 / price / 0.1) * 0.1).toFixed(1); // about 30 USD each: three fit
    const results = await Promise.all(
      Array.from({ length: 8 }, () => trade(trader.client, 'XRPUSDT', 'buy', amount, price)),
    );
    const done = results.filter((r) => r.status === 200);
    expect(done.length).toBe(3);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.detail === 'Insufficient balance')).toBe(true);
    expect(await balance(trader.user.id, 'USD')).toBeGreaterThanOrEqual(0);
  });

  it('keeps every account equal to its ledger, whatever sequence of trades is made', async () => {
    const trader = await fundedTrader(server, { USD: '5000', SOL: '5' });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ type: fc.constantFrom('buy', 'sell'), lots: fc.integer({ min: 1, max: 3000 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (steps) => {
          for (const step of steps) {
            const response = await trade(
              trader.client,
              'SOLUSDT',
              step.type,
              (step.lots / 1000).toFixed(3),
              await quote('SOLUSDT', step.type),
            );
            expect([200, 400]).toContain(response.status);
          }
          expect(await balance(trader.user.id, 'SOL')).toBeGreaterThanOrEqual(0);
          expect(await balance(trader.user.id, 'USD')).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 10 },
    );
    const check = await checkLedger(server.exchange.context.dataSource.manager);
    expect(check.mismatches).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
