import { ApiClient } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';
import { balanceOf, emptyBook, placed } from '../../support/trading-fixtures';

/**
 * A trader's own lists through the web API: open orders, order history, fills and the trade history
 * page past 500, filter by pair, side, type or kind and days, count their total in X-Total-Count,
 * name each fill's order; and Cancel all.
 */

let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange();
  for (const symbol of ['XRPUSDT', 'ADAUSDT']) await emptyBook(server, symbol);
});
afterAll(() => server.close());

/** A GET with its status, body and X-Total-Count. */
async function listed(client: ApiClient, path: string) {
  let total: number | null = null;
  const response = await client.request('GET', path, {
    onHeaders: (headers) => {
      total = headers.has('x-total-count') ? Number(headers.get('x-total-count')) : null;
    },
  });
  return { ...response, total };
}

/** Places the orders a batch at a time (a book takes each batch in one round). */
async function placeAll(client: ApiClient, orders: Array<Record<string, unknown>>) {
  const views: any[] = [];
  for (let i = 0; i < orders.length; i += 50)
    views.push(...(await Promise.all(orders.slice(i, i + 50).map((order) => placed(client, order)))));
  return views;
}

const xrpBuys = (count: number) =>
  Array.from({ length: count }, () => ({ symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 10, price: 0.5 }));

const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('open orders and order history', () => {
  let trader: Awaited<ReturnType<typeof fundedTrader>>;
  let xrp: any[];
  let ada: any[];
  let stop: any;

  beforeAll(async () => {
    trader = await fundedTrader(server, { USD: '10000', ADA: '100' }, 'Many Orders');
    xrp = await placeAll(trader.client, xrpBuys(510));
    ada = [
      await placed(trader.client, { symbol: 'ADA/USDT', side: 'sell', type: 'limit', amount: 10, price: 50 }),
      await placed(trader.client, { symbol: 'ADA/USDT', side: 'sell', type: 'limit', amount: 10, price: 60 }),
    ];
    // A stop far above any price waits for it.
    stop = await placed(trader.client, {
      symbol: 'ADAUSDT',
      side: 'buy',
      type: 'stop_limit',
      amount: 10,
      stop_price: 90,
      price: 91,
    });
  });

  it('answers every open order a page at a time past 500, newest first, the total in X-Total-Count', async () => {
    const first = await listed(trader.client, '/trading/orders/open');
    expect(first.status).toBe(200);
    expect(first.total).toBe(513);
    expect(first.body).toHaveLength(500);
    expect(first.body[0].id).toBe(stop.id);
    const rest = await listed(trader.client, '/trading/orders/open?limit=500&offset=500');
    expect(rest.total).toBe(513);
    expect(rest.body).toHaveLength(13);
    const ids = new Set([...first.body, ...rest.body].map((order: any) => order.id));
    expect(ids).toEqual(new Set([...xrp, ...ada, stop].map((order) => order.id)));
    // Asked for more than 500, a page still holds 500.
    expect((await listed(trader.client, '/trading/orders/open?limit=5000')).body).toHaveLength(500);
  });

  it('filters by pair, side, type and days, each with its own total', async () => {
    const byPair = await listed(trader.client, '/trading/orders/open?symbol=ADA/USDT');
    expect(byPair.total).toBe(3);
    expect(byPair.body.map((order: any) => order.id)).toEqual([stop.id, ada[1].id, ada[0].id]);
    expect((await listed(trader.client, '/trading/orders/open?symbol=ADAUSDT&side=sell')).total).toBe(2);
    const sells = await listed(trader.client, '/trading/orders/open?side=sell&limit=1');
    expect(sells.total).toBe(2);
    expect(sells.body).toHaveLength(1);
    const stops = await listed(trader.client, '/trading/orders/open?type=stop_limit');
    expect(stops.total).toBe(1);
    expect(stops.body).toEqual([expect.objectContaining({ id: stop.id, status: 'waiting', stop_price: 90 })]);
    expect((await listed(trader.client, `/trading/orders/open?from=${today()}&to=${today()}`)).total).toBe(513);
    const before = await listed(trader.client, `/trading/orders/open?to=${yesterday()}`);
    expect(before.total).toBe(0);
    expect(before.body).toEqual([]);
  });

  it('Cancel all of one pair cancels that pair only and answers what it cancelled', async () => {
    const canceled = await trader.client.delete('/trading/orders', { symbol: 'ADA/USDT' });
    expect(canceled.status).toBe(200);
    expect(canceled.body.canceled).toBe(3);
    expect(new Set(canceled.body.orders.map((order: any) => order.id))).toEqual(
      new Set([...ada, stop].map((order) => order.id)),
    );
    for (const order of canceled.body.orders) expect(order).toMatchObject({ symbol: 'ADA/USDT', status: 'canceled' });
    expect((await listed(trader.client, '/trading/orders/open')).total).toBe(510);
    expect(await balanceOf(server, trader.user.id, 'ADA')).toEqual({ available: '100', locked: '0' });
  });

  it('Cancel all cancels every pair, and the history pages past 500 with its filters', async () => {
    const canceled = await trader.client.delete('/trading/orders');
    expect(canceled.status).toBe(200);
    expect(canceled.body.canceled).toBe(510);
    expect((await listed(trader.client, '/trading/orders/open')).body).toEqual([]);
    expect(await balanceOf(server, trader.user.id, 'USD')).toEqual({ available: '10000', locked: '0' });

    const history = await listed(trader.client, '/trading/orders/history');
    expect(history.total).toBe(513);
    expect(history.body).toHaveLength(50);
    const last = await listed(trader.client, '/trading/orders/history?limit=500&offset=500');
    expect(last.body).toHaveLength(13);
    expect((await listed(trader.client, '/trading/orders/history?symbol=XRP/USDT&side=buy&type=limit')).total).toBe(
      510,
    );
    const stops = await listed(trader.client, '/trading/orders/history?type=stop_limit');
    expect(stops.body).toEqual([expect.objectContaining({ id: stop.id, status: 'canceled' })]);
    // Nothing open is left to cancel.
    expect((await trader.client.delete('/trading/orders')).body).toEqual({ canceled: 0, orders: [] });
  });
});

