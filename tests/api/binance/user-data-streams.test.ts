import Decimal from 'decimal.js';
import fc from 'fast-check';
import { query, signInAdmin } from '../../support/back-office';
import { pricesInsideSpread } from '../../support/book-trades';
import { createApiKey, keyedTrader, signedCall, type KeyedTrader } from '../../support/binance-client';
import type { ApiClient } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { placed } from '../../support/trading-fixtures';
import { createProduct, FLEXIBLE } from '../money/earn/earn-fixtures';
import { signedParams, WsApiClient } from '../../support/ws-api-client';

/**
 * Binance's user data streams over the WebSocket API (/ws-api/v3): its methods and refusals, and
 * every event an order, a fill, a cancel, an expiry, the back office's decisions and Earn produce, each
 * checked against what the REST API answers of the same order, fill or account.
 */
jest.setTimeout(60_000);

let server: TestExchange;
let admin: ApiClient;
const open: WsApiClient[] = [];

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '66' });
  admin = await signInAdmin(server);
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => server.close());

type Trader = KeyedTrader;
const trader = (balances: Record<string, string>) => keyedTrader(server, balances, 'Stream Trader');

async function connect(): Promise<WsApiClient> {
  const client = await WsApiClient.connect(server.url);
  open.push(client);
  return client;
}

/** A WebSocket API connection subscribed to `who`'s user data stream. */
async function subscribed(who: Trader): Promise<WsApiClient> {
  const client = await connect();
  const answer = await client.request('userDataStream.subscribe.signature', signedParams(who.key));
  expect(answer).toMatchObject({ status: 200, result: { subscriptionId: 0 } });
  return client;
}

