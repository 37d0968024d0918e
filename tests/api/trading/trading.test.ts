import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import { resolveJwtSecret } from '../../../server/identity/auth/jwt-secret';
import { TokenService } from '../../../server/identity/auth/tokens';
import { User } from '../../../server/identity/auth/user.entity';
import { money } from '../../../server/kernel/money';
import { orderViewSchema, userTradeViewSchema } from '../../../server/trading/orders/order-schemas';
import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange, onPostgres as connections } from '../../support/test-exchange';
import { approveKyc, credit, debit, fundedTrader } from '../../support/trader-fixtures';
import { balanceOf, emptyBook, ledgerReport, placed, placeOrder } from '../../support/trading-fixtures';

let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange();
});
afterAll(() => server.close());

const feesCollected = async () => {
  const rows: Array<{ available: string }> = await server.exchange.context.dataSource.query(
    "SELECT available FROM accounts WHERE system = 'fees' AND asset = 'USD'",
  );
  return money(rows[0]?.available ?? 0);
};

describe('a limit order against a limit order', () => {
  it('trades at the resting price and settles both sides with 0.1% fees, exact to the unit', async () => {
    const seller = await fundedTrader(server, { BTC: '1' }, 'Seller');
    const buyer = await fundedTrader(server, { USD: '2000' }, 'Buyer');
    const feesBefore = await feesCollected();

    const ask = await placed(seller.client, {
      symbol: 'BTC/USDT',
      side: 'sell',
      type: 'limit',
      amount: 0.01,
      price: 100000,
    });
    expect(ask).toMatchObject({
      symbol: 'BTC/USDT',
      side: 'sell',
      type: 'limit',
      status: 'new',
      amount: 0.01,
      filled: 0,
      price: 100000,
      fills: [],
    });
    expect(await balanceOf(server, seller.user.id, 'BTC')).toEqual({ available: '0.99', locked: '0.01' });

    const bid = await placed(buyer.client, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '100000',
    });
    expect(bid).toMatchObject({ status: 'filled', filled: 0.01, average_price: 100000, time_in_force: 'GTC' });
    expect(bid.fills).toEqual([
      expect.objectContaining({
        symbol: 'BTC/USDT',
        side: 'buy',
        price: 100000,
        amount: 0.01,
        fee: 1,
        fee_asset: 'USD',
        total: 1000,
      }),
    ]);

    expect(await balanceOf(server, buyer.user.id, 'USD')).toEqual({ available: '999', locked: '0' });
    expect(await balanceOf(server, buyer.user.id, 'BTC')).toEqual({ available: '0.01', locked: '0' });
    expect(await balanceOf(server, seller.user.id, 'USD')).toEqual({ available: '999', locked: '0' });
    expect(await balanceOf(server, seller.user.id, 'BTC')).toEqual({ available: '0.99', locked: '0' });
    expect((await feesCollected()).minus(feesBefore).toFixed()).toBe('2');

    const sellerTrades = await seller.client.get('/trading/trades?symbol=BTC/USDT&limit=50');
    expect(sellerTrades.body).toEqual([
      {
        id: bid.fills[0].id,
        symbol: 'BTC/USDT',
        side: 'sell',
        price: 100000,
        amount: 0.01,
        fee: 1,
        fee_asset: 'USD',
        total: 1000,
        created_at: expect.any(String),
        order_id: ask.id,
      },
    ]);
    const history = await seller.client.get('/trading/orders/history?symbol=BTC/USDT&limit=50');
    expect(history.body).toEqual([
      expect.objectContaining({ id: ask.id, status: 'filled', filled: 0.01, average_price: 100000 }),
    ]);
    expect((await seller.client.get('/trading/orders/open?symbol=BTC/USDT')).body).toEqual([]);
  });

  it('a buy that crosses at a better price pays the better price and gets the excess hold back', async () => {
    const seller = await fundedTrader(server, { BTC: '1' });
    const buyer = await fundedTrader(server, { USD: '2000' });
    await placed(seller.client, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', amount: 0.01, price: 99000 });
    const bid = await placed(buyer.client, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: 0.01,
      price: 100000,
    });
    expect(bid).toMatchObject({ status: 'filled', average_price: 99000 });
    expect(await balanceOf(server, buyer.user.id, 'USD')).toEqual({ available: '1009.01', locked: '0' });
  });
});

