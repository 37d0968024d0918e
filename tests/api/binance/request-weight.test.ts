import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { BinanceCode, BinanceError, binanceErrors } from '../../../server/gateways/binance/protocol/binance-error';
import { IpBans } from '../../../server/gateways/binance/protocol/ip-bans';
import { binanceRateLimits, RequestLimits } from '../../../server/gateways/binance/request-weight';
import { loadConfig } from '../../../server/platform/config/config';
import { createLogger } from '../../../server/platform/logger/logger';
import { binanceCall, createApiKey, signedCall } from '../../support/binance-client';
import { ApiClient, registerTrader } from '../../support/http-client';
import { fundedTrader } from '../../support/trader-fixtures';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/**
 * Binance's request limits, counted through Redis when the tests have it: the weight of each
 * client address a minute, and the orders of each account per 10 seconds and per day.
 */

let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ TRUST_PROXY: 'on', API_WEIGHT_LIMIT: '50', API_ORDER_LIMIT: '2' });
});
afterAll(() => server.close());

let lastAddress = 0;
const freshAddress = () => `192.0.2.${++lastAddress}`;

describe('request weight', () => {
  it('is told on every answer, refused or not, and past the limit answers 429 -1003 with Retry-After', async () => {
    const { client } = await registerTrader(new ApiClient(server.url));
    const key = await createApiKey(client);
    const address = freshAddress();
    const account = () =>
      signedCall(server.url, key, 'GET', '/account', {}, { headers: { 'x-forwarded-for': address } });

    const first = await account();
    expect(first.status).toBe(200);
    expect(first.headers['x-mbx-used-weight-1m']).toBe('20');
    // A refused request costs its weight as well (Binance counts what reaches it).
    const refused = await binanceCall(server.url, 'GET', '/account', { headers: { 'x-forwarded-for': address } });
    expect(refused).toMatchObject({ status: 401, body: { code: -2014 } });
    expect(refused.headers['x-mbx-used-weight-1m']).toBe('40');

    const over = await account();
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      code: -1003,
      msg: 'Too much request weight used; current limit is 50 request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.',
    });
    expect(over.headers['x-mbx-used-weight-1m']).toBe('60');
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another address has a budget of its own.
    const elsewhere = await signedCall(
      server.url,
      key,
      'GET',
      '/account',
      {},
      { headers: { 'x-forwarded-for': freshAddress() } },
    );
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers['x-mbx-used-weight-1m']).toBe('20');
  });
});