async function ok(who: Trader, method: string, path: string, params: Record<string, string | number> = {}) {
  const answer = await signedCall(server.url, who.key, method, path, params);
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A LIMIT order of `who` on SYMBOL through the REST API (good till cancelled unless `timeInForce` says otherwise). */
const limit = (
  who: Trader,
  side: 'BUY' | 'SELL',
  quantity: string,
  price: string,
  extra: Record<string, string> = {},
) => ok(who, 'POST', '/order', { symbol: SYMBOL, side, type: 'LIMIT', timeInForce: 'GTC', quantity, price, ...extra });

/** A MARKET order of `who` on SYMBOL through the REST API. */
const market = (who: Trader, side: 'BUY' | 'SELL', quantity: string) =>
  ok(who, 'POST', '/order', { symbol: SYMBOL, side, type: 'MARKET', quantity });

/** `who`'s balances as GET /api/v3/account answers them: asset -> {f, l}, outboundAccountPosition's words. */
async function accountBalances(who: Trader): Promise<Record<string, { f: string; l: string }>> {
  const account = await ok(who, 'GET', '/account');
  return Object.fromEntries(
    account.balances.map((b: { asset: string; free: string; locked: string }) => [b.asset, { f: b.free, l: b.locked }]),
  );
}

/** The latest outboundAccountPosition's balances (from message `from` on), asset -> {f, l}. */
async function position(stream: WsApiClient, from = 0) {
  await stream.event((e) => e.e === 'outboundAccountPosition', from);
  const positions = stream.events(from).filter((e) => e.e === 'outboundAccountPosition');
  const latest = positions[positions.length - 1];
  expect(latest).toEqual({
    e: 'outboundAccountPosition',
    E: expect.any(Number),
    u: expect.any(Number),
    B: expect.any(Array),
  });
  return Object.fromEntries(latest.B.map((b: { a: string; f: string; l: string }) => [b.a, { f: b.f, l: b.l }]));
}

/** Every asset's balances as the latest outboundAccountPosition naming it says. */
function latestBalances(stream: WsApiClient): Record<string, { f: string; l: string }> {
  const balances: Record<string, { f: string; l: string }> = {};
  for (const event of stream.events())
    if (event.e === 'outboundAccountPosition') for (const { a, f, l } of event.B) balances[a] = { f, l };
  return balances;
}

const reports = (stream: WsApiClient, orderId: number, from = 0) =>
  stream.events(from).filter((e) => e.e === 'executionReport' && e.i === orderId);

const eight = (value: Decimal.Value) => new Decimal(value).toFixed(8);
const SYMBOL = 'SOLUSDT';
const BASE = 'SOL';
const tick = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('the WebSocket API', () => {
  it('answers ping and time with the weight used', async () => {
    const client = await connect();
    const pong = await client.request('ping');
    expect(pong).toEqual({
      id: 'r1',
      status: 200,
      result: {},
      rateLimits: [
        { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000, count: expect.any(Number) },
      ],
    });
    const before = Date.now();
    const time = await client.request('time');
    expect(time).toMatchObject({ id: 'r2', status: 200 });
    expect(time.result.serverTime).toBeGreaterThanOrEqual(before);
    expect(time.rateLimits[0].count).toBe(pong.rateLimits[0].count + 1);
  });

  it('refuses what it cannot run with a 4xx and Binance code, and stays open', async () => {
    const client = await connect();
    client.stream.send('{not json');
    expect(await client.stream.next((m) => m.status !== undefined)).toEqual({
      id: null,
      status: 400,
      error: { code: -1102, msg: 'Malformed request: invalid JSON.' },
      rateLimits: [],
    });
    expect(await client.request('sor.order.place')).toMatchObject({
      status: 400,
      error: { code: -1102, msg: 'Malformed request: unknown method "sor.order.place".' },
    });
    expect(await client.request('ping', { extra: 1 })).toMatchObject({ status: 400, error: { code: -1104 } });
    expect(await client.request('time', { when: { nested: true } })).toMatchObject({
      status: 400,
      error: { code: -1102, msg: "Mandatory parameter 'when' was not sent, was empty/null, or malformed." },
    });
    client.stream.send({ id: 'list', method: 'ping', params: [1, 2] });
    expect(await client.stream.next((m) => m.id === 'list')).toMatchObject({ status: 400, error: { code: -1102 } });

    // Whatever a client sends, the answer is a refusal or a success, never a server error.
    const frame = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .record({
          id: fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.constant(null)),
          method: fc.oneof(
            fc.constantFrom('ping', 'time', 'session.status', 'userDataStream.unsubscribe'),
            fc.string(),
          ),
          params: fc.oneof(fc.object(), fc.anything()),
        })
        .map((request) => JSON.stringify(request)),
    );
    await fc.assert(
      fc.asyncProperty(frame, async (text) => {
        const before = client.messages.length;
        client.stream.send(text);
        const answer = await client.stream.next((m) => m.status !== undefined, 5000, before);
        expect([200, 400, 401]).toContain(answer.status);
      }),
      { numRuns: 60 },
    );
    expect((await client.request('ping')).status).toBe(200);
  });

  it('checks a signed request as Binance does: key, address, timestamp, signature over the sorted parameters', async () => {
    const who = await trader({});
    const client = await connect();
    const subscribe = (params: Record<string, unknown>) => client.request('userDataStream.subscribe.signature', params);
    expect(await subscribe(signedParams(who.key, {}, { secret: 'x'.repeat(64) }))).toMatchObject({
      status: 400,
      error: { code: -1022, msg: 'Signature for this request is not valid.' },
    });
    expect(await subscribe(signedParams(who.key, {}, { timestamp: Date.now() - 10_000 }))).toMatchObject({
      status: 400,
      error: { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' },
    });
    expect(
      await subscribe(signedParams(who.key, { recvWindow: 20_000 }, { timestamp: Date.now() - 10_000 })),
    ).toMatchObject({
      status: 200,
      result: { subscriptionId: 0 },
    });
    // Signed in the order sent rather than sorted by name: not Binance's payload.
    const unsorted = signedParams(who.key, { recvWindow: 5000 });
    const { createHmac } = await import('node:crypto');
    unsorted.signature = createHmac('sha256', who.key.secret)
      .update(`timestamp=${unsorted.timestamp}&apiKey=${who.key.api_key}&recvWindow=5000`)
      .digest('hex');
    expect(await subscribe(unsorted)).toMatchObject({ status: 400, error: { code: -1022 } });
    const { apiKey: _apiKey, ...keyless } = signedParams(who.key);
    expect(await subscribe(keyless)).toMatchObject({
      status: 400,
      error: { code: -1102, msg: "Mandatory parameter 'apiKey' was not sent, was empty/null, or malformed." },
    });
    const { signature: _signature, ...unsigned } = signedParams(who.key);
    expect(await subscribe(unsigned)).toMatchObject({ status: 400, error: { code: -1102 } });
    expect(await subscribe({ ...signedParams(who.key), apiKey: 'short' })).toMatchObject({
      status: 401,
      error: { code: -2014, msg: 'API-key format invalid.' },
    });
    expect(await subscribe(signedParams({ api_key: 'k'.repeat(64), secret: who.key.secret }))).toMatchObject({
      status: 401,
      error: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' },
    });
    expect(await subscribe({ ...signedParams(who.key), symbol: 'BTCUSDT' })).toMatchObject({
      status: 400,
      error: { code: -1104 },
    });
    const elsewhere = await createApiKey(who.client, {
      label: 'office',
      permissions: ['read'],
      ip_allowlist: ['203.0.113.9'],
    });
    expect(await subscribe(signedParams(elsewhere))).toMatchObject({
      status: 401,
      error: { code: -1002, msg: 'You are not authorized to execute this request.' },
    });
  });

  it('session.logon signs the connection once: userDataStream.subscribe, session.subscriptions, session.logout', async () => {
    const who = await trader({ USD: '100' });
    const client = await connect();
    expect((await client.request('session.status')).result).toMatchObject({ apiKey: null, userDataStream: false });
    expect(await client.request('userDataStream.subscribe')).toMatchObject({
      status: 401,
      error: { code: -1002, msg: 'You are not authorized to execute this request.' },
    });
    const logon = await client.request('session.logon', signedParams(who.key));
    expect(logon).toMatchObject({
      status: 200,
      result: {
        apiKey: who.key.api_key,
        authorizedSince: expect.any(Number),
        connectedSince: expect.any(Number),
        returnRateLimits: true,
        serverTime: expect.any(Number),
        userDataStream: false,
      },
    });
    expect(await client.request('userDataStream.subscribe')).toMatchObject({
      status: 200,
      result: { subscriptionId: 0 },
    });
    expect((await client.request('session.status')).result).toMatchObject({
      apiKey: who.key.api_key,
      userDataStream: true,
    });
    expect((await client.request('session.subscriptions')).result).toEqual([{ subscriptionId: 0 }]);
    expect(await client.request('userDataStream.subscribe.signature', signedParams(who.key))).toMatchObject({
      status: 400,
      error: { code: -1130 },
    });
    await admin.post(
      `/admin/deposit/approve${query({ deposit_id: (await who.client.post(`/deposit/request${query({ amount: 5 })}`)).body.id })}`,
    );
    expect(await client.event((e) => e.e === 'balanceUpdate')).toMatchObject({ a: 'USDT', d: eight(5) });

    expect((await client.request('session.logout')).result).toMatchObject({ apiKey: null, userDataStream: false });
    expect((await client.request('session.subscriptions')).result).toEqual([]);
  });

  it('userDataStream.unsubscribe ends one subscription or all; no event reaches them after', async () => {
    const who = await trader({ USD: '100' });
    const client = await subscribed(who);
    expect(await client.request('userDataStream.unsubscribe', { subscriptionId: 7 })).toMatchObject({
      status: 400,
      error: { code: -1130, msg: "Data sent for parameter 'subscriptionId' is not valid." },
    });
    expect(await client.request('userDataStream.unsubscribe', { subscriptionId: 0 })).toMatchObject({
      status: 200,
      result: {},
    });
    expect(await client.request('userDataStream.subscribe.signature', signedParams(who.key))).toMatchObject({
      result: { subscriptionId: 1 },
    });
    expect(await client.request('userDataStream.unsubscribe')).toMatchObject({ status: 200, result: {} });
    expect((await client.request('session.subscriptions')).result).toEqual([]);
    const before = client.messages.length;
    await admin.post(
      `/admin/deposit/approve${query({ deposit_id: (await who.client.post(`/deposit/request${query({ amount: 5 })}`)).body.id })}`,
    );
    await tick();
    expect(client.events(before)).toEqual([]);
  });

  it("delivers a user's events to their own subscriptions only", async () => {
    const [first, second] = [await trader({ USD: '100' }), await trader({ USD: '100' })];
    const [firstStream, secondStream] = [await subscribed(first), await subscribed(second)];
    const deposit = await first.client.post(`/deposit/request${query({ amount: 7 })}`);
    await admin.post(`/admin/deposit/approve${query({ deposit_id: deposit.body.id })}`);
    await firstStream.event((e) => e.e === 'outboundAccountPosition');
    await tick();
    expect(secondStream.events()).toEqual([]);
  });
});

