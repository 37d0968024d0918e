import type { DataSource } from 'typeorm';
import { createDataSource } from '../../../server/platform/db/data-source';
import { eventually } from '../../support/eventually';
import { startClusterProcess, type ExchangeProcess } from '../../support/exchange-process';
import { createFreshDatabase, type FreshDatabase } from '../../support/fresh-database';
import { ApiClient, loginAs, registerTrader } from '../../support/http-client';
import { RecordingSocket } from '../../support/market-socket';
import { approveKyc, credit } from '../../support/trader-fixtures';
import { ENTITIES } from '../../../server/entities';
import { severalProcesses as clustered } from '../../support/test-exchange';

/**
 * Two CLUSTER=on processes: a market listed or halted through one is, within a second, traded or
 * refused through both (each reloads its catalog on the bus; the new book goes to one of them).
 */
jest.setTimeout(180_000);

const admin = { email: 'markets-admin@test.local', password: 'admin-password-123' };
const PEPE = {
  symbol: 'PEPEUSDT',
  base_asset: 'PEPE',
  tick_size: '0.0001',
  lot_size: '1',
  min_notional: '1',
  reference_price: '0.5',
};

(clustered ? describe : describe.skip)('markets administered with two processes sharing the books', () => {
  let database: FreshDatabase;
  let db: DataSource;
  const running: ExchangeProcess[] = [];

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'markets_cluster');
    const env = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
    running.push(await startClusterProcess(database.url, env));
    running.push(await startClusterProcess(database.url, env));
    db = createDataSource({ url: database.url, poolSize: 2, entities: ENTITIES });
    await db.initialize();
  });

  afterAll(async () => {
    for (const exchange of running) await exchange.kill('SIGKILL');
    await db?.destroy();
    await database?.drop();
  });

  const trader = async (exchange: ExchangeProcess, balances: Record<string, string>) => {
    const registered = await registerTrader(new ApiClient(exchange.url));
    await approveKyc(db, registered.user.id);
    for (const [asset, amount] of Object.entries(balances)) await credit(db, registered.user.id, asset, amount);
    return registered.client;
  };
  /** Places the order as soon as the process takes it (at most a second), and returns the answer. */
  const placedWithinASecond = (client: ApiClient, body: Record<string, string>) =>
    eventually(async () => {
      const response = await client.post('/trading/order', body);
      return response.status === 200 ? response.body : undefined;
    }, 1000);

  it('a pair listed through one process trades through both within a second', async () => {
    const [first, second] = running as [ExchangeProcess, ExchangeProcess];
    const seller = await trader(first, { PEPE: '500' });
    const buyer = await trader(second, { USD: '1000' });
    const operator = await loginAs(new ApiClient(first.url), admin.email, admin.password);

    expect((await operator.post('/admin/markets', PEPE)).status).toBe(201);
    const sell = await placedWithinASecond(seller, {
      symbol: 'PEPEUSDT',
      side: 'sell',
      type: 'limit',
      amount: '100',
      price: '0.5',
    });
    const buy = await placedWithinASecond(buyer, {
      symbol: 'PEPEUSDT',
      side: 'buy',
      type: 'limit',
      amount: '100',
      price: '0.5',
    });
    expect(buy.status).toBe('filled');
    expect(buy.fills).toHaveLength(1);
    expect(sell.status).toBe('new');
    for (const exchange of running) {
      const catalog = (await new ApiClient(exchange.url).get('/markets')).body;
      expect(catalog.markets.map((m: any) => m.symbol)).toContain('PEPEUSDT');
    }
  });

  it('a market halted through one process refuses orders through the other within a second, tells its room there, and takes cancels', async () => {
    const [first, second] = running as [ExchangeProcess, ExchangeProcess];
    const client = await trader(first, { USD: '1000' });
    const order = { symbol: 'ETHUSDT', side: 'buy', type: 'limit', amount: '0.01', price: '3000' };
    const resting = await placedWithinASecond(client, order);
    const operator = await loginAs(new ApiClient(second.url), admin.email, admin.password);
    const screen = await RecordingSocket.connect(first.url);
    await screen.subscribe('ETHUSDT');

    const halted = await operator.request('PATCH', '/admin/markets/ETHUSDT', { body: { status: 'halted' } });
    expect(halted.status).toBe(200);
    await screen.next('market', (market) => market.symbol === 'ETHUSDT' && market.status === 'halted', 2000);
    const refused = await eventually(async () => {
      const response = await client.post('/trading/order', order);
      return response.status === 409 ? response.body : undefined;
    }, 1000);
    expect(refused).toEqual({ detail: 'Market is halted' });
    const canceled = await client.delete(`/trading/order?order_id=${resting.id}`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('canceled');

    await operator.request('PATCH', '/admin/markets/ETHUSDT', { body: { status: 'trading' } });
    await screen.next('market', (market) => market.status === 'trading', 2000);
    screen.close();
    expect((await placedWithinASecond(client, order)).status).toBe('new');
  });

  it("a book's tick and lot change through either process, in its owner, and both then take orders in the new units", async () => {
    const [first, second] = running as [ExchangeProcess, ExchangeProcess];
    const client = await trader(first, { USD: '1000' });
    const operator = await loginAs(new ApiClient(second.url), admin.email, admin.password);
    const resting = await placedWithinASecond(client, {
      symbol: 'PEPEUSDT',
      side: 'buy',
      type: 'limit',
      amount: '10',
      price: '0.4',
    });
    const change = (body: unknown) => operator.request('PATCH', '/admin/markets/PEPEUSDT', { body });
    expect((await change({ tick_size: '0.01' })).status).toBe(409);
    await change({ status: 'halted' });
    expect((await operator.post('/admin/markets/PEPEUSDT/cancel-orders', {})).body).toEqual({ canceled: 1 });
    expect((await client.get('/trading/orders/history')).body.find((o: any) => o.id === resting.id).status).toBe(
      'canceled',
    );
    // Through each process once: one of them does not own the book and forwards the change to the other.
    const throughFirst = await loginAs(new ApiClient(first.url), admin.email, admin.password);
    const viaFirst = await throughFirst.request('PATCH', '/admin/markets/PEPEUSDT', { body: { tick_size: '0.005' } });
    expect(viaFirst.body).toMatchObject({ tick_size: '0.005' });
    const changed = await change({ tick_size: '0.01', lot_size: '10', status: 'trading' });
    expect(changed.body).toMatchObject({ tick_size: '0.01', lot_size: '10', status: 'trading' });
    for (const exchange of running) {
      const through = new ApiClient(exchange.url, client.token);
      const offTick = await eventually(async () => {
        const response = await through.post('/trading/order', {
          symbol: 'PEPEUSDT',
          side: 'buy',
          type: 'limit',
          amount: '10',
          price: '0.405',
        });
        return response.status === 400 ? response.body : undefined;
      }, 1000);
      expect(offTick).toEqual({ detail: 'Price must be a multiple of the tick size 0.01' });
      const order = await placedWithinASecond(through, {
        symbol: 'PEPEUSDT',
        side: 'buy',
        type: 'limit',
        amount: '20',
        price: '0.41',
      });
      expect(order.status).toBe('new');
    }
    const depth = (await new ApiClient(first.url).get('/market/depth?symbol=PEPEUSDT')).body;
    expect(depth.bids).toEqual([[0.41, 40]]);
  });
});
