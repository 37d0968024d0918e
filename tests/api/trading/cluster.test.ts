import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { lockKey } from '../../../server/trading/cluster/advisory-locks';
import { LADDER_LEVELS } from '../../../server/trading/liquidity/quote-ladder';
import { ClusteredTradingService } from '../../../server/trading/cluster/clustered-trading.service';
import { createDataSource } from '../../../server/platform/db/data-source';
import { money } from '../../../server/kernel/money';

import { eventually } from '../../support/eventually';
import { createApiKey, signedCall } from '../../support/binance-client';
import { createFreshDatabase, type FreshDatabase } from '../../support/fresh-database';
import { startExchangeProcess, type ExchangeProcess } from '../../support/exchange-process';
import { ApiClient, loginAs, registerTrader } from '../../support/http-client';
import { RecordingSocket } from '../../support/market-socket';
import { startTestExchange, severalProcesses as clustered } from '../../support/test-exchange';
import { approveKyc, credit } from '../../support/trader-fixtures';
import { OPENING_BOOK_MARKETS } from '../../support/opening-catalog';
import { ENTITIES } from '../../../server/entities';

jest.setTimeout(180_000);

describe('one process (CLUSTER off, the default)', () => {
  it('owns every book itself, with no advisory lock taken', async () => {
    const server = await startTestExchange();
    try {
      expect(server.exchange.trading).not.toBeInstanceOf(ClusteredTradingService);
      const api = new ApiClient(server.url);
      for (const market of OPENING_BOOK_MARKETS)
        expect((await api.get(`/market/depth?symbol=${market.symbol}`)).status).toBe(200);
      const [locks] = await server.exchange.context.dataSource.query(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
      );
      expect(locks.n).toBe(0);
    } finally {
      await server.close();
    }
  });
});

