import { pricesInsideSpread } from '../../support/book-trades';
import { eventually } from '../../support/eventually';
import { expectInSync, followBook } from '../../support/book-follower';
import { cancelOpenOrders } from '../../support/random-book-orders';
import { startRedisServer, type RedisServer } from '../../support/redis-server';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

/**
 * The bus may lose book diffs while Redis is down (their publication is retried about 3 s, then
 * dropped). Orders still commit; the diff stream then skips the update ids it never carried, and a
 * client following Binance's procedure sees the gap, fetches a snapshot again and is exact again.
 */
jest.setTimeout(120_000);

const SYMBOL = 'SOLUSDT';
let redis: RedisServer;
let server: TestExchange;

beforeAll(async () => {
  redis = await startRedisServer();
  server = await startTestExchange({ REDIS_URL: redis.url, MARKET_FEED_SEED: '55' });
});
afterAll(async () => {
  await server.close();
  await redis.kill();
});

it('diffs lost in a Redis outage show as a gap in the update ids; the client resyncs and its book is exact', async () => {
  const trader = await fundedTrader(server, { USD: '10000' }, 'Gap Trader');
  const { client, book, updates } = await followBook(server.url, SYMBOL, `${SYMBOL.toLowerCase()}@depth@100ms`);
  try {
    const prices = await pricesInsideSpread(server, SYMBOL, 3);
    const bid = (price: string) =>
      trader.client.post('/trading/order', { symbol: SYMBOL, side: 'buy', type: 'limit', amount: '0.05', price });

    expect((await bid(prices[0]!)).status).toBe(200);
    await eventually(async () => (updates.length > 0 ? true : undefined), 10_000, 'a first diff');

    await redis.kill();
    expect((await bid(prices[1]!)).status).toBe(200); // committed; its diff cannot reach the bus
    await new Promise((resolve) => setTimeout(resolve, 4000)); // the bus gives up on it
    await redis.start();
    // Once the bus is back, the diffs of later orders arrive: the one lost leaves a gap.
    await eventually(
      async () => {
        expect((await bid(prices[2]!)).status).toBe(200);
        return updates.some((u, i) => i > 0 && u.U !== updates[i - 1]!.u + 1) ? true : undefined;
      },
      30_000,
      'a diff after the gap',
    );
    await eventually(async () => (book.resyncs >= 1 ? true : undefined), 10_000, 'a fresh snapshot');
    await expectInSync(server.url, SYMBOL, book);
    expect(book.depth(100).bids).toContainEqual([prices[1], '0.05']);
  } finally {
    client.close();
    await cancelOpenOrders(server.url, [trader.client.token!], SYMBOL);
  }
});
