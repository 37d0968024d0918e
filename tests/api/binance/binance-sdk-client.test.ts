import { MainClient, WebsocketAPIClient, WebsocketClient, type WSClientConfigurableOptions } from 'binance';

import { keyedTrader, type KeyedTrader } from '../../support/binance-client';
import { pricesInsideSpread, restOnBook, tradeOnBook } from '../../support/book-trades';
import { eventually } from '../../support/eventually';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/**
 * The `binance` package (`MainClient`, `WebsocketClient`, `WebsocketAPIClient`), unchanged but for
 * its URLs: REST, a market's trade stream, the user data stream by listenKey and over the
 * WebSocket API, and orders through the WebSocket API.
 */
jest.setTimeout(60_000);

const SYMBOL = 'XRPUSDT';
// The clients log each connection, subscription and close.
const logger = { trace: () => undefined, info: () => undefined, error: () => undefined };
let server: TestExchange;
let trader: KeyedTrader;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '91' });
  trader = await keyedTrader(server, { USD: '1000', XRP: '100' }, 'Binance SDK Trader');
});
afterAll(() => server.close());

const credentials = () => ({ api_key: trader.key.api_key, api_secret: trader.key.secret });
const rest = () => new MainClient({ ...credentials(), baseUrl: server.url });
function wsOptions(): WSClientConfigurableOptions {
  return { ...credentials(), wsUrl: server.url.replace(/^http/, 'ws'), restOptions: { baseUrl: server.url } };
}

// A signed WebSocket API request needs its timestamp, which the client adds to none (and its types
// leave out of order.place): spread in, it passes them.
const timestamped = () => ({ timestamp: Date.now() });

/** A limit buy of 10 XRP resting inside the spread, so that nothing else on the book takes it. */
async function restingBuy(client: MainClient) {
  const [price] = await pricesInsideSpread(server, SYMBOL, 1);
  return client.submitNewOrder({
    symbol: SYMBOL,
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: 10,
    price: Number(price),
  });
}

it('REST: reads the market, the balances, and places, reads, lists and cancels orders', async () => {
  const client = rest();
  const info = await client.getExchangeInfo({ symbol: SYMBOL });
  expect(info.symbols[0]).toMatchObject({ symbol: SYMBOL, status: 'TRADING', quoteAsset: 'USDT' });
  const depth = await client.getOrderBook({ symbol: SYMBOL, limit: 5 });
  expect(depth).toMatchObject({ lastUpdateId: expect.any(Number), bids: expect.any(Array), asks: expect.any(Array) });
  expect(Array.isArray(await client.getKlines({ symbol: SYMBOL, interval: '1m', limit: 2 }))).toBe(true);

  const placed = await restingBuy(client);
  expect(placed).toMatchObject({ symbol: SYMBOL, status: 'NEW', side: 'BUY', type: 'LIMIT' });
  const read = await client.getOrder({ symbol: SYMBOL, orderId: placed.orderId });
  expect(read).toMatchObject({ orderId: placed.orderId, status: 'NEW', origQty: '10.00000000' });
  const open = await client.getOpenOrders({ symbol: SYMBOL });
  expect(open.map((o) => o.orderId)).toContain(placed.orderId);
  const account = await client.getAccountInformation();
  const usdt = account.balances.find((balance) => balance.asset === 'USDT');
  expect(Number(usdt?.locked)).toBeGreaterThan(0);
  const canceled = await client.cancelOrder({ symbol: SYMBOL, orderId: placed.orderId });
  expect(canceled).toMatchObject({ orderId: placed.orderId, status: 'CANCELED' });
  const history = await client.getAllOrders({ symbol: SYMBOL });
  expect(history.find((o) => o.orderId === placed.orderId)).toMatchObject({ status: 'CANCELED' });
});