describe('executionReport', () => {
  it('tells a limit order placed over REST, with every field Binance sends, then its cancel', async () => {
    const buyer = await trader({ USD: '1000' });
    const stream = await subscribed(buyer);
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const order = await limit(buyer, 'BUY', '0.5', price!, { newClientOrderId: 'stream-1' });
    const placedReport = await stream.event((e) => e.e === 'executionReport');
    expect(placedReport).toEqual({
      e: 'executionReport',
      E: expect.any(Number),
      s: SYMBOL,
      c: 'stream-1',
      S: 'BUY',
      o: 'LIMIT',
      f: 'GTC',
      q: eight('0.5'),
      p: eight(price!),
      P: eight(0),
      F: eight(0),
      g: -1,
      C: '',
      x: 'NEW',
      X: 'NEW',
      r: 'NONE',
      i: order.orderId,
      l: eight(0),
      z: eight(0),
      L: eight(0),
      n: '0',
      N: null,
      T: order.transactTime,
      t: -1,
      I: expect.any(Number),
      w: true,
      m: false,
      M: false,
      O: order.transactTime,
      Z: eight(0),
      Y: eight(0),
      Q: eight(0),
      W: order.transactTime,
      V: 'EXPIRE_TAKER',
    });
    // The hold: the account as the REST API answers it.
    expect(await position(stream)).toEqual({ USDT: (await accountBalances(buyer)).USDT });

    const from = stream.messages.length;
    const canceled = await ok(buyer, 'DELETE', '/order', { symbol: SYMBOL, orderId: order.orderId });
    const cancelReport = await stream.event((e) => e.e === 'executionReport', from);
    expect(cancelReport).toEqual({
      ...placedReport,
      E: expect.any(Number),
      C: 'stream-1',
      x: 'CANCELED',
      X: 'CANCELED',
      T: canceled.transactTime,
      I: expect.any(Number),
      w: false,
    });
    expect(cancelReport.I).not.toBe(placedReport.I);
    expect(await position(stream, from)).toEqual({ USDT: { f: eight(1000), l: eight(0) } });
  });

  it('tells partial fills and fills on both sides, as myTrades and the order answer them', async () => {
    const seller = await trader({ [BASE]: '1' });
    const buyer = await trader({ USD: '1000' });
    const [sellerStream, buyerStream] = [await subscribed(seller), await subscribed(buyer)];
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const ask = await limit(seller, 'SELL', '1', price!);
    const firstBuy = await market(buyer, 'BUY', '0.4');
    const partial = await sellerStream.event((e) => e.x === 'TRADE');
    const [makerFill] = await ok(seller, 'GET', '/myTrades', { symbol: SYMBOL, orderId: ask.orderId });
    expect(partial).toMatchObject({
      s: SYMBOL,
      S: 'SELL',
      i: ask.orderId,
      x: 'TRADE',
      X: 'PARTIALLY_FILLED',
      q: eight(1),
      l: eight('0.4'),
      z: eight('0.4'),
      L: eight(price!),
      n: makerFill.commission,
      N: 'USDT',
      T: makerFill.time,
      t: makerFill.id,
      w: true,
      m: true,
      Y: makerFill.quoteQty,
      Z: makerFill.quoteQty,
    });

    // The buyer's market order: placed, then filled at once by the resting ask.
    const [takerFill] = await ok(buyer, 'GET', '/myTrades', { symbol: SYMBOL, orderId: firstBuy.orderId });
    await buyerStream.event((e) => e.x === 'TRADE');
    expect(reports(buyerStream, firstBuy.orderId).map((e) => [e.x, e.X, e.o, e.w])).toEqual([
      ['NEW', 'NEW', 'MARKET', false],
      ['TRADE', 'FILLED', 'MARKET', false],
    ]);
    expect(reports(buyerStream, firstBuy.orderId)[1]).toMatchObject({
      c: firstBuy.clientOrderId,
      l: eight('0.4'),
      z: eight('0.4'),
      L: eight(price!),
      n: takerFill.commission,
      t: takerFill.id,
      m: false,
      Z: takerFill.quoteQty,
    });
    expect(takerFill.id).toBe(makerFill.id);
    expect(await position(buyerStream)).toEqual({
      USDT: (await accountBalances(buyer)).USDT,
      [BASE]: { f: eight('0.4'), l: eight(0) },
    });

    const from = sellerStream.messages.length;
    await market(buyer, 'BUY', '0.6');
    const filled = await sellerStream.event((e) => e.x === 'TRADE', from);
    const rest = await ok(seller, 'GET', '/order', { symbol: SYMBOL, orderId: ask.orderId });
    expect(filled).toMatchObject({
      X: 'FILLED',
      l: eight('0.6'),
      z: rest.executedQty,
      Z: rest.cummulativeQuoteQty,
      w: false,
    });
    expect(rest.status).toBe('FILLED');
    const ids = [...sellerStream.events(), ...buyerStream.events()].filter((e) => e.e === 'executionReport');
    expect(new Set(ids.map((e) => `${e.s} ${e.I}`)).size).toBe(ids.length);
    expect(await position(sellerStream, from)).toEqual({
      USDT: (await accountBalances(seller)).USDT,
      [BASE]: { f: eight(0), l: eight(0) },
    });
  });

  it('tells an order placed on the web by the same ids as the REST API', async () => {
    const buyer = await trader({ USD: '1000' });
    const stream = await subscribed(buyer);
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const order = await placed(buyer.client, { symbol: SYMBOL, side: 'buy', type: 'limit', amount: '0.2', price });
    const report = await stream.event((e) => e.e === 'executionReport');
    const rest = await ok(buyer, 'GET', '/order', { symbol: SYMBOL, origClientOrderId: order.id });
    expect(report).toMatchObject({ c: order.id, i: rest.orderId, x: 'NEW', X: 'NEW', q: rest.origQty, p: rest.price });
    expect((await buyer.client.delete(`/trading/order${query({ order_id: order.id })}`)).status).toBe(200);
    await stream.event((e) => e.x === 'CANCELED');
  });

  it('tells an order that expires: what an immediate-or-cancel order could not fill', async () => {
    const seller = await trader({ [BASE]: '0.3' });
    const buyer = await trader({ USD: '1000' });
    const stream = await subscribed(buyer);
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    await limit(seller, 'SELL', '0.3', price!);
    const ioc = await limit(buyer, 'BUY', '1', price!, { timeInForce: 'IOC' });
    await stream.event((e) => e.x === 'EXPIRED');
    expect(reports(stream, ioc.orderId).map((e) => [e.x, e.X, e.f, e.l, e.z, e.w])).toEqual([
      ['NEW', 'NEW', 'IOC', eight(0), eight(0), false],
      ['TRADE', 'PARTIALLY_FILLED', 'IOC', eight('0.3'), eight('0.3'), false],
      ['EXPIRED', 'EXPIRED', 'IOC', eight(0), eight('0.3'), false],
    ]);
    const rest = await ok(buyer, 'GET', '/order', { symbol: SYMBOL, orderId: ioc.orderId });
    expect(rest).toMatchObject({ status: 'EXPIRED', executedQty: eight('0.3') });
    expect(await position(stream)).toEqual({
      USDT: (await accountBalances(buyer)).USDT,
      [BASE]: { f: eight('0.3'), l: eight(0) },
    });
  });

  it('property: after any orders, the last report of each order and the last balances are what REST answers', async () => {
    const [low, high] = await pricesInsideSpread(server, SYMBOL, 2);
    const step = fc.record({
      who: fc.constantFrom(0, 1),
      side: fc.constantFrom('BUY', 'SELL'),
      type: fc.constantFrom('LIMIT', 'MARKET', 'IOC'),
      at: fc.constantFrom(low!, high!),
      quantity: fc.integer({ min: 1, max: 5 }).map((n) => (n / 10).toFixed(1)),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const traders = [await trader({ USD: '100000', [BASE]: '10' }), await trader({ USD: '100000', [BASE]: '10' })];
        const streams = [await subscribed(traders[0]!), await subscribed(traders[1]!)];
        const orders: Array<{ who: number; orderId: number }> = [];
        for (const { who, side, type, at, quantity } of steps) {
          const params: Record<string, string> =
            type === 'MARKET'
              ? { symbol: SYMBOL, side, type, quantity }
              : {
                  symbol: SYMBOL,
                  side,
                  type: 'LIMIT',
                  timeInForce: type === 'IOC' ? 'IOC' : 'GTC',
                  quantity,
                  price: at,
                };
          const answer = await signedCall(server.url, traders[who]!.key, 'POST', '/order', params);
          // A market order on an empty side is refused: nothing to report.
          if (answer.status === 200) orders.push({ who, orderId: answer.body.orderId });
        }
        for (const who of [0, 1]) {
          for (const order of await ok(traders[who]!, 'GET', '/openOrders', { symbol: SYMBOL }))
            await ok(traders[who]!, 'DELETE', '/order', { symbol: SYMBOL, orderId: order.orderId });
        }
        for (const { who, orderId } of orders) {
          const rest = await ok(traders[who]!, 'GET', '/order', { symbol: SYMBOL, orderId });
          const last = await streams[who]!.event(
            (e) => e.e === 'executionReport' && e.i === orderId && e.X === rest.status,
          );
          expect([last.z, last.Z]).toEqual([rest.executedQty, rest.cummulativeQuoteQty]);
        }
        for (const who of [0, 1]) {
          const account = await accountBalances(traders[who]!);
          for (const [asset, balance] of Object.entries(latestBalances(streams[who]!)))
            expect(balance).toEqual(account[asset]);
        }
        for (const stream of streams) stream.close();
      }),
      { numRuns: 6 },
    );
  });
});

