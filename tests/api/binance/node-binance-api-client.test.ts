import Binance from 'node-binance-api';

import { keyedTrader, type KeyedTrader } from '../../support/binance-client';
import { pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { eventually } from '../../support/eventually';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/**
 * `node-binance-api`, unchanged but for its URLs: REST, the market streams, and the user data
 * stream it opens over the WebSocket API (`userDataStream.subscribe.signature`).
 */
jest.setTimeout(60_000);

const SYMBOL = 'XRPUSDT';
let server: TestExchange;
let trader: KeyedTrader;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '89' });
  trader = await keyedTrader(server, { USD: '1000' }, 'Node Binance Trader');
});
afterAll(() => server.close());

function client(): Binance {
  const ws = server.url.replace(/^http/, 'ws');
  const binance = new Binance({
    APIKEY: trader.key.api_key,
    APISECRET: trader.key.secret,
    urls: { base: `${server.url}/api/`, stream: `${ws}/ws/`, combineStream: `${ws}/stream?streams=` },
    // It logs each socket it closes, and reconnects unless the socket is closed by terminate().
    log: () => undefined,
  });
  // `urls` has no entry for the WebSocket API: its address is the instance's `wsApi`.
  binance.wsApi = `${ws}/ws-api/v3`;
  return binance;
}

async function restingBuy(binance: Binance) {
  const [price] = await pricesInsideSpread(server, SYMBOL, 1);
  return binance.order('LIMIT', 'BUY', SYMBOL, 10, Number(price));
}

it('REST: reads the market and the account, places, reads and cancels an order', async () => {
  const binance = client();
  const info = await binance.exchangeInfo();
  expect(info.symbols.find((s: { symbol: string }) => s.symbol === SYMBOL)).toMatchObject({
    status: 'TRADING',
    quoteAsset: 'USDT',
  });
  const candles = await binance.candlesticks(SYMBOL, '1w', { limit: 2 });
  expect(Array.isArray(candles)).toBe(true);

  const placed = await restingBuy(binance);
  expect(placed).toMatchObject({ symbol: SYMBOL, status: 'NEW', side: 'BUY', type: 'LIMIT' });
  const read = await binance.orderStatus(SYMBOL, placed.orderId);
  expect(read).toMatchObject({ orderId: placed.orderId, status: 'NEW', origQty: '10.00000000' });
  const balances = await binance.balance();
  expect(Number(balances.USDT.onOrder)).toBeGreaterThan(0);
  const canceled = await binance.cancel(SYMBOL, placed.orderId);
  expect(canceled).toMatchObject({ orderId: placed.orderId, status: 'CANCELED' });
});

it('market streams: receives the trades of a market', async () => {
  const binance = client();
  const trades: Array<{ s?: string; p?: string }> = [];
  // The socket is known by its URL once open.
  const endpoint = await new Promise<string>((resolve) =>
    binance.subscribe(`${SYMBOL.toLowerCase()}@trade`, (trade) => trades.push(trade), undefined, resolve),
  );
  try {
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    await tradeOnBook(server, { symbol: SYMBOL, base: 'XRP', price: price!, amount: '10' });
    await eventually(
      async () => trades.find((t) => t.p !== undefined && Number(t.p) === Number(price)),
      10_000,
      'the trade',
    );
    expect(trades[0]).toMatchObject({ s: SYMBOL });
  } finally {
    binance.terminate(endpoint);
  }
});

it('user data stream over the WebSocket API: hears its order placed and cancelled', async () => {
  const binance = client();
  const events: Array<{ e?: string; X?: string; i?: number }> = [];
  await new Promise((resolve) => binance.userData((event) => events.push(event), undefined, undefined, resolve));
  try {
    const placed = await restingBuy(binance);
    await binance.cancel(SYMBOL, placed.orderId);
    await eventually(
      async () =>
        events.some((e) => e.e === 'executionReport' && Number(e.i) === placed.orderId && e.X === 'CANCELED') ||
        undefined,
      10_000,
      'the cancel on the user data stream',
    );
    expect(events.find((e) => e.e === 'executionReport' && Number(e.i) === placed.orderId)).toMatchObject({ X: 'NEW' });
  } finally {
    await binance.spotCloseDataStream();
  }
});
