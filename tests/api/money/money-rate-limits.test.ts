import { randomUUID } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { connectRedis } from '../../../server/platform/bus/redis';
import { createRateLimiter } from '../../../server/platform/http/rate-limit';
import { query } from '../../support/back-office';
import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ MONEY_RATE_LIMIT: '6', ORDER_RATE_LIMIT: '8', MARKET_FEED_SEED: '5' });
});
afterAll(() => server.close());

/** A call whose headers the test reads too. */
async function call(client: ApiClient, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as any,
    retryAfter: response.headers.get('retry-after'),
  };
}

const refusedForRate = (detail: string) => ({ status: 429, body: { detail }, retryAfter: expect.any(String) });

const bid = { symbol: 'ADAUSDT', side: 'buy', type: 'limit', amount: 100, price: 0.1 };

describe('money requests of one trader (MONEY_RATE_LIMIT a minute)', () => {
  it('deposits, withdrawals and instant trades share the budget; one more is 429 with Retry-After', async () => {
    const trader = await fundedTrader(server, { USD: '1000' });
    // A buy is priced at the desk's ask, which follows the book's best ask where other tests left orders.
    const quotes = (await new ApiClient(server.url).get('/market/quotes')).body as Array<{
      symbol: string;
      ask: number;
    }>;
    const price = quotes.find((q) => q.symbol === 'XRPUSDT')!.ask;
    const answers = [
      await call(trader.client, 'POST', `/deposit/request${query({ amount: 10 })}`),
      await call(trader.client, 'POST', `/deposit/request${query({ amount: 11 })}`),
      await call(trader.client, 'POST', `/withdraw/request${query({ amount: 12 })}`),
      await call(trader.client, 'POST', `/withdraw/request${query({ amount: 13 })}`),
      await call(trader.client, 'POST', `/trade${query({ symbol: 'XRPUSDT', trade_type: 'buy', amount: 1, price })}`),
      await call(trader.client, 'POST', `/trade${query({ symbol: 'XRPUSDT', trade_type: 'buy', amount: 1, price })}`),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);

    const refused = await call(trader.client, 'POST', `/deposit/request${query({ amount: 14 })}`);
    expect(refused).toEqual(refusedForRate('Too many requests, please try again in a minute'));
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    // Refused before it was looked at: nothing was filed.
    expect((await trader.client.get('/deposit/history')).body).toHaveLength(2);
  });

  it("another trader's requests are not counted against it", async () => {
    const busy = await registerTrader(new ApiClient(server.url));
    for (let i = 0; i < 6; i++) await busy.client.post(`/deposit/request${query({ amount: 1 })}`);
    expect((await busy.client.post(`/deposit/request${query({ amount: 1 })}`)).status).toBe(429);
    const calm = await registerTrader(new ApiClient(server.url));
    expect((await calm.client.post(`/deposit/request${query({ amount: 1 })}`)).status).toBe(200);
  });

  it('reading is not limited: histories and balances still answer', async () => {
    const busy = await registerTrader(new ApiClient(server.url));
    for (let i = 0; i < 7; i++) await busy.client.post(`/deposit/request${query({ amount: 1 })}`);
    expect((await busy.client.get('/deposit/history')).status).toBe(200);
    expect((await busy.client.get('/user/balance')).status).toBe(200);
  });
});

describe('orders and cancels of one trader (ORDER_RATE_LIMIT a minute)', () => {
  it('placing and cancelling share a budget of their own; one more is 429, and money requests still pass', async () => {
    const trader = await fundedTrader(server, { USD: '1000' });
    const other = await fundedTrader(server, { USD: '1000' });
    const placed = [];
    for (let i = 0; i < 4; i++) placed.push(await call(trader.client, 'POST', '/trading/order', bid));
    expect(placed.map((p) => p.status)).toEqual([200, 200, 200, 200]);
    for (const order of placed)
      expect((await call(trader.client, 'DELETE', '/trading/order', { order_id: order.body.id })).status).toBe(200);

    expect(await call(trader.client, 'POST', '/trading/order', bid)).toEqual(
      refusedForRate('Too many orders, please try again in a minute'),
    );
    expect(await call(trader.client, 'DELETE', '/trading/order', { order_id: placed[0]!.body.id })).toEqual(
      refusedForRate('Too many orders, please try again in a minute'),
    );
    expect((await call(other.client, 'POST', '/trading/order', bid)).status).toBe(200);
    expect((await call(trader.client, 'POST', `/deposit/request${query({ amount: 5 })}`)).status).toBe(200);
  });
});

const withRedis = process.env.REDIS_URL ? describe : describe.skip;

withRedis('a limit shared through Redis', () => {
  it('counts in this process while Redis cannot be reached: requests are served, and still limited', async () => {
    const redis = await connectRedis(process.env.REDIS_URL!);
    redis.destroy();
    const limiter = createRateLimiter(`outage-${randomUUID()}`, 2, redis, 'test');
    await expect(limiter.consume('user')).resolves.toBeInstanceOf(RateLimiterRes);
    await expect(limiter.consume('user')).resolves.toBeInstanceOf(RateLimiterRes);
    await expect(limiter.consume('user')).rejects.toBeInstanceOf(RateLimiterRes);
  });
});
