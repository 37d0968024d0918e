import { pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';
import { balanceOf, ledgerReport } from '../../support/trading-fixtures';

/**
 * Order lists on the web (POST and DELETE /trading/order-list, GET /trading/order-lists/open): an
 * OCO and an OTO placed as a person places them, seen with their orders, canceled whole, refused
 * in words; holds released exactly.
 */
let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '64' });
});
afterAll(() => server.close());

const SYMBOL = 'SOLUSDT';

it('an OCO sell placed on the web holds its amount once, shows with its orders among the open lists, and cancels whole', async () => {
  const [p0, p1, p2, p3] = await pricesInsideSpread(server, SYMBOL, 4);
  await tradeOnBook(server, { symbol: SYMBOL, base: 'SOL', price: p2!, amount: '0.1' });
  const trader = await fundedTrader(server, { SOL: '0.1' }, 'Web List Trader');
  const placed = await trader.client.post('/trading/order-list', {
    symbol: 'SOL/USDT',
    kind: 'oco',
    orders: [
      { side: 'sell', type: 'stop_limit', amount: 0.1, stop_price: Number(p1), price: Number(p0) },
      { side: 'sell', type: 'limit', amount: 0.1, price: Number(p3), post_only: true },
    ],
  });
  expect(placed.status).toBe(200);
  expect(placed.body).toMatchObject({ symbol: 'SOL/USDT', kind: 'oco', status: 'executing' });
  expect(placed.body.orders.map((o: any) => [o.type, o.status, o.list_id])).toEqual([
    ['stop_limit', 'waiting', placed.body.id],
    ['limit', 'new', placed.body.id],
  ]);
  expect(await balanceOf(server, trader.user.id, 'SOL')).toEqual({ available: '0', locked: '0.1' });
  expect((await trader.client.get('/trading/order-lists/open')).body).toEqual([placed.body]);

  const canceled = await trader.client.delete(`/trading/order-list?list_id=${placed.body.id}`);
  expect(canceled.status).toBe(200);
  expect(canceled.body).toMatchObject({ id: placed.body.id, status: 'all_done' });
  expect(canceled.body.orders.map((o: any) => o.status)).toEqual(['canceled', 'canceled']);
  expect(await balanceOf(server, trader.user.id, 'SOL')).toEqual({ available: '0.1', locked: '0' });
  expect((await trader.client.get('/trading/order-lists/open')).body).toEqual([]);
  expect(await trader.client.delete(`/trading/order-list?list_id=${placed.body.id}`)).toMatchObject({
    status: 409,
    body: { detail: 'Order list is not open' },
  });
  expect((await ledgerReport(server)).mismatches).toEqual([]);
});

it("an OTO's pending order shows as pending among the open orders, and canceling its working order cancels the list", async () => {
  const [p0, , p2] = await pricesInsideSpread(server, SYMBOL, 3);
  const trader = await fundedTrader(server, { USD: '100' }, 'Web OTO Trader');
  const placed = await trader.client.post('/trading/order-list', {
    symbol: 'SOLUSDT',
    kind: 'oto',
    orders: [
      { side: 'buy', type: 'limit', amount: 0.1, price: Number(p0) },
      { side: 'sell', type: 'limit', amount: 0.1, price: Number(p2) },
    ],
  });
  expect(placed.status).toBe(200);
  const open = (await trader.client.get('/trading/orders/open?symbol=SOLUSDT')).body;
  expect(open.map((o: any) => [o.side, o.status, o.list_id]).sort()).toEqual([
    ['buy', 'new', placed.body.id],
    ['sell', 'pending_new', placed.body.id],
  ]);
  // Canceling one order of a list cancels the list.
  const working = placed.body.orders[0].id;
  expect((await trader.client.delete(`/trading/order?order_id=${working}`)).status).toBe(200);
  expect((await trader.client.get('/trading/order-lists/open')).body).toEqual([]);
  expect(await balanceOf(server, trader.user.id, 'USD')).toEqual({ available: '100', locked: '0' });
});

it.each([
  [{ kind: 'oco', orders: [] }, 400],
  [{ kind: 'ocx', orders: [{ side: 'buy', type: 'limit', amount: 0.1, price: 100 }] }, 400],
])('refuses %j with a detail', async (body, status) => {
  const trader = await fundedTrader(server, { USD: '100' }, 'Web List Refused');
  const answer = await trader.client.post('/trading/order-list', { symbol: 'SOLUSDT', ...body });
  expect(answer.status).toBe(status);
  expect(typeof answer.body.detail).toBe('string');
});

it('refuses a list the engine would not take (two limit orders are no OCO), and an unknown list', async () => {
  const [p0, p1] = await pricesInsideSpread(server, SYMBOL, 2);
  const trader = await fundedTrader(server, { SOL: '0.1' }, 'Web List Refused');
  const pair = await trader.client.post('/trading/order-list', {
    symbol: 'SOLUSDT',
    kind: 'oco',
    orders: [
      { side: 'sell', type: 'limit', amount: 0.1, price: Number(p1) },
      { side: 'sell', type: 'limit', amount: 0.1, price: Number(p0) + 1 },
    ],
  });
  expect(pair).toMatchObject({ status: 400, body: { detail: 'Order rejected (INVALID_LIST)' } });
  expect(await balanceOf(server, trader.user.id, 'SOL')).toEqual({ available: '0.1', locked: '0' });
  expect(await trader.client.delete('/trading/order-list?list_id=999999999')).toMatchObject({
    status: 404,
    body: { detail: 'Order list not found' },
  });
});
