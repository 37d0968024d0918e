import { Spot, WebsocketAPI, WebsocketStream } from '@binance/connector';

import { keyedTrader, type KeyedTrader } from '../../support/binance-client';
import { pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { eventually } from '../../support/eventually';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/**
 * Binance's older JavaScript connector (`@binance/connector` v3), unchanged but for its URLs:
 * REST, the market streams, the WebSocket API, and a listenKey's user data stream.
 */
jest.setTimeout(60_000);

const SYMBOL = 'XRPUSDT';
// The connector logs each connection, message and close to the console.
const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
let server: TestExchange;
let trader: KeyedTrader;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '90' });
  trader = await keyedTrader(server, { USD: '1000' }, 'Connector v3 Trader');
});
afterAll(() => server.close());

const wsUrl = () => server.url.replace(/^http/, 'ws');
const rest = () => new Spot(trader.key.api_key, trader.key.secret, { baseURL: server.url, logger });

/** A market stream connection, open, with the events it has heard. */
async function streamConnection(subscribe: (stream: WebsocketStream) => void) {
  const events: Array<Record<string, any>> = [];
  let stream!: WebsocketStream;
  await new Promise((open) => {
    stream = new WebsocketStream({
      wsURL: wsUrl(),
      logger,
      callbacks: { open, message: (data) => events.push(JSON.parse(data)) },
    });
    subscribe(stream);
  });
  return { stream, events };
}

/** A WebSocket API connection, open; `answer(id)` waits for the answer to request `id`. */
async function apiConnection() {
  const messages: Array<Record<string, any>> = [];
  let api!: WebsocketAPI;
  await new Promise((open) => {
    api = new WebsocketAPI(trader.key.api_key, trader.key.secret, {
      wsURL: `${wsUrl()}/ws-api/v3`,
      logger,
      callbacks: { open, message: (data) => messages.push(JSON.parse(data)) },
    });
  });
  const answer = (id: string) => eventually(async () => messages.find((m) => m.id === id), 10_000, `answer ${id}`);
  return { api, messages, answer };
}

it('REST: reads the market and the account, places, reads and cancels an order', async () => {
  const spot = rest();
  const info = (await spot.exchangeInfo({ symbol: SYMBOL })).data;
  expect(info.symbols[0]).toMatchObject({ symbol: SYMBOL, status: 'TRADING', quoteAsset: 'USDT' });
  const klines = (await spot.klines(SYMBOL, '1w', { limit: 2 })).data;
  expect(Array.isArray(klines)).toBe(true);

  const [price] = await pricesInsideSpread(server, SYMBOL, 1);
  const placed = (await spot.newOrder(SYMBOL, 'BUY', 'LIMIT', { timeInForce: 'GTC', quantity: 10, price })).data;
  expect(placed).toMatchObject({ symbol: SYMBOL, status: 'NEW', side: 'BUY', type: 'LIMIT' });
  const read = (await spot.getOrder(SYMBOL, { orderId: placed.orderId })).data;
  expect(read).toMatchObject({ orderId: placed.orderId, status: 'NEW', origQty: '10.00000000' });
  const account = (await spot.account()).data;
  const usdt = account.balances.find((balance: { asset: string }) => balance.asset === 'USDT');
  expect(Number(usdt.locked)).toBeGreaterThan(0);
  const canceled = (await spot.cancelOrder(SYMBOL, { orderId: placed.orderId })).data;
  expect(canceled).toMatchObject({ orderId: placed.orderId, status: 'CANCELED' });
});

it('market streams: receives the trades of a market', async () => {
  const { stream, events } = await streamConnection((s) => s.trade(SYMBOL));
  try {
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    await tradeOnBook(server, { symbol: SYMBOL, base: 'XRP', price: price!, amount: '10' });
    await eventually(
      async () => events.find((t) => t.p !== undefined && Number(t.p) === Number(price)),
      10_000,
      'the trade',
    );
    expect(events[0]).toMatchObject({ e: 'trade', s: SYMBOL });
  } finally {
    stream.disconnect();
  }
});

it('WebSocket API: a listenKey, an order placed, read and cancelled, heard on the user data stream', async () => {
  const { api, messages, answer } = await apiConnection();
  try {
    // userDataStream.start takes no request id of the caller's: its answer is the one with a listenKey.
    api.startUserDataStream();
    const started = await eventually(async () => messages.find((m) => m.result?.listenKey), 10_000, 'a listenKey');
    const { stream, events } = await streamConnection((s) => s.userData(started.result.listenKey));
    try {
      const [price] = await pricesInsideSpread(server, SYMBOL, 1);
      api.newOrder(SYMBOL, 'BUY', 'LIMIT', { id: 'place', timeInForce: 'GTC', quantity: 10, price });
      const placed = (await answer('place')).result;
      expect(placed).toMatchObject({ symbol: SYMBOL, status: 'NEW' });
      api.getOrder(SYMBOL, { id: 'read', orderId: placed.orderId });
      expect((await answer('read')).result).toMatchObject({ orderId: placed.orderId, status: 'NEW' });
      api.cancelOrder(SYMBOL, { id: 'cancel', orderId: placed.orderId });
      expect((await answer('cancel')).result).toMatchObject({ orderId: placed.orderId, status: 'CANCELED' });

      await eventually(
        async () =>
          events.some((e) => e.e === 'executionReport' && e.i === placed.orderId && e.X === 'CANCELED') || undefined,
        10_000,
        'the cancel on the user data stream',
      );
      expect(events.find((e) => e.e === 'executionReport' && e.i === placed.orderId)).toMatchObject({ X: 'NEW' });
    } finally {
      stream.disconnect();
    }
  } finally {
    api.disconnect();
  }
});

it('REST listenKey: the user data stream as the connector opens it hears a REST order', async () => {
  const spot = rest();
  const { listenKey } = (await spot.createListenKey()).data;
  const { stream, events } = await streamConnection((s) => s.userData(listenKey));
  try {
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const placed = (await spot.newOrder(SYMBOL, 'BUY', 'LIMIT', { timeInForce: 'GTC', quantity: 10, price })).data;
    await eventually(
      async () => events.find((e) => e.e === 'executionReport' && e.i === placed.orderId),
      10_000,
      'the order on the user data stream',
    );
    await spot.cancelOrder(SYMBOL, { orderId: placed.orderId });
  } finally {
    stream.disconnect();
  }
});
