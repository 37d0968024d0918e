import { Client } from 'pg';
import { createLogger } from '../../../server/platform/logger/logger';
import { query, signInAdmin } from '../../support/back-office';
import { binanceCall, createApiKey, signedCall, type CreatedApiKey } from '../../support/binance-client';
import type { ApiClient } from '../../support/http-client';
import { startPostgresServer, startPostgresStandby, type PostgresServer } from '../../support/postgres-server';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

/**
 * History read on a synchronous standby (DATABASE_READ_URL), on a primary and a standby of the
 * test's own (remote_apply: a commit is acknowledged once the standby has applied it): what a
 * trader has just done is in their history at once, the reads did go to the standby, and with the
 * standby gone they are answered by the primary, the fallback logged once.
 */
jest.setTimeout(180_000);

const onPostgres = Boolean(process.env.DATABASE_URL);
const describeOnPostgres = onPostgres ? describe : describe.skip;

const SYMBOL = 'XRPUSDT';
const FALLBACK = 'read standby unreachable: history reads fall back to the primary';

async function sql<Row>(url: string, text: string): Promise<Row[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
}

describeOnPostgres('history reads on a synchronous standby', () => {
  let primary: PostgresServer | undefined;
  let standby: PostgresServer | undefined;
  let server: TestExchange | undefined;
  const logged: Array<{ level: number; msg: string }> = [];
  let buyer: { client: ApiClient; user: { id: string }; key: CreatedApiKey };
  let seller: { client: ApiClient; user: { id: string }; key: CreatedApiKey };
  let admin: ApiClient;

  beforeAll(async () => {
    primary = await startPostgresServer({
      port: 5461,
      settings: { wal_level: 'replica', synchronous_standby_names: '*', synchronous_commit: 'remote_apply' },
    });
    standby = await startPostgresStandby(primary, { port: 5462, name: 'exchange_standby' });
    for (let tries = 0; ; tries++) {
      const rows = await sql<{ sync_state: string }>(primary.url, 'SELECT sync_state FROM pg_stat_replication');
      if (rows.some((row) => row.sync_state === 'sync')) break;
      if (tries > 200) throw new Error('the standby never became synchronous');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const logger = createLogger('info', { write: (line: string) => void logged.push(JSON.parse(line)) });
    server = await startTestExchange(
      {
        DATABASE_URL: primary.url,
        DATABASE_POOL_SIZE: '4',
        DATABASE_READ_URL: standby.url,
        DATABASE_READ_POOL_SIZE: '3',
      },
      logger,
    );
    const withKey = async (balances: Record<string, string>, name: string) => {
      const trader = await fundedTrader(server!, balances, name);
      return { ...trader, key: await createApiKey(trader.client) };
    };
    buyer = await withKey({ USD: '100000' }, 'Replica Buyer');
    seller = await withKey({ XRP: '100000' }, 'Replica Seller');
    admin = await signInAdmin(server);
  });
  afterAll(async () => {
    await server?.close();
    await standby?.remove();
    await primary?.remove();
  });

  const binance = (key: CreatedApiKey, path: string) =>
    signedCall<Array<Record<string, unknown>>>(server!.url, key, 'GET', path, { symbol: SYMBOL, limit: '1000' });

  it('what a trader has just done is in their history at once, read on the standby', async () => {
    for (let round = 1; round <= 12; round++) {
      const sell = await seller.client.post('/trading/order', {
        symbol: SYMBOL,
        side: 'sell',
        type: 'limit',
        amount: 10,
        price: 1,
      });
      expect(sell.status).toBe(200);
      // Open, so in allOrders (not in the web's history of finished orders) the moment it is placed.
      const sellerOrders = await binance(seller.key, '/allOrders');
      expect(sellerOrders.status).toBe(200);
      expect(sellerOrders.body).toHaveLength(round);

      const buy = await buyer.client.post('/trading/order', {
        symbol: SYMBOL,
        side: 'buy',
        type: 'limit',
        amount: 10,
        price: 1,
      });
      expect(buy.status).toBe(200);
      expect(buy.body.status).toBe('filled');
      const history = await buyer.client.get(`/trading/orders/history${query({ symbol: SYMBOL, limit: 100 })}`);
      expect(history.status).toBe(200);
      expect(history.body.map((order: { id: string }) => order.id)).toContain(buy.body.id);
      const trades = await buyer.client.get(`/trading/trades${query({ symbol: SYMBOL, limit: 100 })}`);
      expect(trades.status).toBe(200);
      expect(trades.body).toHaveLength(round);
      expect((await seller.client.get('/trading/trades')).body).toHaveLength(round);
      expect((await binance(buyer.key, '/myTrades')).body).toHaveLength(round);
      expect((await binance(buyer.key, '/allOrders')).body).toHaveLength(round);
    }
    const readers = await sql<{ count: number }>(
      standby!.url,
      "SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = 'exchange-reads'",
    );
    expect(readers[0]!.count).toBeGreaterThan(0);
    const onPrimary = await sql<{ count: number }>(
      primary!.url,
      "SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = 'exchange-reads'",
    );
    expect(onPrimary[0]!.count).toBe(0);
  });

  it('klines and the admin lists read through the standby, a deposit request listed at once', async () => {
    const klines = await buyer.client.get(`/market/klines${query({ symbol: SYMBOL, interval: '1m' })}`);
    expect(klines.status).toBe(200);
    expect(klines.body.length).toBeGreaterThan(0);
    const binanceKlines = await binanceCall(server!.url, 'GET', `/klines${query({ symbol: SYMBOL, interval: '1m' })}`);
    expect(binanceKlines.status).toBe(200);
    expect(binanceKlines.body.length).toBeGreaterThan(0);

    const deposit = await buyer.client.post(`/deposit/request${query({ amount: 10 })}`);
    expect(deposit.status).toBe(200);
    const deposits = await admin.get(`/admin/deposits${query({ status: 'pending' })}`);
    expect(deposits.status).toBe(200);
    expect(deposits.body.map((item: { id: string }) => item.id)).toContain(deposit.body.id);
    const users = await admin.get('/admin/users');
    expect(users.status).toBe(200);
    expect(users.body.map((user: { id: string }) => user.id)).toEqual(
      expect.arrayContaining([buyer.user.id, seller.user.id]),
    );
    const trades = await admin.get(`/admin/users/${buyer.user.id}/trades`);
    expect(trades.status).toBe(200);
    expect(trades.body.length).toBeGreaterThan(0);
    const audit = await admin.request('GET', '/admin/audit/export');
    expect(audit.status).toBe(200);
  });

  it('with the standby gone, history is read on the primary, the fallback logged once', async () => {
    // As Patroni does when the synchronous standby goes: the primary stops waiting for it.
    await sql(primary!.url, "ALTER SYSTEM SET synchronous_standby_names = ''");
    await sql(primary!.url, 'SELECT pg_reload_conf()');
    await standby!.stop();

    for (let read = 0; read < 5; read++) {
      const history = await buyer.client.get(`/trading/orders/history${query({ symbol: SYMBOL, limit: 100 })}`);
      expect(history.status).toBe(200);
      expect(history.body).toHaveLength(12);
      expect((await buyer.client.get('/trading/trades')).body).toHaveLength(12);
      const myTrades = await binance(buyer.key, '/myTrades');
      expect(myTrades.status).toBe(200);
      expect(myTrades.body).toHaveLength(12);
      const klines = await buyer.client.get(`/market/klines${query({ symbol: SYMBOL, interval: '1m' })}`);
      expect(klines.status).toBe(200);
      expect(klines.body.length).toBeGreaterThan(0);
      const users = await admin.get('/admin/users');
      expect(users.status).toBe(200);
    }
    expect(logged.filter((line) => line.msg === FALLBACK)).toHaveLength(1);
  });
});
