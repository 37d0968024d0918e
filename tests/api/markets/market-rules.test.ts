import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../../server/platform/db/data-source';
import { checkLedger } from '../../../server/ledger/ledger-check';
import { money } from '../../../server/kernel/money';
import { binanceCall } from '../../support/binance-client';
import { startExchangeProcess, tradingReady, type ExchangeProcess } from '../../support/exchange-process';
import { createFreshDatabase, type FreshDatabase } from '../../support/fresh-database';
import { ApiClient, loginAs, registerTrader } from '../../support/http-client';
import { approveKyc, credit } from '../../support/trader-fixtures';
import { ENTITIES } from '../../../server/entities';
import { onPostgres as ownDatabase } from '../../support/test-exchange';

/**
 * A book's tick, lot and minimum order value change only while it holds no order: halted, emptied
 * by the venue, then changed, it trades in the new units and, after a crash, recovers in them. On a
 * database of its own (the embedded database has one connection, held by the exchange process).
 */
jest.setTimeout(180_000);

const BOOK_NOT_EMPTY = 'The tick size, lot size and minimum order value change only while the book holds no order';
const FLOKI = {
  symbol: 'FLOKIUSDT',
  base_asset: 'FLOKI',
  tick_size: '0.001',
  lot_size: '1',
  min_notional: '1',
  reference_price: '0.2',
};
const env = {
  ADMIN_EMAIL: 'rules-admin@test.local',
  ADMIN_PASSWORD: 'admin-password-123',
  JWT_SECRET: 'market-rules-test-secret-of-at-least-32-chars',
};

