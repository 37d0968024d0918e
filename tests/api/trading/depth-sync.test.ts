import fc from 'fast-check';
import { pricesInsideSpread } from '../../support/book-trades';
import { depthSnapshot, expectContiguous, expectInSync, followBook } from '../../support/book-follower';
import type { DepthUpdate } from '../../support/local-order-book';
import { bookActions, cancelOpenOrders, runBookActions } from '../../support/random-book-orders';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

/**
 * A local book kept from a depth snapshot plus the diff stream, as Binance documents it, equals the
 * depth the exchange answers, whatever orders came in between: on the in-memory bus, and with
 * REDIS_URL set, through Redis (depth-sync-cluster.test.ts runs it over two processes).
 */
jest.setTimeout(120_000);

const SYMBOL = 'BNBUSDT';
const DIFFS = `${SYMBOL.toLowerCase()}@depth@100ms`;
let server: TestExchange;
let tokens: string[];

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '44' });
  const traders = await Promise.all(
    [0, 1, 2].map((i) => fundedTrader(server, { USD: '100000', BNB: '100' }, `Depth Trader ${i}`)),
  );
  tokens = traders.map((t) => t.client.token!);
});
afterAll(async () => {
  await cancelOpenOrders(server.url, tokens, SYMBOL);
  await server.close();
});

it('a local book kept from the snapshot and the 100 ms diffs equals the depth after a random order stream', async () => {
  const RUNS = 8;
  let runsWithEvents = 0;
  await fc.assert(
    fc.asyncProperty(bookActions(tokens.length, 8), async (actions) => {
      const prices = await pricesInsideSpread(server, SYMBOL, 8);
      const { client, book, updates } = await followBook(server.url, SYMBOL, DIFFS);
      try {
        await runBookActions(server.url, tokens, SYMBOL, prices, actions);
        await expectInSync(server.url, SYMBOL, book);
        expect(book.resyncs).toBe(0);
        expectContiguous(updates);
        if (updates.length > 0) runsWithEvents++;
      } finally {
        client.close();
        await cancelOpenOrders(server.url, tokens, SYMBOL);
      }
    }),
    { numRuns: RUNS },
  );
  // The diffs moved the books: the comparisons above were of books they built (a run may place nothing).
  expect(runsWithEvents).toBeGreaterThanOrEqual(RUNS / 2);
});

it('the 1000 ms diff stream keeps the same book, in fewer events', async () => {
  const slow = await followBook(server.url, SYMBOL, `${SYMBOL.toLowerCase()}@depth`);
  const fast = await followBook(server.url, SYMBOL, DIFFS);
  try {
    const prices = await pricesInsideSpread(server, SYMBOL, 8);
    const actions = fc.sample(bookActions(tokens.length, 8), { numRuns: 1, seed: 7 })[0]!;
    // Counted from here: a slow window still open when the fast follower connected reaches only the slow one.
    const from = (await depthSnapshot(server.url, SYMBOL)()).lastUpdateId;
    await runBookActions(server.url, tokens, SYMBOL, prices, [...actions, ...actions]);
    await expectInSync(server.url, SYMBOL, slow.book);
    await expectInSync(server.url, SYMBOL, fast.book);
    expect(slow.book.depth(100)).toEqual(fast.book.depth(100));
    expectContiguous(slow.updates);
    const after = (updates: DepthUpdate[]) => updates.filter((u) => u.u > from).length;
    expect(after(slow.updates)).toBeGreaterThan(0);
    expect(after(slow.updates)).toBeLessThanOrEqual(after(fast.updates));
  } finally {
    slow.client.close();
    fast.client.close();
    await cancelOpenOrders(server.url, tokens, SYMBOL);
  }
});
