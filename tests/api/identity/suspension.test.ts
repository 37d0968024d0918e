import { query, signInAdmin, traderWithDeposit } from '../../support/back-office';
import { pricesInsideSpread } from '../../support/book-trades';
import { ApiClient, loginAs } from '../../support/http-client';
import { RecordingSocket } from '../../support/market-socket';
import { withDatabase } from '../../support/exchange-process';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { balanceOf, ledgerReport, placed } from '../../support/trading-fixtures';
import { fundedTrader } from '../../support/trader-fixtures';

/** Suspension cuts a trader off: their sockets, and every order they have on the books. */

jest.setTimeout(60_000);

let server: TestExchange;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestExchange();
  admin = await signInAdmin(server);
});
afterAll(() => server.close());

const suspend = (userId: string) => admin.post(`/admin/user/suspend${query({ user_id: userId })}`);
const activate = (userId: string) => admin.post(`/admin/user/activate${query({ user_id: userId })}`);

const openOrderIds = async (userId: string): Promise<string[]> =>
  (
    (await server.exchange.context.dataSource.query(
      "SELECT id FROM orders WHERE user_id = $1 AND status IN ('new', 'partially_filled', 'waiting')",
      [userId],
    )) as Array<{ id: string }>
  ).map((row) => row.id);

const depth = async (symbol: string) =>
  (await admin.get(`/market/depth?symbol=${symbol}&limit=100`)).body as {
    bids: Array<[number, number]>;
    asks: Array<[number, number]>;
  };

const limit = (symbol: string, side: 'buy' | 'sell', price: string, amount: string) => ({
  symbol,
  side,
  type: 'limit',
  price,
  amount,
});

