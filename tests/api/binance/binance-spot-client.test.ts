import { Logger, LogLevel } from '@binance/common';
import { Spot } from '@binance/spot';

import { binanceCall, keyedTrader, type KeyedTrader } from '../../support/binance-client';
import { pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { eventually } from '../../support/eventually';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/**
 * Binance's own JavaScript connector (`@binance/spot`), unchanged but for its URLs, through all
 * three of its APIs: REST, the WebSocket API (signed requests, a logon session and the user data
 * stream on it) and the market streams.
 */
jest.setTimeout(60_000);
// The connector logs each connection it opens and closes to the console.
Logger.getInstance().setMinLogLevel(LogLevel.ERROR);

const SYMBOL = 'XRPUSDT';
let server: TestExchange;
let trader: KeyedTrader;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '88' });
  trader = await keyedTrader(server, { USD: '1000' }, 'Connector Trader');
});
afterAll(() => server.close());

function client() {
  const ws = server.url.replace(/^http/, 'ws');
  const credentials = { apiKey: trader.key.api_key, apiSecret: trader.key.secret };
  return new Spot({
    configurationRestAPI: { ...credentials, basePath: server.url },
    configurationWebsocketAPI: { ...credentials, wsURL: `${ws}/ws-api/v3`, reconnectDelay: 60_000 },
    configurationWebsocketStreams: { wsURL: ws, reconnectDelay: 60_000 },
  });
}

/** A limit buy of 10 at a price inside the spread, as the connector's newOrder and orderPlace take it. */
async function buyInsideSpread() {
  const [price] = await pricesInsideSpread(server, SYMBOL, 1);
  return {
    symbol: SYMBOL,
    side: 'BUY' as never,
    type: 'LIMIT' as never,
    timeInForce: 'GTC' as never,
    quantity: 10,
    price: Number(price),
  };
}

it('REST: reads the market and the account, places, reads and cancels an order', async () => {
  const spot = client();
  const info = await (await spot.restAPI.exchangeInfo({ symbol: SYMBOL })).data();
  expect(info.symbols?.[0]).toMatchObject({ symbol: SYMBOL, status: 'TRADING', quoteAsset: 'USDT' });
  const klines = await (await spot.restAPI.klines({ symbol: SYMBOL, interval: '1w' as never, limit: 2 })).data();
  expect(Array.isArray(klines)).toBe(true);

  const placed = await (await spot.restAPI.newOrder(await buyInsideSpread())).data();
  expect(placed).toMatchObject({ symbol: SYMBOL, status: 'NEW', side: 'BUY', type: 'LIMIT' });
  const read = await (await spot.restAPI.getOrder({ symbol: SYMBOL, orderId: placed.orderId })).data();
  expect(read).toMatchObject({ orderId: placed.orderId, status: 'NEW', origQty: '10.00000000' });
  const account = await (await spot.restAPI.getAccount()).data();
  const usdt = account.balances?.find((balance) => balance.asset === 'USDT');
  expect(Number(usdt?.locked)).toBeGreaterThan(0);
  const canceled = await (await spot.restAPI.deleteOrder({ symbol: SYMBOL, orderId: placed.orderId })).data();
  expect(canceled).toMatchObject({ orderId: placed.orderId, status: 'CANCELED' });
});

it('WebSocket API: logs on, places and cancels an order, and hears it on the user data stream', async () => {
  const connection = await client().websocketAPI.connect();
  try {
    await connection.sessionLogon();
    const { stream } = await connection.userDataStreamSubscribe();
    const events: Array<{ e?: string; X?: string; i?: number }> = [];
    stream.on('message', (event) => {
      events.push(event as never);
    });

    const placed = (await connection.orderPlace(await buyInsideSpread())).data;
    expect(placed).toMatchObject({ symbol: SYMBOL, status: 'NEW' });
    const status = (await connection.orderStatus({ symbol: SYMBOL, orderId: placed.orderId })).data;
    expect(status).toMatchObject({ orderId: placed.orderId, status: 'NEW' });
    const canceled = (await connection.orderCancel({ symbol: SYMBOL, orderId: placed.orderId })).data;
    expect(canceled).toMatchObject({ orderId: placed.orderId, status: 'CANCELED' });

    await eventually(
      async () =>
        events.some((e) => e.e === 'executionReport' && e.i === placed.orderId && e.X === 'CANCELED') || undefined,
      10_000,
      'the cancel on the user data stream',
    );
    expect(events.find((e) => e.e === 'executionReport' && e.i === placed.orderId)).toMatchObject({ X: 'NEW' });
  } finally {
    await connection.disconnect();
  }
});

it('market streams: receives the trades of a market', async () => {
  const connection = await client().websocketStreams.connect();
  try {
    const trades: Array<{ s?: string; p?: string }> = [];
    connection.trade({ symbol: SYMBOL }).on('message', (trade) => {
      trades.push(trade as never);
    });
    // The subscription is made when the stream is asked for: let it reach the server.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    await tradeOnBook(server, { symbol: SYMBOL, base: 'XRP', price: price!, amount: '10' });
    await eventually(
      async () => trades.find((t) => t.p !== undefined && Number(t.p) === Number(price)),
      10_000,
      'the trade',
    );
    expect(trades[0]).toMatchObject({ s: SYMBOL });
  } finally {
    await connection.disconnect();
  }
});

it('a listenKey on the market stream connection: the user data stream as the connector opens it', async () => {
  const opened = await binanceCall(server.url, 'POST', '/userDataStream', {
    headers: { 'X-MBX-APIKEY': trader.key.api_key },
  });
  expect(opened.status).toBe(200);
  const spot = client();
  const connection = await spot.websocketStreams.connect();
  try {
    const events: Array<{ e?: string; X?: string; i?: number }> = [];
    connection.userData(opened.body.listenKey).on('message', (event) => {
      events.push(event as never);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const placed = await (await spot.restAPI.newOrder(await buyInsideSpread())).data();
    await eventually(
      async () => events.find((e) => e.e === 'executionReport' && e.i === placed.orderId),
      10_000,
      'the order on the user data stream',
    );
    await spot.restAPI.deleteOrder({ symbol: SYMBOL, orderId: placed.orderId });
  } finally {
    await connection.disconnect();
  }
});