(ownDatabase ? describe : describe.skip)("a book's tick, lot and minimum order value, changed", () => {
  let database: FreshDatabase;
  let db: DataSource;
  let exchange: ExchangeProcess;
  let admin: ApiClient;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-rules-'));

  const start = async () => {
    exchange = await startExchangeProcess({ ...env, DATABASE_URL: database.url }, dataDir);
    admin = await loginAs(new ApiClient(exchange.url), env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    await tradingReady(exchange.url, admin);
  };
  const patch = (body: unknown) => admin.request('PATCH', `/admin/markets/${FLOKI.symbol}`, { body });
  const cancelOrders = () => admin.post(`/admin/markets/${FLOKI.symbol}/cancel-orders`, {});
  const depth = async () => (await new ApiClient(exchange.url).get(`/market/depth?symbol=${FLOKI.symbol}`)).body;
  const auditNotes = async (action: string) =>
    (
      (await db.query(
        `SELECT a.notes FROM audit_log a WHERE a.target_type = 'market' AND a.action = $1 ORDER BY a.created_at`,
        [action],
      )) as Array<{ notes: string }>
    ).map((entry) => entry.notes);
  const locked = async (userId: string, asset: string) => {
    const [row] = await db.query('SELECT locked FROM accounts WHERE user_id = $1 AND asset = $2', [userId, asset]);
    return money(row.locked).toFixed();
  };
  const trader = async (balances: Record<string, string>) => {
    const registered = await registerTrader(new ApiClient(exchange.url));
    await approveKyc(db, registered.user.id);
    for (const [asset, amount] of Object.entries(balances)) await credit(db, registered.user.id, asset, amount);
    return { id: registered.user.id, token: registered.client.token! };
  };
  /** The trader's client on the process running now. */
  const as = (who: { token: string }) => new ApiClient(exchange.url, who.token);
  const placed = async (who: { token: string }, body: Record<string, string>) => {
    const response = await as(who).post('/trading/order', body);
    if (response.status !== 200) throw new Error(`order refused: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'market_rules');
    db = createDataSource({ url: database.url, poolSize: 2, entities: ENTITIES });
    await db.initialize();
    await start();
    expect((await admin.post('/admin/markets', FLOKI)).status).toBe(201);
  });
  afterAll(async () => {
    await exchange?.kill('SIGKILL');
    await db?.destroy();
    await database?.drop();
  });

  it('refuses a change while an order rests, empties a closed book, then trades and recovers in the new units', async () => {
    const seller = await trader({ FLOKI: '5000' });
    const buyer = await trader({ USD: '1000' });
    const resting = await placed(seller, {
      symbol: FLOKI.symbol,
      side: 'sell',
      type: 'limit',
      amount: '1000',
      price: '0.25',
    });
    // A trade: the book's last price, which stop orders trigger on, is 0.25.
    await placed(buyer, { symbol: FLOKI.symbol, side: 'buy', type: 'limit', amount: '100', price: '0.25' });
    const stop = await placed(buyer, {
      symbol: FLOKI.symbol,
      side: 'buy',
      type: 'stop_limit',
      amount: '100',
      price: '0.3',
      stop_price: '0.29',
    });
    expect(stop.status).toBe('waiting');

    // Orders rest (one of them a waiting stop): nothing changes.
    const refused = await patch({ tick_size: '0.01', lot_size: '10' });
    expect(refused).toMatchObject({ status: 409, body: { detail: BOOK_NOT_EMPTY } });
    expect((await admin.get('/admin/markets')).body.find((m: any) => m.symbol === FLOKI.symbol)).toMatchObject({
      tick_size: '0.001',
      lot_size: '1',
    });

    // The venue empties only a market that takes no new orders.
    expect(await cancelOrders()).toMatchObject({
      status: 409,
      body: { detail: 'Halt the market or set it to cancel-only before cancelling its orders' },
    });
    expect((await patch({ status: 'halted' })).status).toBe(200);
    expect(await cancelOrders()).toMatchObject({ status: 200, body: { canceled: 2 } });
    expect(await locked(seller.id, 'FLOKI')).toBe('0');
    expect(await locked(buyer.id, 'USD')).toBe('0');
    const canceledOrders = (await as(seller).get('/trading/orders/history')).body;
    expect(canceledOrders.find((o: any) => o.id === resting.id)?.status).toBe('canceled');

    // Empty: the rules change with the status, in one audited change.
    const changed = await patch({ tick_size: '0.01', lot_size: '10', min_notional: '5', status: 'trading' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ tick_size: '0.01', lot_size: '10', min_notional: '5', status: 'trading' });
    expect(await auditNotes('market.update')).toEqual([
      'status: trading -> halted',
      'status: halted -> trading; tick_size: 0.001 -> 0.01; lot_size: 1 -> 10; min_notional: 1 -> 5',
    ]);
    expect(await auditNotes('market.cancel_orders')).toEqual(['2 open orders cancelled']);

    // Orders in the old units are refused; in the new ones they trade.
    const offTick = await as(seller).post('/trading/order', {
      symbol: FLOKI.symbol,
      side: 'sell',
      type: 'limit',
      amount: '1000',
      price: '0.255',
    });
    expect(offTick).toMatchObject({ status: 400, body: { detail: 'Price must be a multiple of the tick size 0.01' } });
    const offLot = await as(seller).post('/trading/order', {
      symbol: FLOKI.symbol,
      side: 'sell',
      type: 'limit',
      amount: '1005',
      price: '0.25',
    });
    expect(offLot).toMatchObject({ status: 400, body: { detail: 'Amount must be a multiple of the lot size 10' } });
    const small = await as(seller).post('/trading/order', {
      symbol: FLOKI.symbol,
      side: 'sell',
      type: 'limit',
      amount: '10',
      price: '0.25',
    });
    expect(small).toMatchObject({ status: 400, body: { detail: 'Order value must be at least 5 USDT' } });
    await placed(seller, { symbol: FLOKI.symbol, side: 'sell', type: 'limit', amount: '1000', price: '0.27' });
    await placed(seller, { symbol: FLOKI.symbol, side: 'sell', type: 'limit', amount: '500', price: '0.26' });
    // The last price carried into the new ticks: 0.25 is below this stop, which waits.
    const stopAfter = await placed(buyer, {
      symbol: FLOKI.symbol,
      side: 'buy',
      type: 'stop_limit',
      amount: '100',
      price: '0.31',
      stop_price: '0.3',
    });
    expect(stopAfter.status).toBe('waiting');
    const bought = await placed(buyer, {
      symbol: FLOKI.symbol,
      side: 'buy',
      type: 'limit',
      amount: '200',
      price: '0.26',
    });
    expect(bought.status).toBe('filled');
    const book = await depth();
    expect(book.asks).toEqual([
      [0.26, 300],
      [0.27, 1000],
    ]);
    const info = (await binanceCall(exchange.url, 'GET', '/exchangeInfo', { query: `symbol=${FLOKI.symbol}` })).body;
    expect(info.symbols[0].filters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ filterType: 'PRICE_FILTER', tickSize: '0.01000000' }),
        expect.objectContaining({ filterType: 'LOT_SIZE', stepSize: '10.00000000' }),
        expect.objectContaining({ filterType: 'NOTIONAL', minNotional: '5.00000000' }),
      ]),
    );

    // A crash (no snapshot at stop): recovery starts from the snapshot taken at the change and replays the
    // commands after it, in the new units.
    await exchange.kill('SIGKILL');
    await start();
    expect(await depth()).toEqual(book);
    const open = (await as(buyer).get('/trading/orders/open')).body;
    expect(open.map((o: any) => [o.id, o.status])).toEqual([[stopAfter.id, 'waiting']]);
    const more = await placed(buyer, {
      symbol: FLOKI.symbol,
      side: 'buy',
      type: 'limit',
      amount: '300',
      price: '0.26',
    });
    expect(more.status).toBe('filled');
    expect((await depth()).asks).toEqual([[0.27, 1000]]);
    const [floki] = await db.query(`SELECT available FROM accounts WHERE user_id = $1 AND asset = 'FLOKI'`, [buyer.id]);
    expect(money(floki.available).toFixed()).toBe('600');
    expect((await checkLedger(db.manager)).ok).toBe(true);
    expect(exchange.output()).not.toContain('RECOVERY MISMATCH');
  });

  it('validates the rules and names only listed book markets', async () => {
    expect((await admin.request('PATCH', '/admin/markets/NOPEUSDT', { body: { tick_size: '0.1' } })).status).toBe(404);
    expect((await admin.request('PATCH', '/admin/markets/EURUSD', { body: { tick_size: '0.1' } })).status).toBe(404);
    expect((await admin.post('/admin/markets/NOPEUSDT/cancel-orders', {})).status).toBe(404);
    const zero = await patch({ tick_size: '0' });
    expect(zero).toMatchObject({ status: 400, body: { detail: 'tick_size: must be above zero' } });
    const tooFine = await patch({ tick_size: '0.0000000001', lot_size: '0.000000001' });
    expect(tooFine).toMatchObject({
      status: 400,
      body: { detail: 'The tick size and the lot size may have at most 18 decimals between them' },
    });
  });
});
