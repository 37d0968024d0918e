import Decimal from 'decimal.js';
import { ccxtBinance } from '../../support/ccxt-client';
import { pricesInsideSpread } from '../../support/book-trades';
import { keyedTrader, signedCall, type KeyedTrader } from '../../support/binance-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { balanceOf, ledgerReport } from '../../support/trading-fixtures';
import { signedParams, WsApiClient } from '../../support/ws-api-client';

/**
 * A fill-or-kill order that cannot fill completely, as Binance answers it: accepted and EXPIRED at
 * once (nothing filled, nothing held), an order the reads and the user data stream know; the web
 * API keeps refusing it.
 */
let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '77' });
});
afterAll(() => server.close());

const SYMBOL = 'SOLUSDT';
const eight = (value: Decimal.Value) => new Decimal(value).toFixed(8);
const trader = (balances: Record<string, string>) => keyedTrader(server, balances, 'FOK Trader');

async function call(who: KeyedTrader, method: string, path: string, params: Record<string, string | number> = {}) {
  const { status, body } = await signedCall(server.url, who.key, method, path, params);
  return { status, body };
}

async function ok(who: KeyedTrader, method: string, path: string, params: Record<string, string | number> = {}) {
  const answer = await call(who, method, path, params);
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const fillOrKill = (price: string, quantity: string) => ({
  symbol: SYMBOL,
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'FOK',
  quantity,
  price,
});

/** A seller's 0.3 resting at a price inside the spread: what a buy there can take at most. */
async function restingAsk() {
  const seller = await trader({ SOL: '0.3' });
  const [price] = await pricesInsideSpread(server, SYMBOL, 1);
  const ask = await ok(seller, 'POST', '/order', {
    symbol: SYMBOL,
    side: 'SELL',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: '0.3',
    price: price!,
  });
  return { seller, price: price!, ask };
}

const resting: KeyedTrader[] = [];
afterEach(async () => {
  for (const who of resting.splice(0))
    for (const order of await ok(who, 'GET', '/openOrders'))
      await call(who, 'DELETE', '/order', { symbol: order.symbol, orderId: order.orderId });
});

describe('a fill-or-kill order that cannot fill completely', () => {
  it('is answered EXPIRED with nothing filled or held, read as such, and told to the user data stream', async () => {
    const { seller, price, ask } = await restingAsk();
    resting.push(seller);
    const buyer = await trader({ USD: '1000' });
    const stream = await WsApiClient.connect(server.url);
    try {
      expect(await stream.request('userDataStream.subscribe.signature', signedParams(buyer.key))).toMatchObject({
        status: 200,
      });
      const answer = await call(buyer, 'POST', '/order', { ...fillOrKill(price, '1'), newClientOrderId: 'fok-1' });
      expect(answer.status).toBe(200);
      const order = answer.body;
      expect(order).toEqual({
        symbol: SYMBOL,
        orderId: expect.any(Number),
        orderListId: -1,
        clientOrderId: 'fok-1',
        transactTime: expect.any(Number),
        price: eight(price),
        origQty: eight(1),
        executedQty: eight(0),
        origQuoteOrderQty: eight(0),
        cummulativeQuoteQty: eight(0),
        status: 'EXPIRED',
        timeInForce: 'FOK',
        type: 'LIMIT',
        side: 'BUY',
        workingTime: order.transactTime,
        selfTradePreventionMode: 'EXPIRE_TAKER',
        fills: [],
      });

      // An order of the book's own sequence, as any other: read by its id or client order id, in allOrders.
      const read = await ok(buyer, 'GET', '/order', { symbol: SYMBOL, orderId: order.orderId });
      expect(read).toMatchObject({
        orderId: order.orderId,
        clientOrderId: 'fok-1',
        status: 'EXPIRED',
        executedQty: eight(0),
      });
      expect(await ok(buyer, 'GET', '/order', { symbol: SYMBOL, origClientOrderId: 'fok-1' })).toEqual(read);
      expect(await ok(buyer, 'GET', '/allOrders', { symbol: SYMBOL })).toEqual([read]);
      expect(await ok(buyer, 'GET', '/openOrders', { symbol: SYMBOL })).toEqual([]);
      expect(await ok(buyer, 'GET', '/myTrades', { symbol: SYMBOL })).toEqual([]);
      // A cancel finds nothing to cancel.
      expect(await call(buyer, 'DELETE', '/order', { symbol: SYMBOL, orderId: order.orderId })).toEqual({
        status: 400,
        body: { code: -2011, msg: 'Unknown order sent.' },
      });

      await stream.event((e) => e.e === 'executionReport' && e.x === 'EXPIRED');
      const reports = stream.events().filter((e) => e.e === 'executionReport');
      expect(reports.map((e) => [e.i, e.c, e.x, e.X, e.f, e.q, e.z, e.l, e.w])).toEqual([
        [order.orderId, 'fok-1', 'NEW', 'NEW', 'FOK', eight(1), eight(0), eight(0), false],
        [order.orderId, 'fok-1', 'EXPIRED', 'EXPIRED', 'FOK', eight(1), eight(0), eight(0), false],
      ]);
    } finally {
      stream.close();
    }

    // Nothing held, nothing moved; the ask it could not fill still rests whole.
    expect(await balanceOf(server, buyer.userId, 'USD')).toEqual({ available: '1000', locked: '0' });
    expect(await ok(seller, 'GET', '/order', { symbol: SYMBOL, orderId: ask.orderId })).toMatchObject({
      status: 'NEW',
      executedQty: eight(0),
    });
    expect((await ledgerReport(server)).ok).toBe(true);
  });

  it('is still refused on the web, where nothing of it is kept', async () => {
    const { seller, price } = await restingAsk();
    resting.push(seller);
    const buyer = await trader({ USD: '1000' });
    const refused = await buyer.client.post('/trading/order', {
      symbol: SYMBOL,
      side: 'buy',
      type: 'limit',
      amount: '1',
      price,
      time_in_force: 'FOK',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'Fill-or-kill order cannot be filled completely' });
    expect(await ok(buyer, 'GET', '/allOrders', { symbol: SYMBOL })).toEqual([]);
    expect(await balanceOf(server, buyer.userId, 'USD')).toEqual({ available: '1000', locked: '0' });
  });

  it('is accepted by order/test as before, which places nothing', async () => {
    const { seller, price } = await restingAsk();
    resting.push(seller);
    const buyer = await trader({ USD: '1000' });
    expect(await call(buyer, 'POST', '/order/test', fillOrKill(price, '1'))).toEqual({ status: 200, body: {} });
    expect(await ok(buyer, 'GET', '/allOrders', { symbol: SYMBOL })).toEqual([]);
  });

  it('is an expired order to CCXT', async () => {
    const { seller, price } = await restingAsk();
    resting.push(seller);
    const buyer = await trader({ USD: '1000' });
    const exchange = ccxtBinance(server.url, { apiKey: buyer.key.api_key, secret: buyer.key.secret });
    await exchange.loadMarkets();
    const order = await exchange.createOrder('SOL/USDT', 'limit', 'buy', 1, Number(price), { timeInForce: 'FOK' });
    expect(order).toMatchObject({ status: 'expired', filled: 0, amount: 1, timeInForce: 'FOK', trades: [] });
    expect(await exchange.fetchOrder(order.id!, 'SOL/USDT')).toMatchObject({
      id: order.id,
      status: 'expired',
      filled: 0,
    });
  });
});

it('a fill-or-kill order that can fill completely fills', async () => {
  const { price } = await restingAsk();
  const buyer = await trader({ USD: '1000' });
  const order = await ok(buyer, 'POST', '/order', fillOrKill(price, '0.3'));
  expect(order).toMatchObject({ status: 'FILLED', executedQty: eight('0.3'), timeInForce: 'FOK' });
  expect(order.fills).toHaveLength(1);
});