describe('Cancel all', () => {
  it("cancels the caller's orders only, and an order list with its orders", async () => {
    const mine = await fundedTrader(server, { USD: '1000', ADA: '1000' }, 'Cancels All');
    const other = await fundedTrader(server, { USD: '1000' }, 'Keeps Orders');
    const own = await placed(mine.client, { symbol: 'ADAUSDT', side: 'buy', type: 'limit', amount: 20, price: 0.3 });
    const list = await mine.client.post('/trading/order-list', {
      symbol: 'ADAUSDT',
      kind: 'oco',
      orders: [
        { side: 'sell', type: 'stop_limit', amount: 600, stop_price: 0.01, price: 0.01 },
        { side: 'sell', type: 'limit', amount: 600, price: 70, post_only: true },
      ],
    });
    expect(list.status).toBe(200);
    const theirs = await placed(other.client, {
      symbol: 'ADAUSDT',
      side: 'buy',
      type: 'limit',
      amount: 20,
      price: 0.3,
    });

    const canceled = await mine.client.delete('/trading/orders');
    expect(canceled.status).toBe(200);
    expect(canceled.body.canceled).toBe(3);
    expect(new Set(canceled.body.orders.map((order: any) => order.id))).toEqual(
      new Set([own.id, ...list.body.orders.map((order: any) => order.id)]),
    );
    expect((await mine.client.get('/trading/order-lists/open')).body).toEqual([]);
    expect(await balanceOf(server, mine.user.id, 'ADA')).toEqual({ available: '1000', locked: '0' });
    expect((await other.client.get('/trading/orders/open')).body).toEqual([
      expect.objectContaining({ id: theirs.id, status: 'new' }),
    ]);
    await other.client.delete('/trading/orders');
  });

  it.each([
    ['an unknown symbol', { symbol: 'NOPEUSDT' }, 'Unknown symbol'],
    ['a symbol too long', { symbol: 'X'.repeat(40) }, expect.stringContaining('symbol')],
  ])('refuses %s with 400 and a detail', async (_what, body, detail) => {
    const trader = await fundedTrader(server, { USD: '10' });
    const answer = await trader.client.delete('/trading/orders', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail });
  });
});