it('REST: a market sell fills against a bid, and shows in the trades of the market and the account', async () => {
  const client = rest();
  const [price] = await pricesInsideSpread(server, SYMBOL, 1);
  await restOnBook(server, { symbol: SYMBOL, base: 'XRP', side: 'buy', price: price!, amount: '10' });

  const sold = await client.submitNewOrder({ symbol: SYMBOL, side: 'SELL', type: 'MARKET', quantity: 10 });
  expect(sold).toMatchObject({ status: 'FILLED', type: 'MARKET', executedQty: '10.00000000' });
  const mine = await client.getAccountTradeList({ symbol: SYMBOL, orderId: sold.orderId });
  expect(mine).toEqual([expect.objectContaining({ orderId: sold.orderId, isBuyer: false, qty: '10.00000000' })]);
  const trades = await client.getRecentTrades({ symbol: SYMBOL, limit: 100 });
  expect(trades.some((t) => t.id === mine[0]!.id)).toBe(true);
});

it('market streams: receives the trades of a market', async () => {
  const ws = new WebsocketClient(wsOptions(), logger);
  const trades: Array<{ s?: string; p?: string }> = [];
  ws.on('message', (event) => trades.push(event as never));
  try {
    await ws.subscribeSpotTrades(SYMBOL);
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    await tradeOnBook(server, { symbol: SYMBOL, base: 'XRP', price: price!, amount: '10' });
    const trade = await eventually(
      async () => trades.find((t) => t.p !== undefined && Number(t.p) === Number(price)),
      10_000,
      'the trade',
    );
    expect(trade).toMatchObject({ e: 'trade', s: SYMBOL });
  } finally {
    ws.closeAll();
  }
});

it('user data stream by listenKey: hears its order placed and cancelled', async () => {
  const ws = new WebsocketClient(wsOptions(), logger);
  const events: Array<{ e?: string; X?: string; i?: number }> = [];
  ws.on('message', (event) => events.push(event as never));
  const client = rest();
  const { listenKey } = await client.getSpotUserDataListenKey();
  await ws.subscribeSpotUserDataStreamWithListenKey('main', listenKey);
  try {
    const placed = await restingBuy(client);
    await client.cancelOrder({ symbol: SYMBOL, orderId: placed.orderId });
    await eventually(
      async () =>
        events.some((e) => e.e === 'executionReport' && e.i === placed.orderId && e.X === 'CANCELED') || undefined,
      10_000,
      'the cancel on the user data stream',
    );
    expect(events.find((e) => e.e === 'executionReport' && e.i === placed.orderId)).toMatchObject({ X: 'NEW' });
  } finally {
    ws.closeAll();
    // The client keeps its listenKey alive on a 50-minute interval that no close clears.
    ws['getUserDataStreamManager']()['listenKeyStateCache'].clearAllListenKeyState(listenKey);
  }
});

it('WebSocket API: places, reads and cancels an order, heard on its user data stream', async () => {
  const api = new WebsocketAPIClient({ ...wsOptions(), attachEventListeners: false }, logger);
  const events: Array<{ e?: string; X?: string; i?: number }> = [];
  api.getWSClient().on('message', (event) => events.push(event as never));
  try {
    await api.subscribeUserDataStream('mainWSAPI');
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const placed = (
      await api.submitNewSpotOrder({
        ...timestamped(),
        symbol: SYMBOL,
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '10',
        price,
      })
    ).result;
    expect(placed).toMatchObject({ symbol: SYMBOL, status: 'NEW' });
    const read = (await api.getSpotOrderStatus({ symbol: SYMBOL, orderId: placed.orderId, ...timestamped() })).result;
    expect(read).toMatchObject({ orderId: placed.orderId, status: 'NEW' });
    const canceled = (await api.cancelSpotOrder({ symbol: SYMBOL, orderId: placed.orderId, ...timestamped() })).result;
    expect(canceled).toMatchObject({ orderId: placed.orderId, status: 'CANCELED' });

    await eventually(
      async () =>
        events.some((e) => e.e === 'executionReport' && e.i === placed.orderId && e.X === 'CANCELED') || undefined,
      10_000,
      'the cancel on the user data stream',
    );
  } finally {
    await api.disconnectAll();
  }
});
