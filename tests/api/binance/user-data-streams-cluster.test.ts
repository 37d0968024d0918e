import type { DataSource } from 'typeorm';
import { createDataSource } from '../../../server/platform/db/data-source';
import { binanceCall, createApiKey, signedCall, type CreatedApiKey } from '../../support/binance-client';
import { createFreshDatabase, type FreshDatabase } from '../../support/fresh-database';
import { startClusterProcess, type ExchangeProcess } from '../../support/exchange-process';
import { ApiClient, registerTrader } from '../../support/http-client';
import { StreamClient } from '../../support/stream-client';
import { approveKyc, credit } from '../../support/trader-fixtures';
import { signedParams, WsApiClient } from '../../support/ws-api-client';
import { ENTITIES } from '../../../server/entities';
import { STREAMS_TOPIC } from '../../../server/gateways/streams/stream-events';
import { connectRedis } from '../../../server/platform/bus/redis';
import { TEST_REDIS_PREFIX } from '../../support/redis-namespace';
import { severalProcesses as clustered } from '../../support/test-exchange';

/**
 * User data streams with two processes sharing the books (CLUSTER=on): the first process started
 * owns every book, so a stream held by the second hears of orders only through the bus (and only
 * if the owner has heard that the user has a stream), and what ends a stream in one process ends
 * it in the other.
 */
jest.setTimeout(180_000);

