import Binance, { OrderSide, OrderType, TimeInForce } from 'binance-api-node';

import { keyedTrader, type KeyedTrader } from '../../support/binance-client';
import { pricesInsideSpread, restOnBook, tradeOnBook } from '../../support/book-trades';
import { eventually } from '../../support/eventually';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/**
 * `binance-api-node`, unchanged but for its URLs: REST, a market's trade stream, and the user data
 * stream it opens over the WebSocket API (`userDataStream.subscribe.signature`). It places no
 * orders over the WebSocket API.
 */
jest.setTimeout(60_000);

const SYMBOL = 'XRPUSDT';
let server: TestExchange;
let trader: KeyedTrader;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '92' });
  trader = await keyedTrader(server, { USD: '1000', XRP: '100' }, 'Binance API Node Trader');
});
afterAll(() => server.close());

function client() {
  const ws = server.url.replace(/^http/, 'ws');
  return Binance({
    apiKey: trader.key.api_key,
    apiSecret: trader.key.secret,
    httpBase: server.url,
    wsBase: `${ws}/ws`,
    wsApi: `${ws}/ws-api/v3`,
  });
}

/** A limit buy of 10 XRP resting inside the spread, so that nothing else on the book takes it. */
async function restingBuy(binance: ReturnType<typeof client>) {
  const [price] = await pricesInsideSpread(server, SYMBOL, 1);
  return binance.order({
    symbol: SYMBOL,
    side: OrderSide.BUY,
    type: OrderType.LIMIT,
    timeInForce: TimeInForce.GTC,
    quantity: '10',
    price,
  });
}

it('REST: reads the market, the balances, and places, reads, lists and cancels orders', async () => {
  const binance = client();
  const info = await binance.exchangeInfo();
  expect(info.symbols.find((s: { symbol: string }) => s.symbol === SYMBOL)).toMatchObject({
    status: 'TRADING',
    quoteAsset: 'USDT',
  });
  const depth = await binance.book({ symbol: SYMBOL, limit: 5 });
  expect(depth).toMatchObject({ lastUpdateId: expect.any(Number), bids: expect.any(Array), asks: expect.any(Array) });
  expect(Array.isArray(await binance.candles({ symbol: SYMBOL, interval: '1m', limit: 2 }))).toBe(true);

  const placed = await restingBuy(binance);
  expect(placed).toMatchObject({ symbol: SYMBOL, status: 'NEW', side: 'BUY', type: 'LIMIT' });
  const read = await binance.getOrder({ symbol: SYMBOL, orderId: placed.orderId });
  expect(read).toMatchObject({ orderId: placed.orderId, status: 'NEW', origQty: '10.00000000' });
  const open = await binance.openOrders({ symbol: SYMBOL });
  expect(open.map((o) => o.orderId)).toContain(placed.orderId);
  const account = await binance.accountInfo();
  const usdt = account.balances.find((balance) => balance.asset === 'USDT');
  expect(Number(usdt?.locked)).toBeGreaterThan(0);
  const canceled = await binance.cancelOrder({ symbol: SYMBOL, orderId: placed.orderId });
  expect(canceled).toMatchObject({ orderId: placed.orderId, status: 'CANCELED' });
  const history = await binance.allOrders({ symbol: SYMBOL });
  expect(history.find((o) => o.orderId === placed.orderId)).toMatchObject({ status: 'CANCELED' });
});

it('REST: a market sell fills against a bid, and shows in the trades of the market and the account', async () => {
  const binance = client();
  const [price] = await pricesInsideSpread(server, SYMBOL, 1);
  await restOnBook(server, { symbol: SYMBOL, base: 'XRP', side: 'buy', price: price!, amount: '10' });

  const sold = await binance.order({ symbol: SYMBOL, side: OrderSide.SELL, type: OrderType.MARKET, quantity: '10' });
  expect(sold).toMatchObject({ status: 'FILLED', type: 'MARKET', executedQty: '10.00000000' });
  const mine = (await binance.myTrades({ symbol: SYMBOL })).filter((t) => t.orderId === sold.orderId);
  expect(mine).toEqual([expect.objectContaining({ isBuyer: false, qty: '10.00000000' })]);
  // Its types give the market's trades the stream's shape; the answer is Binance's.
  const trades = (await binance.trades({ symbol: SYMBOL, limit: 100 })) as unknown as Array<{ id: number }>;
  expect(trades.some((t) => t.id === mine[0]!.id)).toBe(true);
});

it('market streams: receives the trades of a market', async () => {
  const binance = client();
  const trades: Array<{ symbol: string; price: string }> = [];
  const close = binance.ws.trades(SYMBOL, (trade) => trades.push(trade));
  try {
    // The client says nothing when its socket opens: let it reach the server.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    await tradeOnBook(server, { symbol: SYMBOL, base: 'XRP', price: price!, amount: '10' });
    const trade = await eventually(
      async () => trades.find((t) => Number(t.price) === Number(price)),
      10_000,
      'the trade',
    );
    expect(trade).toMatchObject({ eventType: 'trade', symbol: SYMBOL, quantity: '10.00000000' });
  } finally {
    close();
  }
});

it('user data stream over the WebSocket API: hears its order placed and cancelled', async () => {
  const binance = client();
  const events: Array<{ eventType?: string; orderStatus?: string; orderId?: number }> = [];
  const close = await binance.ws.user((event) => events.push(event));
  try {
    const placed = await restingBuy(binance);
    await binance.cancelOrder({ symbol: SYMBOL, orderId: placed.orderId });
    await eventually(
      async () =>
        events.some(
          (e) => e.eventType === 'executionReport' && e.orderId === placed.orderId && e.orderStatus === 'CANCELED',
        ) || undefined,
      10_000,
      'the cancel on the user data stream',
    );
    expect(events.find((e) => e.eventType === 'executionReport' && e.orderId === placed.orderId)).toMatchObject({
      orderStatus: 'NEW',
    });
  } finally {
    close();
  }
});