describe('a market order', () => {
  // Their expectations are the exact levels these tests place (the second takes what the first left).
  beforeAll(() => emptyBook(server, 'ETHUSDT'));

  it('sweeps the book level by level, pays each fee rounded up, and releases the unused estimate', async () => {
    const maker = await fundedTrader(server, { ETH: '1.2' });
    const taker = await fundedTrader(server, { USD: '10000' });
    await placed(maker.client, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', amount: 0.5, price: 4000 });
    await placed(maker.client, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', amount: 0.5, price: 4010 });

    const order = await placed(taker.client, {
      symbol: 'ETH/USDT',
      side: 'buy',
      type: 'market',
      amount: 0.8,
      price: null,
    });
    expect(order).toMatchObject({ type: 'market', status: 'filled', filled: 0.8, average_price: 4003.75, price: null });
    expect(order.fills.map((f: { price: number; amount: number; fee: number }) => [f.price, f.amount, f.fee])).toEqual([
      [4000, 0.5, 2],
      [4010, 0.3, 1.203],
    ]);
    expect(await balanceOf(server, taker.user.id, 'USD')).toEqual({ available: '6793.797', locked: '0' });
    expect(await balanceOf(server, taker.user.id, 'ETH')).toEqual({ available: '0.8', locked: '0' });
    expect(await balanceOf(server, maker.user.id, 'USD')).toEqual({ available: '3199.797', locked: '0' });
    expect(await balanceOf(server, maker.user.id, 'ETH')).toEqual({ available: '0.2', locked: '0.2' });
  });

  it('takes what the book has and expires the rest; an empty book refuses it', async () => {
    const taker = await fundedTrader(server, { USD: '10000' });
    const order = await placed(taker.client, { symbol: 'ETHUSDT', side: 'buy', type: 'market', amount: 1 });
    expect(order).toMatchObject({ status: 'expired', filled: 0.2, average_price: 4010 });
    expect((await balanceOf(server, taker.user.id, 'USD')).locked).toBe('0');

    const refused = await placeOrder(taker.client, { symbol: 'ETHUSDT', side: 'buy', type: 'market', amount: 1 });
    expect(refused).toEqual({ status: 400, body: { detail: 'Insufficient liquidity' } });
  });
});

describe('a stop-limit order', () => {
  it('waits with its funds held, then a later trade at its stop price turns it into a limit order that trades', async () => {
    const alice = await fundedTrader(server, { USD: '1000' });
    const bob = await fundedTrader(server, { SOL: '5' });
    const carol = await fundedTrader(server, { USD: '1000' });
    // The book's last price below the stop, whatever other test files traded on it (they share the
    // database, so its books): an empty book, then a trade at 200.
    await emptyBook(server, 'SOLUSDT');
    const [erin, frank] = [await fundedTrader(server, { SOL: '1' }), await fundedTrader(server, { USD: '100' })];
    await placed(erin.client, { symbol: 'SOLUSDT', side: 'sell', type: 'limit', amount: 0.1, price: 200 });
    await placed(frank.client, { symbol: 'SOLUSDT', side: 'buy', type: 'limit', amount: 0.1, price: 200 });
    const stop = await placed(alice.client, {
      symbol: 'SOL/USDT',
      side: 'buy',
      type: 'stop_limit',
      amount: 1,
      price: 206,
      stop_price: 205,
    });
    expect(stop).toMatchObject({ status: 'waiting', stop_price: 205, price: 206, filled: 0 });
    // 206 + 0.1% fee + one notional unit (0.00001) per lot (1000 lots) for the per-fill fee rounding.
    expect(await balanceOf(server, alice.user.id, 'USD')).toEqual({ available: '793.784', locked: '206.216' });

    await placed(bob.client, { symbol: 'SOLUSDT', side: 'sell', type: 'limit', amount: 1, price: 206 });
    await placed(carol.client, { symbol: 'SOLUSDT', side: 'buy', type: 'limit', amount: 0.1, price: 206 });

    const [open] = (await alice.client.get('/trading/orders/open?symbol=SOL/USDT')).body;
    expect(open).toMatchObject({
      id: stop.id,
      type: 'stop_limit',
      status: 'partially_filled',
      filled: 0.9,
      average_price: 206,
    });
    const trades = (await alice.client.get('/trading/trades?symbol=SOLUSDT')).body;
    expect(trades).toEqual([
      expect.objectContaining({ side: 'buy', price: 206, amount: 0.9, fee: 0.1854, total: 185.4 }),
    ]);
    // The resting 0.1 keeps exactly what it needs (20.6 + 0.0206 fee + 0.001 allowance); 0.009 came back.
    expect(await balanceOf(server, alice.user.id, 'USD')).toEqual({ available: '793.793', locked: '20.6216' });
  });

  it('is refused when the last price already reaches its stop: it would trigger the moment it is placed', async () => {
    await emptyBook(server, 'BNBUSDT');
    const seller = await fundedTrader(server, { BNB: '1' });
    const buyer = await fundedTrader(server, { USD: '1000' });
    await placed(seller.client, { symbol: 'BNBUSDT', side: 'sell', type: 'limit', amount: 0.5, price: 650 });
    await placed(buyer.client, { symbol: 'BNBUSDT', side: 'buy', type: 'limit', amount: 0.5, price: 650 });
    const stop = (side: 'buy' | 'sell', price: number) =>
      placeOrder((side === 'buy' ? buyer : seller).client, {
        symbol: 'BNBUSDT',
        side,
        type: 'stop_limit',
        amount: 0.1,
        price,
        stop_price: price,
      });
    const due = { status: 400, body: { detail: 'Stop price would trigger immediately' } };
    // The last price is 650: a sell stop triggers once the price falls to it, a buy stop once it rises to it.
    expect(await stop('sell', 651)).toEqual(due);
    expect(await stop('sell', 650)).toEqual(due);
    expect(await stop('buy', 649)).toEqual(due);
    expect(await stop('buy', 650)).toEqual(due);
    expect(await balanceOf(server, seller.user.id, 'BNB')).toEqual({ available: '0.5', locked: '0' });
    expect(await balanceOf(server, buyer.user.id, 'USD')).toEqual({ available: '674.675', locked: '0' });

    const [sell, buy] = [await stop('sell', 649), await stop('buy', 651)];
    expect([sell.body.status, buy.body.status]).toEqual(['waiting', 'waiting']);
    // Cancelled, so that later trades on the book meet neither.
    expect((await seller.client.delete('/trading/order', { order_id: sell.body.id })).status).toBe(200);
    expect((await buyer.client.delete('/trading/order', { order_id: buy.body.id })).status).toBe(200);
  });
});

describe('partial fills and cancel', () => {
  it('a partly filled order shows its executed part; cancel releases the rest, once, and only for its owner', async () => {
    const seller = await fundedTrader(server, { BNB: '1' });
    const buyer = await fundedTrader(server, { USD: '1000' });
    const ask = await placed(seller.client, { symbol: 'BNBUSDT', side: 'sell', type: 'limit', amount: 1, price: 700 });
    const bid = await placed(buyer.client, { symbol: 'BNBUSDT', side: 'buy', type: 'limit', amount: 0.4, price: 700 });
    expect(bid).toMatchObject({ status: 'filled', filled: 0.4 });
    const open = (await seller.client.get('/trading/orders/open')).body;
    expect(open).toEqual([
      expect.objectContaining({ id: ask.id, status: 'partially_filled', amount: 1, filled: 0.4, symbol: 'BNB/USDT' }),
    ]);

    expect(await buyer.client.delete('/trading/order', { order_id: ask.id })).toEqual({
      status: 404,
      body: { detail: 'Order not found' },
    });
    const canceled = await seller.client.delete('/trading/order', { order_id: ask.id });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ id: ask.id, status: 'canceled', filled: 0.4, average_price: 700 });
    expect(await balanceOf(server, seller.user.id, 'BNB')).toEqual({ available: '0.6', locked: '0' });
    expect(await seller.client.request('DELETE', `/trading/order?order_id=${ask.id}`)).toEqual({
      status: 409,
      body: { detail: 'Order is not open' },
    });
    expect(
      (await seller.client.delete('/trading/order', { order_id: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(404);
    expect((await seller.client.delete('/trading/order', { order_id: 'not-an-id' })).status).toBe(404);
    expect((await seller.client.get('/trading/orders/history?symbol=BNB/USDT')).body).toEqual([
      expect.objectContaining({ id: ask.id, status: 'canceled', filled: 0.4 }),
    ]);
  });

  it('cancel by query parameter releases a buy hold in full', async () => {
    const buyer = await fundedTrader(server, { USD: '500' });
    const bid = await placed(buyer.client, { symbol: 'BNBUSDT', side: 'buy', type: 'limit', amount: 0.5, price: 600 });
    // 300 + 0.3 fee + 0.005 allowance (one notional unit of 0.00001 per lot of 0.001) are held.
    expect((await balanceOf(server, buyer.user.id, 'USD')).available).toBe('199.695');
    const canceled = await buyer.client.request('DELETE', `/trading/order?order_id=${bid.id}`);
    expect(canceled.body).toMatchObject({ status: 'canceled', filled: 0 });
    expect(await balanceOf(server, buyer.user.id, 'USD')).toEqual({ available: '500', locked: '0' });
  });
});

describe('what the trading routes answer', () => {
  // Exactly the declared fields: an answer with more, fewer or other-typed fields fails here.
  const fill = userTradeViewSchema.strict();
  const order = orderViewSchema.strict().extend({ fills: z.array(fill).optional() });

  it('is what their response schemas in /api/openapi.json describe', async () => {
    const seller = await fundedTrader(server, { SOL: '1' });
    const buyer = await fundedTrader(server, { USD: '1000' });
    const ask = await seller.client.post('/trading/order', {
      symbol: 'SOLUSDT',
      side: 'sell',
      type: 'limit',
      amount: 1,
      price: 200,
    });
    const bid = await buyer.client.post('/trading/order', {
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      amount: 0.4,
      price: 200,
    });
    order.parse(ask.body);
    expect(order.parse(bid.body).fills).toHaveLength(1);
    z.array(order)
      .nonempty()
      .parse((await seller.client.get('/trading/orders/open')).body);
    order.parse((await seller.client.delete('/trading/order', { order_id: ask.body.id })).body);
    z.array(order)
      .nonempty()
      .parse((await seller.client.get('/trading/orders/history')).body);
    z.array(fill)
      .nonempty()
      .parse((await buyer.client.get('/trading/trades')).body);

    const { paths } = (await new ApiClient(server.url).get('/openapi.json')).body;
    const fields = (path: string, method: string) => {
      const schema = paths[`/api${path}`][method].responses['200'].content['application/json'].schema;
      return Object.keys((schema.items ?? schema).properties);
    };
    const orderFields = Object.keys(orderViewSchema.shape);
    expect(fields('/trading/order', 'post')).toEqual(orderFields);
    expect(fields('/trading/order', 'delete')).toEqual(orderFields);
    expect(fields('/trading/orders/open', 'get')).toEqual(orderFields);
    expect(fields('/trading/orders/history', 'get')).toEqual(orderFields);
    expect(fields('/trading/trades', 'get')).toEqual(Object.keys(userTradeViewSchema.shape));
  });
});

describe('orders that break a rule are refused with a clear reason', () => {
  let trader: Awaited<ReturnType<typeof fundedTrader>>;
  beforeAll(async () => {
    trader = await fundedTrader(server, { USD: '100', XRP: '10' });
  });

  it.each([
    [
      { symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 10, price: 2.50005 },
      'Price must be a multiple of the tick size 0.0001',
    ],
    [
      { symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 10.05, price: 2.5 },
      'Amount must be a multiple of the lot size 0.1',
    ],
    [{ symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 1, price: 2.5 }, 'Order value must be at least 5 USDT'],
    [{ symbol: 'DOGE/USDT', side: 'buy', type: 'limit', amount: 1, price: 2.5 }, 'Unknown symbol'],
    [{ symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 100, price: 2.5 }, 'Insufficient balance'],
    [{ symbol: 'XRPUSDT', side: 'sell', type: 'limit', amount: 20, price: 2.5 }, 'Insufficient balance'],
    [{ symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 10 }, 'Price is required for a limit order'],
    [
      { symbol: 'XRPUSDT', side: 'buy', type: 'stop_limit', amount: 10, price: 2.5 },
      'Stop price is required for a stop-limit order',
    ],
    [{ symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: -1, price: 2.5 }, 'Amount must be a positive number'],
    [{ symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 'abc', price: 2.5 }, 'Amount must be a positive number'],
  ])('%j -> %s', async (body, detail) => {
    expect(await placeOrder(trader.client, body)).toEqual({ status: 400, body: { detail } });
  });

  it('nothing was held by the refused orders', async () => {
    expect(await balanceOf(server, trader.user.id, 'USD')).toEqual({ available: '100', locked: '0' });
  });

  it('KYC must be approved, the account active, and administrators cannot trade', async () => {
    const fresh = await registerTrader(new ApiClient(server.url));
    const order = { symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 10, price: 2.5 };
    expect(await placeOrder(fresh.client, order)).toEqual({
      status: 400,
      body: { detail: 'KYC must be approved to trade' },
    });
    await approveKyc(server.exchange.context.dataSource, fresh.user.id);
    await server.exchange.context.dataSource.getRepository(User).update(fresh.user.id, { is_active: false });
    expect(await placeOrder(fresh.client, order)).toEqual({ status: 403, body: { detail: 'Account suspended' } });
    const admin = await new ApiClient(server.url).post('/auth/login', server.admin);
    expect(await placeOrder(new ApiClient(server.url, admin.body.token), order)).toEqual({
      status: 403,
      body: { detail: 'Administrators cannot use trader functions' },
    });
    expect((await placeOrder(new ApiClient(server.url), order)).status).toBe(401);
  });

  it('a validly signed token of a user who is not there places nothing', async () => {
    // The order route reads no user: the order's round finds none and refuses as the other routes do.
    const { config } = server.exchange.context;
    const tokens = new TokenService(resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR), config.JWT_TTL);
    const stranger = new ApiClient(server.url, await tokens.issue({ userId: randomUUID(), sessionId: randomUUID() }));
    const order = { symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 10, price: 2.5 };
    expect(await placeOrder(stranger, order)).toEqual({ status: 401, body: { detail: 'Invalid or expired token' } });
  });
});

describe('a commit that fails', () => {
  it('leaves no trace in the book: its commands are retried one by one and only the failing one is refused', async () => {
    const { dataSource } = server.exchange.context;
    const seller = await fundedTrader(server, { BNB: '2' });
    const bystanders = await Promise.all(Array.from({ length: 5 }, () => fundedTrader(server, { USD: '1000' })));
    const buyer = await fundedTrader(server, { USD: '1000' });
    const ask = await placed(seller.client, { symbol: 'BNBUSDT', side: 'sell', type: 'limit', amount: 1, price: 700 });
    // The database refuses any fill above 0.5 BNB for the length of this test: the round holding one fails.
    await dataSource.query(
      "ALTER TABLE trades ADD CONSTRAINT trades_test_fault CHECK (symbol <> 'BNBUSDT' OR amount <= 0.5) NOT VALID",
    );
    try {
      const [big, ...small] = await Promise.all([
        placeOrder(buyer.client, { symbol: 'BNBUSDT', side: 'buy', type: 'limit', amount: 0.8, price: 700 }),
        ...bystanders.map((b) =>
          placeOrder(b.client, { symbol: 'BNBUSDT', side: 'buy', type: 'limit', amount: 0.01, price: 600 }),
        ),
      ]);
      expect(big!.status).toBe(500);
      expect(small.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await dataSource.query('ALTER TABLE trades DROP CONSTRAINT trades_test_fault');
    }
    expect(await balanceOf(server, buyer.user.id, 'USD')).toEqual({ available: '1000', locked: '0' });
    const fill = await placed(buyer.client, { symbol: 'BNBUSDT', side: 'buy', type: 'limit', amount: 0.4, price: 700 });
    expect(fill).toMatchObject({ status: 'filled', filled: 0.4 });
    expect((await seller.client.get('/trading/orders/open?symbol=BNBUSDT')).body).toEqual([
      expect.objectContaining({ id: ask.id, filled: 0.4 }),
    ]);
    for (const b of bystanders) {
      const [open] = (await b.client.get('/trading/orders/open')).body;
      expect((await b.client.delete('/trading/order', { order_id: open.id })).status).toBe(200);
    }
    expect((await seller.client.delete('/trading/order', { order_id: ask.id })).status).toBe(200);
    expect((await ledgerReport(server)).ok).toBe(true);
  });
});

describe('what the books show', () => {
  (connections ? it : it.skip)('depth and last price show a round only once it has committed', async () => {
    const { dataSource } = server.exchange.context;
    const api = new ApiClient(server.url);
    const seller = await fundedTrader(server, { XRP: '20' });
    const buyer = await fundedTrader(server, { USD: '1000' });
    // XRPUSDT: no other test in this file leaves an order resting there.
    const market = async () => ({
      depth: (await api.get('/market/depth?symbol=XRPUSDT&limit=100')).body,
      last: (await api.get('/market/ticker?symbol=XRPUSDT')).body.last_price,
    });
    // A first trade: from then on the ticker's last price is our own, not the moving reference quote.
    await placed(seller.client, { symbol: 'XRPUSDT', side: 'sell', type: 'limit', amount: 2, price: 2.7 });
    await placed(buyer.client, { symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 2, price: 2.7 });
    const ask = await placed(seller.client, {
      symbol: 'XRPUSDT',
      side: 'sell',
      type: 'limit',
      amount: 10,
      price: 2.7315,
    });
    const before = await market();
    expect(before.last).toBe(2.7);
    // Another transaction holds the buyer's USD account: the round that fills the ask is applied to the book, then waits to commit.
    const holder = dataSource.createQueryRunner();
    await holder.startTransaction();
    let filling: ReturnType<typeof placeOrder>;
    try {
      await holder.query("SELECT 1 FROM accounts WHERE user_id = $1 AND asset = 'USD' FOR UPDATE", [buyer.user.id]);
      filling = placeOrder(buyer.client, { symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 10, price: 2.7315 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await market()).toEqual(before);
    } finally {
      await holder.commitTransaction();
      await holder.release();
    }
    expect((await filling).body).toMatchObject({ status: 'filled', filled: 10 });
    const after = await market();
    expect(after.last).toBe(2.7315);
    expect(after.depth.asks).not.toContainEqual([2.7315, 10]);
    expect(before.depth.asks).toContainEqual([2.7315, 10]);
    expect((await seller.client.get('/trading/orders/history?symbol=XRPUSDT')).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: ask.id, status: 'filled' })]),
    );
  });
});

describe('money is never overspent and the ledger always balances', () => {
  it('concurrent orders that together exceed the balance: only those that fit are accepted', async () => {
    const trader = await fundedTrader(server, { USD: '1000' });
    // Each holds 100 + 0.1 fee + 0.00001 rounding allowance: nine fit in 1000, the tenth does not.
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        placeOrder(trader.client, {
          symbol: 'BTCUSDT',
          side: 'buy',
          type: 'limit',
          amount: 0.001,
          price: 90000 + 10000,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(9);
    expect(results.filter((r) => r.status === 400).map((r) => r.body)).toEqual([{ detail: 'Insufficient balance' }]);
    const balance = await balanceOf(server, trader.user.id, 'USD');
    expect(money(balance.available).isNegative()).toBe(false);
    expect(money(balance.available).plus(balance.locked).toFixed()).toBe('1000');
    for (const order of (await trader.client.get('/trading/orders/open?symbol=BTC/USDT')).body) {
      expect((await trader.client.delete('/trading/order', { order_id: order.id })).status).toBe(200);
    }
    expect(await balanceOf(server, trader.user.id, 'USD')).toEqual({ available: '1000', locked: '0' });
  });

  it('orders racing withdrawals of the same dollars: together they never spend more than the balance', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const trader = await fundedTrader(server, { USD: '1000' });
      // Orders read balances without a lock: a withdrawal committing in between makes their write fail, and they are retried.
      const results = await Promise.all([
        ...Array.from({ length: 8 }, () =>
          placeOrder(trader.client, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', amount: 0.05, price: 2000 }),
        ),
        ...Array.from({ length: 4 }, () => trader.client.post('/withdraw/request?amount=150')),
      ]);
      const orders = results.slice(0, 8).filter((r) => r.status === 200).length;
      const withdrawals = results.slice(8).filter((r) => r.status === 200).length;
      expect(results.filter((r) => r.status !== 200).map((r) => r.body.detail)).toEqual(
        Array(12 - orders - withdrawals).fill('Insufficient balance'),
      );
      // Each order holds 100 + 0.1 fee + 0.0005 rounding allowance (one unit per lot).
      const spent = money('100.1005')
        .times(orders)
        .plus(150 * withdrawals);
      expect(spent.lte(1000)).toBe(true);
      expect(money(1000).minus(spent).lt('100.1005')).toBe(true);
      const balance = await balanceOf(server, trader.user.id, 'USD');
      expect(balance).toEqual({ available: money(1000).minus(spent).toFixed(), locked: spent.toFixed() });
      for (const order of (await trader.client.get('/trading/orders/open?symbol=ETHUSDT')).body) {
        expect((await trader.client.delete('/trading/order', { order_id: order.id })).status).toBe(200);
      }
    }
    expect((await ledgerReport(server)).ok).toBe(true);
  });

  it('a randomized session of many traders leaves holds equal to open orders, the book equal to the database, and no ledger mismatch', async () => {
    const traders = await Promise.all(
      Array.from({ length: 4 }, (_, i) => fundedTrader(server, { USD: '3000', ADA: '3000' }, `Random ${i}`)),
    );
    const action = fc.record({
      trader: fc.nat({ max: traders.length - 1 }),
      side: fc.constantFrom('buy', 'sell'),
      type: fc.constantFrom('limit', 'limit', 'limit', 'market', 'cancel'),
      priceTicks: fc.integer({ min: 7900, max: 8100 }),
      lots: fc.integer({ min: 70, max: 2000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 25 }), async (actions) => {
        for (const a of actions) {
          const client = traders[a.trader]!.client;
          if (a.type === 'cancel') {
            const [open] = (await client.get('/trading/orders/open?symbol=ADAUSDT')).body;
            if (open) expect((await client.delete('/trading/order', { order_id: open.id })).status).toBe(200);
            continue;
          }
          const body = {
            symbol: 'ADAUSDT',
            side: a.side,
            type: a.type,
            amount: a.lots / 10,
            price: a.type === 'limit' ? a.priceTicks / 10000 : null,
          };
          const response = await placeOrder(client, body);
          expect([200, 400]).toContain(response.status);
          if (response.status === 400)
            expect(['Insufficient balance', 'Insufficient liquidity', 'Order value must be at least 5 USDT']).toContain(
              response.body.detail,
            );
        }
        const report = await ledgerReport(server);
        expect(report.mismatches).toEqual([]);
        expect(report.ok).toBe(true);
        const { dataSource } = server.exchange.context;
        const holds: Array<{ user_id: string; asset: string; locked: string; reserved: string }> =
          await dataSource.query(
            `SELECT a.user_id, a.asset, a.locked, COALESCE(SUM(o.reserved), 0) AS reserved
             FROM accounts a LEFT JOIN orders o ON o.user_id = a.user_id AND o.status IN ('new', 'partially_filled', 'waiting')
                  AND (CASE WHEN o.side = 'buy' THEN 'USD' ELSE split_part(o.symbol, 'USDT', 1) END) = a.asset
            WHERE a.user_id = ANY($1::uuid[]) GROUP BY a.user_id, a.asset, a.locked`,
            [traders.map((t) => t.user.id)],
          );
        for (const hold of holds) expect(money(hold.locked).toFixed()).toBe(money(hold.reserved).toFixed());
        const depth = await server.exchange.context.dataSource.query(
          `SELECT side, price, SUM(amount - filled) AS quantity FROM orders
            WHERE symbol = 'ADAUSDT' AND status IN ('new', 'partially_filled') GROUP BY side, price ORDER BY side, price::numeric`,
        );
        const levels: Array<{ side: string; price: string; quantity: string }> = depth;
        const fromDatabase = levels.map((l) => [l.side, money(l.price).toFixed(), money(l.quantity).toFixed()]);
        const book = await server.exchange.trading.depth('ADAUSDT', 500);
        const fromBook = [
          ...book.asks.map(([price, quantity]) => ['sell', price, quantity]),
          ...book.bids.map(([price, quantity]) => ['buy', price, quantity]),
        ].sort((a, b) => a[0]!.localeCompare(b[0]!) || Number(a[1]) - Number(b[1]));
        expect(fromBook).toEqual(fromDatabase);
      }),
      { numRuns: 6 },
    );
  });
});

describe('what a round knows of its traders between rounds', () => {
  // A round does not read again a trader it read a moment ago (see TraderCache); what changes elsewhere
  // in between still decides. Immediate-or-cancel bids far under the market rest nowhere.
  const bid = (amount: number) => ({
    symbol: 'ADAUSDT',
    side: 'buy',
    type: 'limit',
    amount,
    price: 0.01,
    time_in_force: 'IOC',
  });
  const usd = (trader: { user: { id: string } }) => balanceOf(server, trader.user.id, 'USD');

  it('money credited elsewhere after a refusal is there for the next order', async () => {
    const { dataSource } = server.exchange.context;
    const trader = await fundedTrader(server, { USD: '20' });
    expect((await placeOrder(trader.client, bid(1000))).status).toBe(200);
    expect(await placeOrder(trader.client, bid(3000))).toEqual({
      status: 400,
      body: { detail: 'Insufficient balance' },
    });
    await credit(dataSource, trader.user.id, 'USD', '100');
    expect((await placeOrder(trader.client, bid(3000))).status).toBe(200);
    expect(await usd(trader)).toEqual({ available: '120', locked: '0' });
  });

  it('money taken elsewhere after an order is not spent again: the round fails on the overdraft, and its order is refused alone', async () => {
    const { dataSource } = server.exchange.context;
    const trader = await fundedTrader(server, { USD: '30' });
    const bystander = await fundedTrader(server, { USD: '30' });
    // A resting bid: its hold stays (an unfilled IOC's hold is released in the same round and moves nothing).
    const resting = await placed(trader.client, { ...bid(1000), time_in_force: 'GTC' });
    const held = await usd(trader);
    await debit(dataSource, trader.user.id, 'USD', '15');
    const [refused, placedBeside] = await Promise.all([
      placeOrder(trader.client, { ...bid(1000), time_in_force: 'GTC' }),
      placeOrder(bystander.client, bid(1000)),
    ]);
    expect(refused).toEqual({ status: 400, body: { detail: 'Insufficient balance' } });
    expect(placedBeside.status).toBe(200);
    expect(await usd(trader)).toEqual({ available: money(held.available).minus(15).toFixed(), locked: held.locked });
    expect((await trader.client.delete('/trading/order', { order_id: resting.id })).status).toBe(200);
    expect(await usd(trader)).toEqual({ available: '15', locked: '0' });
    expect((await ledgerReport(server)).mismatches).toEqual([]);
  });

  it('a trader suspended elsewhere after an order is refused at once, and the orders beside theirs are not', async () => {
    const { dataSource } = server.exchange.context;
    const trader = await fundedTrader(server, { USD: '100' });
    const bystander = await fundedTrader(server, { USD: '100' });
    expect((await placeOrder(trader.client, bid(1000))).status).toBe(200);
    await dataSource.getRepository(User).update(trader.user.id, { is_active: false });
    const [refused, placedBeside] = await Promise.all([
      placeOrder(trader.client, bid(1000)),
      placeOrder(bystander.client, bid(1000)),
    ]);
    expect(refused).toEqual({ status: 403, body: { detail: 'Account suspended' } });
    expect(placedBeside.status).toBe(200);
    const [orders] = await dataSource.query('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [
      trader.user.id,
    ]);
    expect(orders.n).toBe(1);
    expect(await usd(trader)).toEqual({ available: '100', locked: '0' });
  });
});

describe('a trailing stop on the web', () => {
  it('is placed without a stop price, waits, and shows its delta in the open orders; its delta is checked', async () => {
    const trader = await fundedTrader(server, { ADA: '20' }, 'Web Trailing Trader');
    const placed = await trader.client.post('/trading/order', {
      symbol: 'ADAUSDT',
      side: 'sell',
      type: 'stop_market',
      amount: 20,
      trailing_delta: 200,
    });
    expect(placed).toMatchObject({
      status: 200,
      body: { type: 'stop_market', status: 'waiting', stop_price: null, trailing_delta: 200, list_id: null },
    });
    const open = (await trader.client.get('/trading/orders/open?symbol=ADAUSDT')).body;
    expect(open).toEqual([expect.objectContaining({ id: placed.body.id, trailing_delta: 200 })]);
    for (const trailing_delta of [0, 1.5, 10_000, 'x'])
      expect(
        await trader.client.post('/trading/order', {
          symbol: 'ADAUSDT',
          side: 'sell',
          type: 'stop_market',
          amount: 20,
          trailing_delta,
        }),
      ).toMatchObject({
        status: 400,
        body: { detail: 'trailing_delta must be a whole number of basis points, 1 to 9999' },
      });
    expect(
      await trader.client.post('/trading/order', {
        symbol: 'ADAUSDT',
        side: 'sell',
        type: 'limit',
        amount: 20,
        price: 5,
        trailing_delta: 100,
      }),
    ).toMatchObject({ status: 400, body: { detail: 'Only a stop-loss or take-profit order can trail' } });
  });
});