describe('fills and the trade history', () => {
  let maker: Awaited<ReturnType<typeof fundedTrader>>;
  let taker: Awaited<ReturnType<typeof fundedTrader>>;
  let makerOrders: any[];
  let take: any;

  beforeAll(async () => {
    maker = await fundedTrader(server, { XRP: '1100' }, 'Fill Maker');
    taker = await fundedTrader(server, { USD: '5000' }, 'Fill Taker');
    makerOrders = await placeAll(
      maker.client,
      Array.from({ length: 510 }, () => ({ symbol: 'XRPUSDT', side: 'sell', type: 'limit', amount: 2, price: 2.5 })),
    );
    take = await placed(taker.client, { symbol: 'XRPUSDT', side: 'buy', type: 'market', amount: 1020 });
    expect(take.fills).toHaveLength(510);
    const quotes = (await new ApiClient(server.url).get('/market/quotes')).body;
    const ask = quotes.find((quote: { symbol: string }) => quote.symbol === 'SOLUSDT').ask;
    const desk = await taker.client.post(`/trade?symbol=SOLUSDT&trade_type=buy&amount=0.1&price=${ask}`);
    expect(desk.status).toBe(200);
  });

  it('pages fills past 500, each naming the order of its user', async () => {
    const first = await listed(taker.client, '/trading/trades');
    expect(first.total).toBe(510);
    expect(first.body).toHaveLength(50);
    const all = [
      ...(await listed(taker.client, '/trading/trades?limit=500')).body,
      ...(await listed(taker.client, '/trading/trades?limit=500&offset=500')).body,
    ];
    expect(new Set(all.map((fill: any) => fill.id)).size).toBe(510);
    for (const fill of all) expect(fill).toMatchObject({ side: 'buy', order_id: take.id, symbol: 'XRP/USDT' });
    expect(take.fills[0].order_id).toBe(take.id);

    const makerFills = await listed(maker.client, '/trading/trades?symbol=XRPUSDT&side=sell&limit=500&offset=10');
    expect(makerFills.total).toBe(510);
    expect(makerFills.body).toHaveLength(500);
    const makerIds = new Set(makerOrders.map((order) => order.id));
    for (const fill of makerFills.body) expect(makerIds.has(fill.order_id)).toBe(true);
    expect((await listed(maker.client, '/trading/trades?side=buy')).total).toBe(0);
    expect((await listed(maker.client, `/trading/trades?to=${yesterday()}`)).total).toBe(0);
  });

  it('mixes desk trades and fills, 100 a page unless asked, filtered by kind, pair, side and days', async () => {
    const first = await listed(taker.client, '/trade/history');
    expect(first.total).toBe(511);
    expect(first.body).toHaveLength(100);
    expect(first.body[0]).toMatchObject({ kind: 'desk', symbol: 'SOLUSDT', type: 'buy', order_id: null, fee: null });
    expect(first.body[1]).toMatchObject({ kind: 'fill', symbol: 'XRPUSDT', type: 'buy', order_id: take.id });
    expect(first.body[1].fee).toBeGreaterThan(0);
    expect((await listed(taker.client, '/trade/history?offset=500')).body).toHaveLength(11);

    const fills = await listed(taker.client, '/trade/history?kind=fill&limit=1');
    expect(fills.total).toBe(510);
    const desk = await listed(taker.client, '/trade/history?kind=desk');
    expect(desk.total).toBe(1);
    expect(desk.body).toEqual([expect.objectContaining({ kind: 'desk', symbol: 'SOLUSDT' })]);
    expect((await listed(taker.client, '/trade/history?symbol=SOL/USDT')).total).toBe(1);
    expect((await listed(taker.client, '/trade/history?side=sell')).total).toBe(0);
    expect((await listed(taker.client, `/trade/history?from=${today()}`)).total).toBe(511);
    expect((await listed(maker.client, '/trade/history?kind=fill&side=sell')).total).toBe(510);
  });
});

describe('CSV exports', () => {
  it('exports the filtered orders and trades, oldest first', async () => {
    const trader = await fundedTrader(server, { USD: '1000', ADA: '100' }, 'Exports');
    const buy = await placed(trader.client, { symbol: 'ADAUSDT', side: 'buy', type: 'limit', amount: 20, price: 0.25 });
    await placed(trader.client, { symbol: 'ADAUSDT', side: 'sell', type: 'limit', amount: 10, price: 80 });
    const response = await fetch(`${server.url}/api/trading/orders/open/export?side=buy`, {
      headers: { authorization: `Bearer ${trader.client.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="open-orders.csv"');
    expect((await response.text()).split('\r\n')).toEqual([
      'created_at,order_id,symbol,type,side,price,stop_price,amount,filled,average_price,status',
      `${buy.created_at},${buy.id},ADA/USDT,limit,buy,0.25,,20,0,,new`,
      '',
    ]);

    await trader.client.delete('/trading/orders');
    const history = await fetch(`${server.url}/api/trading/orders/history/export`, {
      headers: { authorization: `Bearer ${trader.client.token}` },
    });
    expect((await history.text()).trim().split('\r\n')).toHaveLength(3);
    const trades = await fetch(`${server.url}/api/trade/history/export?kind=fill`, {
      headers: { authorization: `Bearer ${trader.client.token}` },
    });
    expect(trades.headers.get('content-disposition')).toBe('attachment; filename="trade-history.csv"');
    expect(await trades.text()).toBe('created_at,trade_id,kind,order_id,symbol,side,price,amount,fee,total\r\n');
  });
});

describe('the lists refuse what they cannot read', () => {
  it.each([
    ['/trading/orders/open?side=up', 'side must be buy or sell'],
    ['/trading/orders/history?type=iceberg', expect.stringContaining('type must be one of limit, market')],
    ['/trading/orders/open?symbol=NOPE', 'Unknown symbol'],
    ['/trading/trades?from=2024-02-30', 'Dates are written YYYY-MM-DD'],
    ['/trading/trades?from=2024-03-02&to=2024-03-01', 'The start date must not be after the end date'],
    ['/trading/orders/history?offset=-1', expect.stringContaining('offset')],
    ['/trading/orders/open?limit=0', expect.stringContaining('limit')],
    ['/trade/history?kind=book', 'kind must be fill or desk'],
    ['/trade/history?symbol=NOPE', 'Unknown symbol'],
    ['/trading/orders/open/export?side=up', 'side must be buy or sell'],
  ])('GET %s answers 400 with a detail', async (path, detail) => {
    const trader = await fundedTrader(server, {});
    const answer = await trader.client.get(path);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail });
  });
});
