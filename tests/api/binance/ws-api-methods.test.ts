import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { binanceCall, createApiKey, keyedTrader, signedCall, type KeyedTrader } from '../../support/binance-client';
import { pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { signedParams, WsApiClient } from '../../support/ws-api-client';

/**
 * The WebSocket API's methods that are REST endpoints (market data, orders, the account,
 * listenKeys): each answers what its REST endpoint answers, at the same weight, signed per request
 * or by the session's key, and its orders count with the REST API's towards the account's limits.
 */
jest.setTimeout(60_000);

/** Orders an account may place a day here: small, so the limit is reached without timing anything. */
const DAILY_ORDERS = 4;

let server: TestExchange;
const open: WsApiClient[] = [];

beforeAll(async () => {
  server = await startTestExchange({
    MARKET_FEED_SEED: '88',
    API_DAILY_ORDER_LIMIT: String(DAILY_ORDERS),
    // Counters of its own: the weight these requests spend is not the next test file's address's.
    REDIS_PREFIX: `ws-api-methods-${randomUUID()}`,
  });
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => server.close());

const SYMBOL = 'BNBUSDT';
const BASE = 'BNB';

async function connect(query = ''): Promise<WsApiClient> {
  const client = await WsApiClient.connect(server.url, query);
  open.push(client);
  return client;
}

const trader = (balances: Record<string, string>) => keyedTrader(server, balances, 'WS API Trader');

/** A REST call's body, 200 expected. */
async function rest(who: KeyedTrader | null, method: string, path: string, params: Record<string, string> = {}) {
  const answer = who
    ? await signedCall(server.url, who.key, method, path, params)
    : await binanceCall(server.url, method, path, { query: new URLSearchParams(params).toString() });
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A request's answer, and the weight it cost: what the address's count rose by between the pings (1 each) around it. */
async function weighed(client: WsApiClient, method: string, params?: Record<string, unknown>) {
  for (;;) {
    const before = (await client.request('ping')).rateLimits[0].count;
    const answer = await client.request(method, params);
    const after = (await client.request('ping')).rateLimits[0].count;
    // A new minute began between them: its count started again.
    if (after > before) return { answer, weight: after - before - 1 };
  }
}

/** A signed request's answer (its result once 200 is checked). */
async function signed(client: WsApiClient, who: KeyedTrader, method: string, params: Record<string, string> = {}) {
  const answer = await client.request(method, signedParams(who.key, params));
  if (answer.status !== 200) throw new Error(`${method}: ${answer.status} ${JSON.stringify(answer.error)}`);
  return answer;
}

describe('market data methods', () => {
  beforeAll(async () => {
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    await tradeOnBook(server, { symbol: SYMBOL, base: BASE, price: price!, amount: '0.02' });
  });

  const symbols = ['BNBUSDT', 'BTCUSDT'];
  it.each([
    ['ping', {}, '/ping', 1],
    ['exchangeInfo', { symbol: SYMBOL }, '/exchangeInfo', 20],
    ['exchangeInfo', { symbols }, '/exchangeInfo', 20],
    ['depth', { symbol: SYMBOL, limit: 5 }, '/depth', 5],
    ['depth', { symbol: SYMBOL, limit: 500 }, '/depth', 25],
    ['trades.recent', { symbol: SYMBOL, limit: 5 }, '/trades', 25],
    ['trades.historical', { symbol: SYMBOL, limit: 3 }, '/historicalTrades', 25],
    ['trades.aggregate', { symbol: SYMBOL, limit: 3 }, '/aggTrades', 4],
    ['klines', { symbol: SYMBOL, interval: '1m', limit: 3 }, '/klines', 2],
    ['uiKlines', { symbol: SYMBOL, interval: '1h', limit: 3 }, '/uiKlines', 2],
    ['ticker.24hr', { symbol: SYMBOL, type: 'MINI' }, '/ticker/24hr', 2],
    ['ticker.24hr', {}, '/ticker/24hr', 80],
    ['ticker.price', { symbol: SYMBOL }, '/ticker/price', 2],
    ['ticker.price', { symbols }, '/ticker/price', 4],
    ['ticker.book', { symbol: SYMBOL }, '/ticker/bookTicker', 2],
    ['ticker.book', {}, '/ticker/bookTicker', 4],
  ])('%s %j answers as GET %s, at weight %d', async (method, params, path, weight) => {
    const client = await connect();
    const { answer, weight: cost } = await weighed(client, method, params);
    const query = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        Array.isArray(value) ? JSON.stringify(value) : String(value),
      ]),
    );
    const expected = await rest(null, 'GET', path, query);
    // The times of the answer are its own.
    const timeless = (body: unknown) =>
      JSON.parse(JSON.stringify(body), (key, value) => (/^(serverTime|openTime|closeTime)$/.test(key) ? 0 : value));
    expect(answer.status).toBe(200);
    expect(timeless(answer.result)).toEqual(timeless(expected));
    expect(cost).toBe(weight);
  });

  it('time, and a method named with its version', async () => {
    const client = await connect();
    const before = Date.now();
    expect((await client.request('time')).result.serverTime).toBeGreaterThanOrEqual(before);
    expect(await client.request('v3/ticker.price', { symbol: SYMBOL })).toMatchObject({
      status: 200,
      result: { symbol: SYMBOL },
    });
  });

  it('refuses parameters as the REST API does', async () => {
    const client = await connect();
    expect(await client.request('depth', { symbol: 'NOPEUSDT' })).toMatchObject({
      status: 400,
      error: { code: -1121, msg: 'Invalid symbol.' },
    });
    expect(await client.request('depth', {})).toMatchObject({ status: 400, error: { code: -1102 } });
    expect(await client.request('klines', { symbol: SYMBOL, interval: '7m' })).toMatchObject({
      status: 400,
      error: { code: -1120, msg: 'Invalid interval.' },
    });
    expect(await client.request('ticker.price', { symbol: SYMBOL, symbols })).toMatchObject({
      status: 400,
      error: { code: -1128 },
    });
    expect(await client.request('trades.recent', { symbol: SYMBOL, depth: 1 })).toMatchObject({
      status: 400,
      error: { code: -1104 },
    });
  });
});