describe('suspending a trader', () => {
  it('disconnects their sockets at once; no later event reaches them, and their old token reconnects to the public rooms only', async () => {
    const trader = await traderWithDeposit(server, admin, 100, 'Cut Off');
    const adminSocket = await RecordingSocket.connect(server.url, admin.token);
    const socket = await RecordingSocket.connect(server.url, trader.client.token);
    try {
      // The socket hears its owner's funding events before the suspension.
      const first = await trader.client.post(`/deposit/request${query({ amount: 5 })}`);
      await admin.post(`/admin/deposit/approve${query({ deposit_id: first.body.id })}`);
      await socket.next('funding', (data) => data.id === first.body.id);
      const pending = await trader.client.post(`/deposit/request${query({ amount: 7 })}`);
      expect(pending.status).toBe(200);

      const closed = socket.closedByServer();
      expect((await suspend(trader.user.id)).status).toBe(200);
      expect(await closed).toBe('io server disconnect');
      const heardBefore = socket.events.length;

      const again = await RecordingSocket.connect(server.url, trader.client.token);
      try {
        adminSocket.events.length = 0;
        expect((await admin.post(`/admin/deposit/approve${query({ deposit_id: pending.body.id })}`)).status).toBe(200);
        // The admin room hears of the decision after its owner's room was told (one bus, in order).
        await adminSocket.next('admin:update', (data) => data.kind === 'deposit');
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(socket.events.slice(heardBefore)).toEqual([]);
        expect(again.events.filter((e) => e.event === 'funding' || e.event === 'balance')).toEqual([]);
        expect(socket.socket.connected).toBe(false);
      } finally {
        again.close();
      }
    } finally {
      socket.close();
      adminSocket.close();
    }
  });

  it('cancels their open orders on every book, releasing what they held, before it answers; activating them again restores none', async () => {
    const trader = await fundedTrader(server, { USD: '1000', ETH: '1' }, 'Suspended Trader');
    const other = await fundedTrader(server, { USD: '1000', SOL: '10' }, 'Other Trader');
    const [solLow, solBid] = await pricesInsideSpread(server, 'SOLUSDT', 2);
    const [ethAsk] = await pricesInsideSpread(server, 'ETHUSDT', 1);
    for (let i = 0; i < 3; i++) await placed(trader.client, limit('SOLUSDT', 'buy', solBid!, '0.1'));
    await placed(trader.client, limit('SOLUSDT', 'buy', solLow!, '0.2'));
    for (let i = 0; i < 2; i++) await placed(trader.client, limit('ETHUSDT', 'sell', ethAsk!, '0.01'));
    // A stop order waiting for its trigger holds its funds too.
    await placed(trader.client, {
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'stop_limit',
      price: '9000',
      stop_price: '9000',
      amount: '0.01',
    });
    expect(await openOrderIds(trader.user.id)).toHaveLength(7);
    expect(Number((await balanceOf(server, trader.user.id, 'USD')).locked)).toBeGreaterThan(0);
    expect((await depth('SOLUSDT')).bids).toContainEqual([Number(solBid), 0.3]);
    expect((await depth('ETHUSDT')).asks).toContainEqual([Number(ethAsk), 0.02]);

    const suspended = await suspend(trader.user.id);
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ id: trader.user.id, is_active: false, balance: 1000 });

    // Answered: nothing of theirs is open, everything they held is back, the books show none of it.
    expect(await openOrderIds(trader.user.id)).toEqual([]);
    expect(await balanceOf(server, trader.user.id, 'USD')).toEqual({ available: '1000', locked: '0' });
    expect(await balanceOf(server, trader.user.id, 'ETH')).toEqual({ available: '1', locked: '0' });
    const solBids = (await depth('SOLUSDT')).bids.map(([price]) => price);
    expect(solBids).not.toContain(Number(solBid));
    expect(solBids).not.toContain(Number(solLow));
    expect((await depth('ETHUSDT')).asks.map(([price]) => price)).not.toContain(Number(ethAsk));

    // Orders that would have taken theirs meet nothing.
    const sell = await placed(other.client, limit('SOLUSDT', 'sell', solBid!, '0.1'));
    const buy = await placed(other.client, limit('ETHUSDT', 'buy', ethAsk!, '0.01'));
    expect(sell).toMatchObject({ status: 'new', filled: 0, fills: [] });
    expect(buy).toMatchObject({ status: 'new', filled: 0, fills: [] });
    for (const order of [sell, buy])
      expect((await other.client.delete('/trading/order', { order_id: order.id })).status).toBe(200);

    const report = await ledgerReport(server);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);

    expect((await activate(trader.user.id)).status).toBe(200);
    const again = await loginAs(new ApiClient(server.url), trader.email, trader.password);
    expect((await again.get('/trading/orders/open')).body).toEqual([]);
    const history = (await again.get('/trading/orders/history')).body as Array<{ status: string }>;
    expect(history.map((order) => order.status)).toEqual(Array(7).fill('canceled'));
  });

  it('never fills a resting order of a trader suspended before the books heard of it: the order is cancelled instead', async () => {
    const trader = await fundedTrader(server, { BNB: '1' }, 'Suspended Maker');
    const taker = await fundedTrader(server, { USD: '1000' }, 'Would-be Taker');
    const [price] = await pricesInsideSpread(server, 'BNBUSDT', 1);
    const resting = await placed(trader.client, limit('BNBUSDT', 'sell', price!, '0.5'));
    // The suspension has committed and its cancels have not run yet: the books have not been told.
    await server.exchange.context.dataSource.query('UPDATE users SET is_active = false WHERE id = $1', [
      trader.user.id,
    ]);

    const buy = await placed(taker.client, limit('BNBUSDT', 'buy', price!, '0.5'));
    expect(buy).toMatchObject({ status: 'new', filled: 0, fills: [] });
    expect(await openOrderIds(trader.user.id)).toEqual([]);
    const [row] = await server.exchange.context.dataSource.query('SELECT status FROM orders WHERE id = $1', [
      resting.id,
    ]);
    expect(row.status).toBe('canceled');
    expect(await balanceOf(server, trader.user.id, 'BNB')).toEqual({ available: '1', locked: '0' });
    expect((await taker.client.delete('/trading/order', { order_id: buy.id })).status).toBe(200);
    expect((await ledgerReport(server)).mismatches).toEqual([]);
  });

  // Last: it stops this file's exchange and starts another on the same database.
  it('orders a suspension left open (the server died before its cancels) are cancelled when the books are recovered at start', async () => {
    const trader = await fundedTrader(server, { USD: '500', ADA: '100' }, 'Crashed Suspension');
    const [adaAsk] = await pricesInsideSpread(server, 'ADAUSDT', 1);
    const [solBid] = await pricesInsideSpread(server, 'SOLUSDT', 1);
    await placed(trader.client, limit('ADAUSDT', 'sell', adaAsk!, '50'));
    await placed(trader.client, limit('SOLUSDT', 'buy', solBid!, '0.5'));
    await server.close();
    await withDatabase((dataSource) =>
      dataSource.query('UPDATE users SET is_active = false WHERE id = $1', [trader.user.id]),
    );

    server = await startTestExchange();
    admin = await signInAdmin(server);
    expect(await openOrderIds(trader.user.id)).toEqual([]);
    expect(await balanceOf(server, trader.user.id, 'USD')).toEqual({ available: '500', locked: '0' });
    expect(await balanceOf(server, trader.user.id, 'ADA')).toEqual({ available: '100', locked: '0' });
    expect((await depth('ADAUSDT')).asks.map(([price]) => price)).not.toContain(Number(adaAsk));
    expect((await depth('SOLUSDT')).bids.map(([price]) => price)).not.toContain(Number(solBid));
    const report = await ledgerReport(server);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
