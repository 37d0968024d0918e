import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../../server/platform/db/data-source';
import { pricesInsideSpread } from '../../support/book-trades';
import { expectContiguous, expectInSync, followBook } from '../../support/book-follower';
import { eventually } from '../../support/eventually';
import { startExchangeProcess, type ExchangeProcess } from '../../support/exchange-process';
import { createFreshDatabase, type FreshDatabase } from '../../support/fresh-database';
import { ApiClient, registerTrader } from '../../support/http-client';
import { bookActions, cancelOpenOrders, runBookActions } from '../../support/random-book-orders';
import { approveKyc, credit } from '../../support/trader-fixtures';
import { ENTITIES } from '../../../server/entities';
import { severalProcesses as clustered } from '../../support/test-exchange';

/**
 * Two processes with CLUSTER=on: the first owns every book and builds the stream events; a client
 * of the second follows a book there (its snapshot forwarded to the owner, its events carried by
 * Redis) while orders come through both. When the owner dies, the second takes the book over and
 * its update ids go on where the first's stopped: the client's book goes on without a resync.
 */
jest.setTimeout(180_000);

const SYMBOL = 'ETHUSDT';
const DIFFS = `${SYMBOL.toLowerCase()}@depth@100ms`;

(clustered ? describe : describe.skip)('book diffs with two processes sharing the books', () => {
  let database: FreshDatabase;
  let db: DataSource;
  let first: ExchangeProcess;
  let second: ExchangeProcess;
  let tokens: string[];
  const running: ExchangeProcess[] = [];

  const start = async () => {
    const exchange = await startExchangeProcess({
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: process.env.REDIS_URL!,
      CLUSTER: 'on',
      JWT_SECRET: 'cluster-test-secret-of-at-least-32-chars',
      MARKET_FEED: 'simulated',
      MARKET_FEED_SEED: '9',
      LOG_LEVEL: 'info',
    });
    running.push(exchange);
    await eventually(
      async () =>
        (await new ApiClient(exchange.url).get(`/market/depth?symbol=${SYMBOL}`)).status === 200 ? true : undefined,
      20_000,
      'trading ready',
    );
    return exchange;
  };

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'depth_cluster');
    first = await start();
    second = await start();
    db = createDataSource({ url: database.url, poolSize: 2, entities: ENTITIES });
    await db.initialize();
    tokens = [];
    for (const exchange of [first, second]) {
      const trader = await registerTrader(new ApiClient(exchange.url));
      await approveKyc(db, trader.user.id);
      await credit(db, trader.user.id, 'USD', '100000');
      await credit(db, trader.user.id, 'ETH', '100');
      tokens.push(trader.client.token!);
    }
  });

  afterAll(async () => {
    for (const exchange of running) await exchange.kill('SIGKILL');
    await db?.destroy();
    await database?.drop();
  });

  it('a local book followed through the process that does not own it equals the depth after random orders through both', async () => {
    await fc.assert(
      fc.asyncProperty(bookActions(tokens.length, 6), bookActions(tokens.length, 6), async (mine, theirs) => {
        const prices = await pricesInsideSpread(second, SYMBOL, 6);
        const { client, book, updates } = await followBook(second.url, SYMBOL, DIFFS);
        try {
          await Promise.all([
            runBookActions(first.url, tokens, SYMBOL, prices, mine),
            runBookActions(second.url, tokens, SYMBOL, prices, theirs),
          ]);
          await expectInSync(second.url, SYMBOL, book);
          expect(book.resyncs).toBe(0);
          expectContiguous(updates);
        } finally {
          client.close();
          await cancelOpenOrders(second.url, tokens, SYMBOL);
        }
      }),
      { numRuns: 4 },
    );
  });

  it("when the owner dies, the other process's update ids go on from the last one: no resync", async () => {
    const { client, book, updates } = await followBook(second.url, SYMBOL, DIFFS);
    try {
      const prices = await pricesInsideSpread(second, SYMBOL, 2);
      const bid = (price: string) =>
        new ApiClient(second.url, tokens[1]).post('/trading/order', {
          symbol: SYMBOL,
          side: 'buy',
          type: 'limit',
          amount: '0.01',
          price,
        });
      expect((await bid(prices[0]!)).status).toBe(200);
      await expectInSync(second.url, SYMBOL, book);
      const before = book.lastUpdateId!;

      await first.kill('SIGKILL');
      // Served by the second process once it holds the book (the first calls may time out with a 503).
      await eventually(async () => ((await bid(prices[1]!)).status === 200 ? true : undefined), 30_000, 'takeover');
      await expectInSync(second.url, SYMBOL, book);
      expect(book.lastUpdateId!).toBeGreaterThan(before);
      expect(book.resyncs).toBe(0);
      expectContiguous(updates);
      expect(second.output()).toContain('this process now owns these books');
    } finally {
      client.close();
      await cancelOpenOrders(second.url, tokens, SYMBOL);
    }
  });
});