describe('order and account methods, signed per request', () => {
  it('place, status, open orders, cancel, cancel all, all orders: as the REST API answers, orders counted with its', async () => {
    const who = await trader({ USD: '1000' });
    const client = await connect();
    const [low, high] = await pricesInsideSpread(server, SYMBOL, 2);
    const buy = (price: string) => ({
      symbol: SYMBOL,
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.02',
      price,
    });
    const viaRest = await rest(who, 'POST', '/order', buy(low!));

    const placed = await signed(client, who, 'order.place', { ...buy(high!), newClientOrderId: 'ws-1' });
    expect(placed.result).toMatchObject({ symbol: SYMBOL, clientOrderId: 'ws-1', status: 'NEW', side: 'BUY' });
    // Binance's order: the account's order counts first (the REST order among them), then the address's weight.
    expect(placed.rateLimits).toEqual([
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100, count: expect.any(Number) },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: DAILY_ORDERS, count: 2 },
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000, count: expect.any(Number) },
    ]);
    const { orderId } = placed.result;

    const status = await weighed(client, 'order.status', signedParams(who.key, { symbol: SYMBOL, orderId }));
    expect(status.answer.result).toEqual(
      await rest(who, 'GET', '/order', { symbol: SYMBOL, orderId: String(orderId) }),
    );
    expect(status.weight).toBe(4);
    expect((await signed(client, who, 'order.status', { symbol: SYMBOL, origClientOrderId: 'ws-1' })).result).toEqual(
      status.answer.result,
    );

    const openOrders = await weighed(client, 'openOrders.status', signedParams(who.key, { symbol: SYMBOL }));
    expect(openOrders.answer.result).toEqual(await rest(who, 'GET', '/openOrders', { symbol: SYMBOL }));
    expect(openOrders.answer.result.map((o: { orderId: number }) => o.orderId).sort()).toEqual(
      [viaRest.orderId, orderId].sort(),
    );
    expect(openOrders.weight).toBe(6);
    expect((await weighed(client, 'openOrders.status', signedParams(who.key))).weight).toBe(80);

    const canceled = await signed(client, who, 'order.cancel', { symbol: SYMBOL, orderId: String(orderId) });
    expect(canceled.result).toMatchObject({ symbol: SYMBOL, orderId, origClientOrderId: 'ws-1', status: 'CANCELED' });
    expect(await client.request('order.cancel', signedParams(who.key, { symbol: SYMBOL, orderId }))).toMatchObject({
      status: 400,
      error: { code: -2011, msg: 'Unknown order sent.' },
    });

    const all = await signed(client, who, 'openOrders.cancelAll', { symbol: SYMBOL });
    expect(all.result).toEqual([expect.objectContaining({ orderId: viaRest.orderId, status: 'CANCELED' })]);
    expect(await client.request('openOrders.cancelAll', signedParams(who.key, { symbol: SYMBOL }))).toMatchObject({
      status: 400,
      error: { code: -2011 },
    });

    const history = await weighed(client, 'allOrders', signedParams(who.key, { symbol: SYMBOL }));
    expect(history.answer.result).toEqual(await rest(who, 'GET', '/allOrders', { symbol: SYMBOL }));
    expect(history.answer.result).toHaveLength(2);
    expect(history.weight).toBe(20);
    expect(
      await client.request('order.status', signedParams(who.key, { symbol: SYMBOL, orderId: 999999 })),
    ).toMatchObject({
      status: 400,
      error: { code: -2013, msg: 'Order does not exist.' },
    });
  });

  it('myTrades, account.status and order.test answer as the REST API does', async () => {
    const buyer = await trader({ USD: '1000' });
    const seller = await trader({ [BASE]: '1' });
    const client = await connect();
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const order = { symbol: SYMBOL, type: 'LIMIT', timeInForce: 'GTC', quantity: '0.02', price: price! };
    const resting = await signed(client, buyer, 'order.place', { ...order, side: 'BUY' });
    await rest(seller, 'POST', '/order', { ...order, side: 'SELL' });

    const trades = await weighed(client, 'myTrades', signedParams(buyer.key, { symbol: SYMBOL }));
    expect(trades.answer.result).toEqual(await rest(buyer, 'GET', '/myTrades', { symbol: SYMBOL }));
    expect(trades.answer.result).toEqual([
      expect.objectContaining({ orderId: resting.result.orderId, isBuyer: true, isMaker: true, qty: '0.02000000' }),
    ]);
    expect(trades.weight).toBe(20);
    const ofOrder = signedParams(buyer.key, { symbol: SYMBOL, orderId: resting.result.orderId });
    expect((await weighed(client, 'myTrades', ofOrder)).weight).toBe(5);

    const account = await weighed(client, 'account.status', signedParams(buyer.key, { omitZeroBalances: 'true' }));
    expect(account.answer.result).toEqual(await rest(buyer, 'GET', '/account', { omitZeroBalances: 'true' }));
    expect(account.answer.result).toMatchObject({ uid: buyer.userId, canTrade: true });
    expect(account.weight).toBe(20);

    const test = await weighed(client, 'order.test', signedParams(buyer.key, { ...order, side: 'BUY' }));
    expect(test).toEqual({ answer: expect.objectContaining({ status: 200, result: {} }), weight: 1 });
    const rates = signedParams(buyer.key, { ...order, side: 'BUY', computeCommissionRates: 'true' });
    const withRates = await weighed(client, 'order.test', rates);
    expect(withRates.answer.result).toMatchObject({
      standardCommissionForOrder: { maker: '0.00100000', taker: '0.00100000' },
    });
    expect(withRates.weight).toBe(20);
    expect(await client.request('order.test', signedParams(buyer.key, { ...order, side: 'UP' }))).toMatchObject({
      status: 400,
      error: { code: -1117, msg: 'Invalid side.' },
    });
  });

  it('past the daily order limit, 429 and -1015, counted with the REST API', async () => {
    const who = await trader({ USD: '1000' });
    const client = await connect();
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const order = { symbol: SYMBOL, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.02', price: price! };
    await rest(who, 'POST', '/order', order);
    for (let count = 2; count <= DAILY_ORDERS; count++) await signed(client, who, 'order.place', order);
    const refused = await client.request('order.place', signedParams(who.key, order));
    expect(refused).toMatchObject({
      status: 429,
      error: { code: -1015, msg: `Too many new orders; current limit is ${DAILY_ORDERS} orders per 1 DAY.` },
    });
    expect(refused.rateLimits[1]).toMatchObject({ rateLimitType: 'ORDERS', interval: 'DAY', count: DAILY_ORDERS + 1 });
    expect((await signedCall(server.url, who.key, 'POST', '/order', order)).body.code).toBe(-1015);
    // Nothing was placed past the limit.
    expect((await signed(client, who, 'openOrders.status', { symbol: SYMBOL })).result).toHaveLength(DAILY_ORDERS);
    await signed(client, who, 'openOrders.cancelAll', { symbol: SYMBOL });
  });

  it('refuses a request without a key, or signed wrong, as a signed REST request is', async () => {
    const who = await trader({});
    const client = await connect();
    expect(await client.request('account.status', { timestamp: Date.now() })).toMatchObject({
      status: 400,
      error: { code: -1102, msg: "Mandatory parameter 'apiKey' was not sent, was empty/null, or malformed." },
    });
    expect(await client.request('account.status', signedParams(who.key, {}, { secret: 'x'.repeat(64) }))).toMatchObject(
      { status: 400, error: { code: -1022 } },
    );
    const { signature: _signature, ...unsigned } = signedParams(who.key);
    expect(await client.request('account.status', unsigned)).toMatchObject({
      status: 400,
      error: { code: -1102, msg: "Mandatory parameter 'signature' was not sent, was empty/null, or malformed." },
    });
    const reader = await createApiKey(who.client, { label: 'reader', permissions: ['read'] });
    const order = { symbol: SYMBOL, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '1' };
    expect(await client.request('order.place', signedParams(reader, order))).toMatchObject({
      status: 401,
      error: { code: -2015 },
    });
  });
});