(clustered ? describe : describe.skip)('two server processes', () => {
  let database: FreshDatabase;
  let db: DataSource;
  let owner: ExchangeProcess;
  let other: ExchangeProcess;
  const open: Array<{ close(): void }> = [];

  /** A KYC-approved trader registered through `exchange`, holding `balances`, with a key that may trade. */
  async function trader(exchange: ExchangeProcess, balances: Record<string, string>) {
    const registered = await registerTrader(new ApiClient(exchange.url));
    await approveKyc(db, registered.user.id);
    for (const [asset, amount] of Object.entries(balances)) await credit(db, registered.user.id, asset, amount);
    return { ...registered, key: await createApiKey(registered.client) };
  }

  async function subscribed(exchange: ExchangeProcess, key: CreatedApiKey) {
    const client = await WsApiClient.connect(exchange.url);
    open.push(client);
    expect(await client.request('userDataStream.subscribe.signature', signedParams(key))).toMatchObject({
      result: { subscriptionId: 0 },
    });
    return client;
  }

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'user_streams_cluster');
    owner = await startClusterProcess(database.url);
    other = await startClusterProcess(database.url);
    db = createDataSource({ url: database.url, poolSize: 2, entities: ENTITIES });
    await db.initialize();
    // A process that has just started builds every user's events until it has heard which users
    // have streams elsewhere (UserStreamAudience): the tests run past that, on what it heard.
    await new Promise((resolve) => setTimeout(resolve, 8000));
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(async () => {
    for (const exchange of [owner, other]) await exchange?.kill('SIGKILL');
    await db?.destroy();
    await database?.drop();
  });

  it('a stream held by the process that does not own the book hears of orders and fills, placed through either', async () => {
    const buyer = await trader(owner, { USD: '1000' });
    const seller = await trader(other, { XRP: '100' });
    // The buyer's only stream is on the process that does not own the book.
    const stream = await subscribed(other, buyer.key);
    const bid = await signedCall(other.url, buyer.key, 'POST', '/order', {
      symbol: 'XRPUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '40',
      price: '2.5',
    });
    expect(bid.status).toBe(200);
    const sold = await signedCall(owner.url, seller.key, 'POST', '/order', {
      symbol: 'XRPUSDT',
      side: 'SELL',
      type: 'MARKET',
      quantity: '40',
    });
    expect(sold.status).toBe(200);
    await stream.event((e) => e.x === 'TRADE' && e.X === 'FILLED');
    const reports = stream.events().filter((e) => e.e === 'executionReport');
    expect(reports.map((e) => [e.i, e.x, e.X])).toEqual([
      [bid.body.orderId, 'NEW', 'NEW'],
      [bid.body.orderId, 'TRADE', 'FILLED'],
    ]);
    await stream.event((e) => e.e === 'outboundAccountPosition' && e.B.some((b: { a: string }) => b.a === 'XRP'));
  });

  it('an order list placed and canceled through the process that does not own its book: answers, reports and listStatus', async () => {
    const holder = await trader(owner, { XRP: '100' });
    const stream = await subscribed(other, holder.key);
    const placed = await signedCall(other.url, holder.key, 'POST', '/orderList/oco', {
      symbol: 'XRPUSDT',
      side: 'SELL',
      quantity: '40',
      aboveType: 'LIMIT_MAKER',
      abovePrice: '9',
      belowType: 'STOP_LOSS',
      belowStopPrice: '0.5',
    });
    expect(placed).toMatchObject({ status: 200, body: { contingencyType: 'OCO', listOrderStatus: 'EXECUTING' } });
    const listId = placed.body.orderListId;
    const canceled = await signedCall(other.url, holder.key, 'DELETE', '/orderList', {
      symbol: 'XRPUSDT',
      orderListId: listId,
    });
    expect(canceled.body.orderReports.map((o: { status: string }) => o.status)).toEqual(['CANCELED', 'CANCELED']);
    await stream.event((e) => e.e === 'listStatus' && e.g === listId && e.l === 'ALL_DONE');
    const lists = stream.events().filter((e) => e.e === 'listStatus');
    expect(lists.map((e) => [e.g, e.l])).toEqual([
      [listId, 'EXEC_STARTED'],
      [listId, 'ALL_DONE'],
    ]);
  });

  it('the market streams are built for what some process listens to: a kline stream listened to in either process, and no other', async () => {
    // A market with a trade, so that it has klines.
    const seller = await trader(owner, { ADA: '20' });
    const buyer = await trader(owner, { USD: '100' });
    const order = { symbol: 'ADAUSDT', type: 'LIMIT', timeInForce: 'GTC', quantity: '20', price: '0.8' };
    expect((await signedCall(owner.url, seller.key, 'POST', '/order', { ...order, side: 'SELL' })).status).toBe(200);
    expect((await signedCall(owner.url, buyer.key, 'POST', '/order', { ...order, side: 'BUY' })).status).toBe(200);
    // Which process builds them is elected; each listens here in turn, on an interval nothing else asks for.
    for (const [exchange, interval] of [
      [other, '6h'],
      [owner, '8h'],
    ] as const) {
      const client = await StreamClient.connect(exchange.url, `/ws/adausdt@kline_${interval}`);
      open.push(client);
      expect(await client.next((m) => m.e === 'kline', 8000)).toMatchObject({ s: 'ADAUSDT', k: { i: interval } });
    }
    // What the bus carries for two seconds: the klines of those two streams, none of the 30 others.
    const bus = await connectRedis(process.env.REDIS_URL!);
    const carried = new Set<string>();
    try {
      await bus.subscribe(`${TEST_REDIS_PREFIX}:${STREAMS_TOPIC}`, (raw) => {
        for (const { stream } of JSON.parse(raw) as Array<{ stream: string }>) carried.add(stream);
      });
      await new Promise((resolve) => setTimeout(resolve, 2000));
    } finally {
      await bus.close();
    }
    expect([...carried].filter((stream) => stream.includes('@kline')).sort()).toEqual([
      'adausdt@kline_6h',
      'adausdt@kline_8h',
    ]);
  });

  it('a listenKey opened through one process streams through the other, and closing it there ends it here', async () => {
    const who = await trader(owner, {});
    const opened = await binanceCall(owner.url, 'POST', '/userDataStream', {
      headers: { 'X-MBX-APIKEY': who.key.api_key },
    });
    const listenKey = opened.body.listenKey as string;
    const client = await StreamClient.connect(other.url, `/ws/${listenKey}`);
    open.push(client);
    const holder = await subscribed(other, who.key);
    await credit(db, who.user.id, 'USD', '1');
    // A credit made straight in the database publishes nothing: events come from the services.
    const request = await who.client.post('/withdraw/request?amount=1');
    expect(request.status).toBe(200);
    expect(await client.next((m) => m.e === 'balanceUpdate')).toMatchObject({ a: 'USDT', d: '-1.00000000' });

    const closed = await binanceCall(owner.url, 'DELETE', '/userDataStream', {
      query: `listenKey=${listenKey}`,
      headers: { 'X-MBX-APIKEY': who.key.api_key },
    });
    expect(closed.status).toBe(200);
    expect(await client.whenClosed()).toEqual({ code: 1000, reason: 'listenKey closed' });

    const keys = (await who.client.get('/account/api-keys')).body;
    expect((await who.client.delete(`/account/api-keys/${keys[0].id}`)).status).toBe(200);
    expect(await holder.event((e) => e.e === 'eventStreamTerminated')).toEqual({
      e: 'eventStreamTerminated',
      E: expect.any(Number),
    });
  });
});
