import { checkLedger } from '../../../server/ledger/ledger-check';
import { availableBalance } from '../../../server/ledger/ledger';
import { money } from '../../../server/kernel/money';
import { eventually } from '../../support/eventually';
import { ApiClient, loginAs } from '../../support/http-client';
import { startRedisServer, type RedisServer } from '../../support/redis-server';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

/**
 * Redis carries realtime pushes and shared rate limits, never money: with it gone, every money
 * request answers what it committed, login works, and health says the bus is down.
 */
let redis: RedisServer;
let server: TestExchange;

beforeAll(async () => {
  redis = await startRedisServer();
  server = await startTestExchange({ REDIS_URL: redis.url, MARKET_FEED_SEED: '5' });
});
afterAll(async () => {
  await server.close();
  await redis.kill();
});

const query = (params: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;

it('with Redis killed, money requests and login answer 2xx, each committed once, and health says degraded', async () => {
  const { dataSource } = server.exchange.context;
  const trader = await fundedTrader(server, { USD: '1000' }, 'Outage Trader');
  const admin = await loginAs(new ApiClient(server.url), server.admin.email, server.admin.password);
  // A buy is made at the desk's ask, which follows the book's best ask where other tests left orders.
  const price = (await trader.client.get('/market/quotes')).body.find(
    (q: { symbol: string }) => q.symbol === 'BTCUSDT',
  ).ask;

  await redis.kill();

  const deposit = await trader.client.post(`/deposit/request${query({ amount: 50 })}`);
  expect(deposit.status).toBe(200);
  const withdrawal = await trader.client.post(`/withdraw/request${query({ amount: 100 })}`);
  expect(withdrawal.status).toBe(200);
  const bought = await trader.client.post(
    `/trade${query({ symbol: 'BTCUSDT', trade_type: 'buy', amount: '0.001', price })}`,
  );
  expect(bought.status).toBe(200);
  const approved = await admin.post(`/admin/deposit/approve${query({ deposit_id: deposit.body.id })}`);
  expect(approved.status).toBe(200);
  const again = await loginAs(new ApiClient(server.url), trader.email, trader.password);
  expect(again.token).toBeTruthy();

  const health = await trader.client.get('/health');
  expect(health.status).toBe(503);
  expect(health.body).toMatchObject({ status: 'degraded', database: { status: 'ok' }, bus: { status: 'down' } });
  expect((await fetch(`${server.url}/api/health`)).headers.get('retry-after')).toBe('5');

  const rows = (sql: string) => dataSource.query(sql, [trader.user.id]);
  const funding = await rows('SELECT kind, status FROM funding_requests WHERE user_id = $1 ORDER BY kind');
  expect(funding).toEqual([
    { kind: 'deposit', status: 'approved' },
    { kind: 'withdrawal', status: 'pending' },
  ]);
  const trades: Array<{ total: string }> = await rows('SELECT total FROM instant_trades WHERE user_id = $1');
  expect(trades).toHaveLength(1);
  const usd = await availableBalance(dataSource.manager, trader.user.id, 'USD');
  expect(usd.toFixed()).toBe(money('1000').plus(50).minus(100).minus(trades[0].total).toFixed());
  expect((await checkLedger(dataSource.manager)).ok).toBe(true);

  await redis.start();
  await eventually(
    async () => ((await trader.client.get('/health')).status === 200 ? true : undefined),
    15_000,
    'health back to ok',
  );
});