describe('a session', () => {
  it('signs requests once: without apiKey and signature they are its key`s, their timestamp still checked', async () => {
    const who = await trader({ USD: '1000' });
    const other = await trader({ USD: '1000' });
    const reader = await createApiKey(who.client, { label: 'reader', permissions: ['read'] });
    const client = await connect();
    expect((await client.request('session.logon', signedParams(reader))).status).toBe(200);

    const account = await client.request('account.status', { timestamp: Date.now() });
    expect(account).toMatchObject({ status: 200, result: { uid: who.userId, canTrade: false } });
    expect(await client.request('account.status')).toMatchObject({
      status: 400,
      error: { code: -1102, msg: "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed." },
    });
    expect(await client.request('account.status', { timestamp: Date.now() - 10_000 })).toMatchObject({
      status: 400,
      error: { code: -1021 },
    });
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const order = { symbol: SYMBOL, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.02', price: price! };
    // The session's key may only read.
    expect(await client.request('order.place', { ...order, timestamp: Date.now() })).toMatchObject({
      status: 401,
      error: { code: -2015 },
    });
    // A request signed on its own is its key's, whatever the session's.
    const adHoc = await signed(client, other, 'order.place', order);
    expect(await rest(other, 'GET', '/order', { symbol: SYMBOL, orderId: String(adHoc.result.orderId) })).toMatchObject(
      {
        status: 'NEW',
      },
    );

    expect((await client.request('session.logon', signedParams(who.key))).status).toBe(200);
    const placed = await client.request('order.place', { ...order, timestamp: Date.now() });
    expect(placed).toMatchObject({ status: 200, result: { status: 'NEW' } });
    const mine = await client.request('openOrders.status', { symbol: SYMBOL, timestamp: Date.now() });
    expect(mine.result.map((o: { orderId: number }) => o.orderId)).toEqual([placed.result.orderId]);
    const canceled = await client.request('order.cancel', {
      symbol: SYMBOL,
      orderId: placed.result.orderId,
      timestamp: Date.now(),
    });
    expect(canceled).toMatchObject({ status: 200, result: { status: 'CANCELED' } });
    await signed(client, other, 'openOrders.cancelAll', { symbol: SYMBOL });

    // Its key revoked, the session ends with the request that finds it so.
    const keys = (await who.client.get('/account/api-keys')).body as Array<{ id: string }>;
    for (const key of keys) expect((await who.client.delete(`/account/api-keys/${key.id}`)).status).toBe(200);
    const revoked = await client.request('account.status', { timestamp: Date.now() });
    expect(revoked).toMatchObject({ status: 401, error: { code: -2015 } });
    expect((await client.request('session.status')).result).toMatchObject({ apiKey: null, authorizedSince: null });
    expect(await client.request('account.status', { timestamp: Date.now() })).toMatchObject({
      status: 400,
      error: { code: -1102 },
    });
  });
});

describe('listenKeys', () => {
  it('userDataStream.start, ping and stop with the key alone (or the session`s), as the REST flow', async () => {
    const who = await trader({});
    const client = await connect();
    expect(await client.request('userDataStream.start')).toMatchObject({ status: 400, error: { code: -1102 } });
    const started = await weighed(client, 'userDataStream.start', { apiKey: who.key.api_key });
    expect(started.weight).toBe(2);
    const { listenKey } = started.answer.result;
    expect(listenKey).toMatch(/^[A-Za-z0-9]{60}$/);
    // One listenKey per API key: the REST flow answers the same one.
    const viaRest = await binanceCall(server.url, 'POST', '/userDataStream', {
      headers: { 'X-MBX-APIKEY': who.key.api_key },
    });
    expect(viaRest.body).toEqual({ listenKey });

    expect(await client.request('userDataStream.ping', { apiKey: who.key.api_key, listenKey })).toMatchObject({
      status: 200,
      result: {},
    });
    expect((await client.request('session.logon', signedParams(who.key))).status).toBe(200);
    expect(await client.request('userDataStream.start')).toMatchObject({ status: 200, result: { listenKey } });
    expect(await client.request('userDataStream.stop', { listenKey })).toMatchObject({ status: 200, result: {} });
    expect(await client.request('userDataStream.ping', { listenKey })).toMatchObject({
      status: 400,
      error: { code: -1125, msg: 'This listenKey does not exist.' },
    });
    expect(await client.request('userDataStream.ping', { apiKey: 'short', listenKey })).toMatchObject({
      status: 401,
      error: { code: -2014 },
    });
  });
});

describe('answers', () => {
  it('carry rateLimits unless returnRateLimits says not, per request or for the connection', async () => {
    const client = await connect();
    const hidden = await client.request('time', { returnRateLimits: false });
    expect(hidden).toEqual({ id: expect.any(String), status: 200, result: { serverTime: expect.any(Number) } });
    expect(await client.request('time', { returnRateLimits: 'maybe' })).toMatchObject({
      status: 400,
      error: { code: -1100 },
    });
    const quiet = await connect('?returnRateLimits=false');
    expect(await quiet.request('ping')).not.toHaveProperty('rateLimits');
    expect(await quiet.request('ping', { returnRateLimits: true })).toHaveProperty('rateLimits');
    expect((await quiet.request('session.status')).result.returnRateLimits).toBe(false);
  });

  it('whatever parameters a method gets, its answer is a success or a refusal, never a server error', async () => {
    const who = await trader({ USD: '100' });
    const client = await connect();
    // Light methods: a heavy one (depth's 250) would spend the address's minute in a few runs.
    const methods = [
      'trades.aggregate',
      'klines',
      'ticker.price',
      'order.test',
      'order.status',
      'order.cancel',
      'openOrders.cancelAll',
      'myTrades',
      'allOrders',
      'userDataStream.ping',
    ];
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.constantFrom(SYMBOL, 'BUY', 'LIMIT', 'GTC', '0.01', '-1', '1e9', 'true', '1m'),
      fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
    );
    const names = fc.constantFrom(
      'symbol',
      'side',
      'type',
      'quantity',
      'price',
      'limit',
      'interval',
      'orderId',
      'fromId',
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), fc.dictionary(names, value), async (method, params) => {
        const answer = await client.request(method, signedParams(who.key, params as Record<string, string>));
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