(clustered ? describe : describe.skip)('two server processes on one database and one Redis', () => {
  const admin = { email: 'cluster-admin@test.local', password: 'admin-password-123' };
  const env = (databaseUrl: string, marketMaker: 'on' | 'off') => ({
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: process.env.REDIS_URL!,
    CLUSTER: 'on',
    JWT_SECRET: 'cluster-test-secret-of-at-least-32-chars',
    // API keys' secrets are sealed with it: both processes open them.
    ENCRYPTION_KEY: 'c1'.repeat(32),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'info',
    MARKET_MAKER: marketMaker,
    MARKET_FEED: 'simulated',
    MARKET_FEED_SEED: '7',
  });
  // A database of its own: advisory locks and the cluster's Redis channels are per database, so
  // the other test files' exchanges (on the shared test database) stay out of this cluster.
  let database: FreshDatabase;
  let databaseUrl: string;
  const running: ExchangeProcess[] = [];
  let db: DataSource;

  const start = async (marketMaker: 'on' | 'off') => {
    const exchange = await startExchangeProcess(env(databaseUrl, marketMaker));
    running.push(exchange);
    await eventually(
      async () =>
        (await new ApiClient(exchange.url).get('/market/depth?symbol=XRPUSDT')).status === 200 ? true : undefined,
      20_000,
      'trading ready',
    );
    return exchange;
  };
  const fundedTrader = async (api: ApiClient, balances: Record<string, string>) => {
    const trader = await registerTrader(api);
    await approveKyc(db, trader.user.id);
    for (const [asset, amount] of Object.entries(balances)) await credit(db, trader.user.id, asset, amount);
    return trader;
  };
  const depth = async (exchange: ExchangeProcess) =>
    (await new ApiClient(exchange.url).get('/market/depth?symbol=XRPUSDT&limit=100')).body;

  let first: ExchangeProcess;
  let second: ExchangeProcess;
  let buyer: Awaited<ReturnType<typeof fundedTrader>>;
  let seller: Awaited<ReturnType<typeof fundedTrader>>;

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'cluster');
    databaseUrl = database.url;
    first = await start('off');
    second = await start('off');
    db = createDataSource({ url: databaseUrl, poolSize: 2, entities: ENTITIES });
    await db.initialize();
    buyer = await fundedTrader(new ApiClient(first.url), { USD: '100000' });
    seller = await fundedTrader(new ApiClient(second.url), { XRP: '100000' });
  });

  afterAll(async () => {
    for (const exchange of running) await exchange.kill('SIGKILL');
    await db?.destroy();
    await database?.drop();
  });

  it('gives each book to one process: the first one started owns them all', () => {
    expect(first.output()).toContain('this process now owns these books');
    expect(second.output()).not.toContain('this process now owns these books');
  });

  it('matches an order placed through one process against one placed through the other, and both see the trade and the same book', async () => {
    const socket = await RecordingSocket.connect(second.url);
    try {
      await socket.subscribe('XRPUSDT');
      const rest = await buyer.client.post('/trading/order', {
        symbol: 'XRPUSDT',
        side: 'buy',
        type: 'limit',
        amount: 100,
        price: 2.5,
      });
      expect(rest.status).toBe(200);
      expect(rest.body.status).toBe('new');
      // The resting order reached the owner's book, and both processes read that one book.
      const one = await depth(first);
      expect(one.bids).toContainEqual([2.5, 100]);
      expect(await depth(second)).toEqual(one);

      const cross = await new ApiClient(second.url, seller.client.token).post('/trading/order', {
        symbol: 'XRPUSDT',
        side: 'sell',
        type: 'limit',
        amount: 40,
        price: 2.5,
      });
      expect(cross.status).toBe(200);
      expect(cross.body.status).toBe('filled');
      const tradeId = cross.body.fills[0].id as string;

      const buyerTrades = (await new ApiClient(second.url, buyer.client.token).get('/trading/trades?symbol=XRPUSDT'))
        .body;
      const sellerTrades = (await new ApiClient(first.url, seller.client.token).get('/trading/trades?symbol=XRPUSDT'))
        .body;
      expect(buyerTrades.map((t: { id: string }) => t.id)).toContain(tradeId);
      expect(sellerTrades.map((t: { id: string }) => t.id)).toContain(tradeId);
      const event = await socket.next('trade', (data) => data.id === tradeId, 10_000);
      expect(event).toMatchObject({ symbol: 'XRPUSDT', price: 2.5, quantity: 40 });
      expect(await depth(first)).toEqual(await depth(second));
      expect((await depth(second)).bids).toContainEqual([2.5, 60]);
    } finally {
      socket.close();
    }
  });

  it("answers an owner's refusal with its own status and detail", async () => {
    const refused = await new ApiClient(second.url, seller.client.token).post('/trading/order', {
      symbol: 'XRPUSDT',
      side: 'sell',
      type: 'limit',
      amount: 1_000_000,
      price: 3,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'Insufficient balance' });
    const unknown = await new ApiClient(second.url, seller.client.token).delete('/trading/order', {
      order_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
  });

  it('suspending a trader through one process closes their socket on the other and cancels their orders on the books the other owns', async () => {
    const trader = await fundedTrader(new ApiClient(first.url), { USD: '1000' });
    const socket = await RecordingSocket.connect(first.url, trader.client.token);
    try {
      const order = (
        await new ApiClient(second.url, trader.client.token).post('/trading/order', {
          symbol: 'XRPUSDT',
          side: 'buy',
          type: 'limit',
          amount: 10,
          price: 1.9,
        })
      ).body;
      expect(order.status).toBe('new');
      await socket.next('order', (data) => data.id === order.id, 10_000);
      expect((await depth(second)).bids).toContainEqual([1.9, 10]);

      const closed = socket.closedByServer(10_000);
      const adminOnSecond = await loginAs(new ApiClient(second.url), admin.email, admin.password);
      expect((await adminOnSecond.post(`/admin/user/suspend?user_id=${trader.user.id}`)).status).toBe(200);
      expect(await closed).toBe('io server disconnect');
      const [row] = await db.query('SELECT status FROM orders WHERE id = $1', [order.id]);
      expect(row.status).toBe('canceled');
      const [usd] = await db.query("SELECT available, locked FROM accounts WHERE user_id = $1 AND asset = 'USD'", [
        trader.user.id,
      ]);
      expect([money(usd.available).toFixed(), money(usd.locked).toFixed()]).toEqual(['1000', '0']);
      expect((await depth(first)).bids).not.toContainEqual([1.9, 10]);
    } finally {
      socket.close();
    }
  });

  it('a keyed order sent to both processes at once, and again to the one not owning the book: one order, one answer', async () => {
    const key = randomUUID();
    const order = { symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 10, price: 2.2 };
    const send = (exchange: ExchangeProcess) =>
      new ApiClient(exchange.url, buyer.client.token).request('POST', '/trading/order', {
        body: order,
        headers: { 'Idempotency-Key': key },
      });
    const answers = await Promise.all([first, second, first, second, second, first].map(send));
    answers.push(await send(second));
    const done = answers.filter((answer) => answer.status === 200);
    expect(done.length).toBeGreaterThan(0);
    for (const answer of done) expect(answer.body).toEqual(done[0]!.body);
    for (const answer of answers.filter((a) => a.status !== 200))
      expect(answer).toEqual({ status: 409, body: { detail: 'A request with this Idempotency-Key is in progress' } });
    const [placed] = await db.query(
      "SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND symbol = 'XRPUSDT' AND price = 2.2",
      [buyer.user.id],
    );
    expect(placed.n).toBe(1);

    const cancel = () =>
      new ApiClient(second.url, buyer.client.token).request('DELETE', '/trading/order', {
        body: { order_id: done[0]!.body.id },
        headers: { 'Idempotency-Key': `${key}-cancel` },
      });
    const canceled = await cancel();
    expect(canceled.body.status).toBe('canceled');
    expect(await cancel()).toEqual(canceled);
  });

  it('a keyed order list sent to both processes at once, and again to the one not owning the book: one list, one answer', async () => {
    const key = randomUUID();
    const oco = {
      symbol: 'XRPUSDT',
      kind: 'oco',
      orders: [
        { side: 'buy', type: 'limit', amount: 10, price: 2.1 },
        { side: 'buy', type: 'stop_limit', amount: 10, stop_price: 9, price: 9.1 },
      ],
    };
    const send = (exchange: ExchangeProcess) =>
      new ApiClient(exchange.url, buyer.client.token).request('POST', '/trading/order-list', {
        body: oco,
        headers: { 'Idempotency-Key': key },
      });
    const answers = await Promise.all([second, first, second].map(send));
    answers.push(await send(second));
    const done = answers.filter((answer) => answer.status === 200);
    expect(done.length).toBeGreaterThan(0);
    for (const answer of done) expect(answer.body).toEqual(done[0]!.body);
    for (const answer of answers.filter((a) => a.status !== 200))
      expect(answer).toEqual({ status: 409, body: { detail: 'A request with this Idempotency-Key is in progress' } });
    expect(done[0]!.body).toMatchObject({ kind: 'oco', status: 'executing' });
    const [lists] = await db.query('SELECT count(*)::int AS n FROM order_lists WHERE user_id = $1', [buyer.user.id]);
    expect(lists.n).toBe(1);

    const canceled = await new ApiClient(second.url, buyer.client.token).request('DELETE', '/trading/order-list', {
      body: { list_id: done[0]!.body.id },
    });
    expect(canceled.body).toMatchObject({ id: done[0]!.body.id, status: 'all_done' });
  });

  it('a Binance order sent to the process not owning the book is placed by the owner and answered in full; one client order id sent to both at once is one order', async () => {
    const key = await createApiKey(buyer.client);
    const place = (exchange: ExchangeProcess, params: Record<string, string>) =>
      signedCall(exchange.url, key, 'POST', '/order', { symbol: 'XRPUSDT', side: 'BUY', ...params });
    const resting = { type: 'LIMIT', timeInForce: 'GTC', quantity: '10', price: '2.1', newClientOrderId: 'both' };
    const answers = await Promise.all([first, second, second, first].map((exchange) => place(exchange, resting)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused.body).toEqual({ code: -2010, msg: 'Duplicate order sent.' });
    const canceled = await signedCall(second.url, key, 'DELETE', '/order', {
      symbol: 'XRPUSDT',
      origClientOrderId: 'both',
    });
    expect(canceled.body).toMatchObject({ origClientOrderId: 'both', status: 'CANCELED' });

    await new ApiClient(first.url, seller.client.token).post('/trading/order', {
      symbol: 'XRPUSDT',
      side: 'sell',
      type: 'limit',
      amount: 5,
      price: 2.6,
    });
    const bought = await place(second, { type: 'MARKET', quantity: '5' });
    expect(bought.body).toMatchObject({
      status: 'FILLED',
      executedQty: '5.00000000',
      cummulativeQuoteQty: '13.00000000',
    });
    expect(bought.body.fills).toEqual([
      {
        price: '2.60000000',
        qty: '5.00000000',
        commission: expect.any(String),
        commissionAsset: 'USDT',
        tradeId: expect.any(Number),
      },
    ]);
  });

  it('when the owner is killed, the other process takes the books over, rebuilt from the database', async () => {
    const buyerOnSecond = new ApiClient(second.url, buyer.client.token);
    const before = (
      await buyerOnSecond.post('/trading/order', {
        symbol: 'XRPUSDT',
        side: 'buy',
        type: 'limit',
        amount: 10,
        price: 2.4,
      })
    ).body;
    await first.kill('SIGKILL');

    // A call that reached the dying owner gets a 503 after the forwarding timeout (nobody can say
    // whether it ran); the next ones are served here once this process holds the locks.
    const after = await eventually(
      async () => {
        const response = await buyerOnSecond.post('/trading/order', {
          symbol: 'XRPUSDT',
          side: 'buy',
          type: 'limit',
          amount: 10,
          price: 2.3,
        });
        return response.status === 200 ? response.body : undefined;
      },
      20_000,
      'an order accepted after the takeover',
    );
    expect(after.status).toBe('new');
    const cancel = await buyerOnSecond.delete('/trading/order', { order_id: before.id });
    expect(cancel.body.status).toBe('canceled');
    expect(second.output()).toContain('this process now owns these books');
    expect(second.output()).not.toContain('RECOVERY MISMATCH');

    const open: Array<{ side: string; price: string; quantity: string }> = await db.query(
      `SELECT side, price, SUM(amount - filled) AS quantity FROM orders
        WHERE symbol = 'XRPUSDT' AND status IN ('new', 'partially_filled') GROUP BY side, price`,
    );
    const levels = (side: string, descending: boolean) =>
      open
        .filter((level) => level.side === side)
        .map((level) => [money(level.price).toNumber(), money(level.quantity).toNumber()])
        .sort((a, b) => (descending ? b[0]! - a[0]! : a[0]! - b[0]!));
    expect(await depth(second)).toEqual({
      last_update_id: expect.any(Number),
      bids: levels('buy', true),
      asks: levels('sell', false),
    });

    const check = await (
      await loginAs(new ApiClient(second.url), admin.email, admin.password)
    ).get('/admin/ledger/check');
    expect(check.status).toBe(200);
    expect(check.body.mismatches).toEqual([]);
    expect(check.body.ok).toBe(true);
  });

  it('runs one market maker however many processes have it turned on', async () => {
    const makers = [await start('on'), await start('on')];
    const [makerLock] = (await db.query(
      `SELECT count(*)::int AS holders FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND objsubid = 1 AND classid::text = $1 AND objid::text = $2`,
      advisoryKeyParts('market-maker'),
    )) as Array<{ holders: number }>;
    expect(makerLock!.holders).toBe(1);
    expect(makers.filter((m) => m.output().includes('"lock":"market-maker"')).length).toBe(1);

    // One maker keeps at most a ladder's levels a side per book; a second one would add its own.
    const [maker] = (await db.query("SELECT id FROM users WHERE email = 'market-maker@exchange.internal'")) as Array<{
      id: string;
    }>;
    const deadline = Date.now() + 9_000;
    let most = 0;
    while (Date.now() < deadline) {
      const counts = (await db.query(
        "SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND status IN ('new', 'partially_filled') GROUP BY symbol",
        [maker!.id],
      )) as Array<{ n: number }>;
      most = Math.max(most, ...counts.map((c) => c.n));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2 * LADDER_LEVELS);
  });
});

/** pg_locks shows a bigint advisory key as its high (classid) and low (objid) 32 bits. */
function advisoryKeyParts(name: string): [string, string] {
  const key = BigInt.asUintN(64, BigInt(lockKey(name)));
  return [(key >> 32n).toString(), (key & 0xffffffffn).toString()];
}