describe('balanceUpdate', () => {
  it("a deposit an administrator approves: balanceUpdate, then the account's new position", async () => {
    const who = await trader({});
    const stream = await subscribed(who);
    const deposit = await who.client.post(`/deposit/request${query({ amount: '250.5' })}`);
    await tick();
    expect(stream.events()).toEqual([]);
    const before = Date.now();
    await admin.post(`/admin/deposit/approve${query({ deposit_id: deposit.body.id })}`);
    const update = await stream.event((e) => e.e === 'balanceUpdate');
    expect(update).toEqual({
      e: 'balanceUpdate',
      E: expect.any(Number),
      a: 'USDT',
      d: eight('250.5'),
      T: expect.any(Number),
    });
    expect(update.T).toBeGreaterThanOrEqual(before);
    expect(await position(stream)).toEqual({ USDT: { f: eight('250.5'), l: eight(0) } });
    expect(stream.events().map((e) => e.e)).toEqual(['balanceUpdate', 'outboundAccountPosition']);
  });

  it('a withdrawal: its request takes it from free (held in locked), a rejection gives it back, an approval pays the held amount out', async () => {
    const who = await trader({ USD: '100' });
    const stream = await subscribed(who);
    const first = await who.client.post(`/withdraw/request${query({ amount: 30 })}`);
    expect(await stream.event((e) => e.e === 'balanceUpdate')).toMatchObject({ a: 'USDT', d: eight(-30) });
    expect(await position(stream)).toEqual({ USDT: { f: eight(70), l: eight(30) } });

    let from = stream.messages.length;
    await admin.post(`/admin/withdrawal/reject${query({ withdrawal_id: first.body.id })}`);
    expect(await stream.event((e) => e.e === 'balanceUpdate', from)).toMatchObject({ d: eight(30) });
    expect(await position(stream, from)).toEqual({ USDT: { f: eight(100), l: eight(0) } });

    const second = await who.client.post(`/withdraw/request${query({ amount: 40 })}`);
    await stream.event((e) => e.e === 'balanceUpdate' && e.d === eight(-40));
    from = stream.messages.length;
    await admin.post(`/admin/withdrawal/approve${query({ withdrawal_id: second.body.id })}`);
    expect(await position(stream, from)).toEqual({ USDT: { f: eight(60), l: eight(0) } });
    // Free did not move: nothing for balanceUpdate to tell.
    expect(stream.events(from).map((e) => e.e)).toEqual(['outboundAccountPosition']);
  });

  it('an Earn subscription takes from free, its redemption gives it back', async () => {
    const who = await trader({ USD: '100' });
    const product = await createProduct(admin, FLEXIBLE);
    const stream = await subscribed(who);
    const earning = await who.client.post('/earn/subscribe', { product_id: product.id, amount: 40 });
    expect(await stream.event((e) => e.e === 'balanceUpdate')).toMatchObject({ a: 'USDT', d: eight(-40) });
    expect(await position(stream)).toEqual({ USDT: { f: eight(60), l: eight(0) } });

    const from = stream.messages.length;
    expect((await who.client.post('/earn/redeem', { position_id: earning.body.id })).status).toBe(200);
    expect(await stream.event((e) => e.e === 'balanceUpdate', from)).toMatchObject({ a: 'USDT', d: eight(40) });
    expect(await position(stream, from)).toEqual({ USDT: { f: eight(100), l: eight(0) } });
  });
});