describe("the order route's counts", () => {
  it('tells the weight and both order counts on each order; the third in 10 s is refused with 429 -1015', async () => {
    const { client, user } = await fundedTrader(server, { USD: '100' });
    const key = await createApiKey(client);
    const headers = { 'x-forwarded-for': freshAddress() };
    // Far below the market: they rest, and are cancelled below.
    const order = () =>
      signedCall(
        server.url,
        key,
        'POST',
        '/order',
        { symbol: 'ETHUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '1000' },
        { placement: 'body', headers },
      );
    try {
      const answers = [await order(), await order()];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(answers.map((answer) => answer.headers['x-mbx-order-count-10s'])).toEqual(['1', '2']);
      expect(answers.map((answer) => answer.headers['x-mbx-order-count-1d'])).toEqual(['1', '2']);
      expect(answers.map((answer) => answer.headers['x-mbx-used-weight-1m'])).toEqual(['1', '2']);
      const over = await order();
      expect(over).toMatchObject({
        status: 429,
        body: { code: -1015, msg: 'Too many new orders; current limit is 2 orders per 10 SECOND.' },
      });
      expect(over.headers['x-mbx-order-count-10s']).toBe('3');
      // Refused before it reached the book: two orders rest, no third.
      const open = await signedCall(server.url, key, 'GET', '/openOrders', { symbol: 'ETHUSDT' }, { headers });
      expect(open.body).toHaveLength(2);
    } finally {
      await server.exchange.trading.cancelAllOrders(user.id);
    }
  });
});

describe('order counts', () => {
  /**
   * The order routes call countOrder once they know the account; here a route of the surface's
   * shape does only that, over limits of 3 orders per 10 s and 5 a day.
   */
  let endpoint: Server;
  let url: string;
  const start = async (orderLimit: number, dailyOrderLimit: number) => {
    const { context } = server.exchange;
    const config = { ...context.config, API_ORDER_LIMIT: orderLimit, API_DAILY_ORDER_LIMIT: dailyOrderLimit };
    const limits = new RequestLimits({ ...context, config }, new IpBans({ ...context, config }));
    const router = new Router({ prefix: '/api/v3' });
    router.use(binanceErrors({ ...context, logger: createLogger('silent') }));
    // As the order routes do: the request's weight counted with its order counts, or alone when it is refused first.
    router.post('/order', limits.orderWeight(20), async (ctx) => {
      if (ctx.get('x-refuse')) throw new BinanceError(400, BinanceCode.INVALID_PARAMETER, 'Refused before counting.');
      await limits.countOrder(ctx, ctx.get('x-account'));
      ctx.body = {};
    });
    const app = new Koa({ proxy: true });
    app.use(router.routes());
    endpoint = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => endpoint.once('listening', resolve));
    url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
  };
  afterEach(() => new Promise((resolve) => endpoint.close(resolve)));

  /** Each test's orders come from an address of their own (the weight limit is 50, an order weighs 20 here). */
  let address = '';
  beforeEach(() => {
    address = freshAddress();
  });
  const order = (account: string, headers: Record<string, string> = {}) =>
    binanceCall(url, 'POST', '/order', { headers: { 'x-account': account, 'x-forwarded-for': address, ...headers } });

  it('counts each account apart per 10 s and per day, in the headers; past the 10-s limit 429 -1015', async () => {
    await start(3, 5);
    const account = randomUUID();
    // From three addresses: the orders' weight (20 each) stays under the limit of 50 per address.
    const from = async () => {
      address = freshAddress();
      return order(account);
    };
    const answers = [await from(), await from(), await from()];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.headers['x-mbx-order-count-10s'])).toEqual(['1', '2', '3']);
    expect(answers.map((answer) => answer.headers['x-mbx-order-count-1d'])).toEqual(['1', '2', '3']);
    const over = await from();
    expect(over).toMatchObject({
      status: 429,
      body: { code: -1015, msg: 'Too many new orders; current limit is 3 orders per 10 SECOND.' },
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(10);
    address = freshAddress();
    const other = await order(randomUUID());
    expect(other.status).toBe(200);
    expect(other.headers['x-mbx-order-count-10s']).toBe('1');
    expect(other.headers['x-mbx-used-weight-1m']).toBe('20');
  });

  it("counts an order's weight with its counts, and a request refused before it counts an order by itself; past the weight limit: 429 -1003", async () => {
    await start(100, 1000);
    const account = randomUUID();
    const placed = await order(account);
    expect(placed.status).toBe(200);
    expect(placed.headers['x-mbx-used-weight-1m']).toBe('20');
    expect(placed.headers['x-mbx-order-count-10s']).toBe('1');
    const refused = await order(account, { 'x-refuse': 'yes' });
    expect(refused).toMatchObject({ status: 400, body: { code: -1130, msg: 'Refused before counting.' } });
    expect(refused.headers['x-mbx-used-weight-1m']).toBe('40');
    expect(refused.headers['x-mbx-order-count-10s']).toBeUndefined();
    // 60 > 50: the refused request's answer is the weight's refusal, and so is an order's.
    const overRefused = await order(account, { 'x-refuse': 'yes' });
    expect(overRefused).toMatchObject({ status: 429, body: { code: -1003 } });
    expect(overRefused.headers['x-mbx-used-weight-1m']).toBe('60');
    expect(Number(overRefused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const overPlaced = await order(account);
    expect(overPlaced).toMatchObject({ status: 429, body: { code: -1003 } });
    expect(overPlaced.headers['x-mbx-used-weight-1m']).toBe('80');
  });

  it('past the daily limit: 429 -1015 per 1 DAY; a limit of 0 counts without limiting', async () => {
    await start(0, 2);
    const account = randomUUID();
    const from = async () => {
      address = freshAddress();
      return order(account);
    };
    expect((await from()).status).toBe(200);
    expect((await from()).status).toBe(200);
    const over = await from();
    expect(over).toMatchObject({
      status: 429,
      body: { code: -1015, msg: 'Too many new orders; current limit is 2 orders per 1 DAY.' },
    });
    expect(over.headers['x-mbx-order-count-10s']).toBe('3');
    expect(over.headers['x-mbx-order-count-1d']).toBe('3');
  });
});

describe('the limits as exchangeInfo reports them', () => {
  it("are the settings in Binance's words, a limit of 0 left out", () => {
    expect(binanceRateLimits(loadConfig({}))).toEqual([
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 },
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 200000 },
    ]);
    expect(binanceRateLimits(loadConfig({ API_WEIGHT_LIMIT: '1200', API_ORDER_LIMIT: '0' }))).toEqual([
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 1200 },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 200000 },
    ]);
    expect(() => loadConfig({ API_WEIGHT_LIMIT: '-1' })).toThrow(/API_WEIGHT_LIMIT/);
  });
});
