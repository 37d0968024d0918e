import ccxt from 'ccxt';
import fc from 'fast-check';
import { ccxtProBinance } from '../../support/ccxt-client';
import { pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { depthSnapshot } from '../../support/book-follower';
import { eventually } from '../../support/eventually';
import { bookActions, cancelOpenOrders, runBookActions } from '../../support/random-book-orders';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

/**
 * ccxt.pro's Binance class, pointed at this exchange and nothing else changed: its markets from
 * exchangeInfo, its order book from the REST depth and the diff stream (Binance's procedure, with
 * its own checks of the update ids), its trades and candles from the streams.
 */
jest.setTimeout(120_000);

const SYMBOL = 'BNBUSDT';
const UNIFIED = 'BNB/USDT';
let server: TestExchange;
let exchange: InstanceType<typeof ccxt.pro.binance>;
let tokens: string[];

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '66' });
  exchange = await ccxtProBinance(server.url);
  const traders = await Promise.all(
    [0, 1].map((i) => fundedTrader(server, { USD: '100000', BNB: '100' }, `ccxt Trader ${i}`)),
  );
  tokens = traders.map((t) => t.client.token!);
});
afterAll(async () => {
  await exchange?.close();
  await cancelOpenOrders(server.url, tokens, SYMBOL);
  await server.close();
});

it('loads the markets from exchangeInfo', () => {
  expect(exchange.market(UNIFIED)).toMatchObject({ id: SYMBOL, base: 'BNB', quote: 'USDT', spot: true });
});

it('watchOrderBook keeps the book in sync while it moves, and equals the REST depth once quiet', async () => {
  let latest: Awaited<ReturnType<typeof exchange.watchOrderBook>> | null = null;
  let watching = true;
  // ccxt checks each update's ids itself: a gap or an overlap would end this loop with its error.
  const failures: unknown[] = [];
  const watcher = (async () => {
    while (watching) latest = await exchange.watchOrderBook(UNIFIED);
  })().catch((error: unknown) => failures.push(error));
  try {
    await eventually(async () => latest ?? undefined, 10_000, 'a first order book');
    const prices = await pricesInsideSpread(server, SYMBOL, 8);
    for (const actions of fc.sample(bookActions(tokens.length, 8), { numRuns: 4, seed: 11 }))
      await runBookActions(server.url, tokens, SYMBOL, prices, actions);
    const depth = await eventually(
      async () => {
        const rest = await depthSnapshot(server.url, SYMBOL)();
        return latest!.nonce === rest.lastUpdateId ? rest : undefined;
      },
      15_000,
      "ccxt's book at the depth's update id",
    );
    const levels = (side: Array<[string | number, string | number]>) =>
      side.map(([price, amount]) => [Number(price), Number(amount)]);
    const book = latest!;
    // ccxt keeps every level it was told of: the top of its book is the depth's.
    expect(book.bids.slice(0, depth.bids.length)).toEqual(levels(depth.bids));
    expect(book.asks.slice(0, depth.asks.length)).toEqual(levels(depth.asks));
    expect(failures).toEqual([]);
  } finally {
    watching = false;
    await exchange.unWatchOrderBook(UNIFIED).catch(() => undefined);
    await Promise.race([watcher, new Promise((resolve) => setTimeout(resolve, 1000))]);
  }
});

it('watchTrades sees a trade as it happens: id, price, amount, side', async () => {
  const first = exchange.watchTrades(UNIFIED);
  await new Promise((resolve) => setTimeout(resolve, 300)); // subscribed before the trade
  const [price] = await pricesInsideSpread(server, SYMBOL, 1);
  await tradeOnBook(server, { symbol: SYMBOL, base: 'BNB', price: price!, amount: '0.05', taker: 'sell' });
  let trades = await first;
  const deadline = Date.now() + 10_000;
  while (trades[trades.length - 1]!.price !== Number(price) && Date.now() < deadline)
    trades = await exchange.watchTrades(UNIFIED);
  const trade = trades[trades.length - 1]!;
  expect(trade).toMatchObject({ symbol: UNIFIED, price: Number(price), amount: 0.05, side: 'sell' });
  expect(trade.id).toMatch(/^\d+$/);
  expect(Math.abs(trade.timestamp! - Date.now())).toBeLessThan(60_000);
});

it('watchOHLCV gives the current candle with the trade in it', async () => {
  const watched = exchange.watchOHLCV(UNIFIED, '1m');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const [price] = await pricesInsideSpread(server, SYMBOL, 1);
  await tradeOnBook(server, { symbol: SYMBOL, base: 'BNB', price: price!, amount: '0.02' });
  // The kline of an earlier trade may still be on its way (klines go out once a second): the next ones bring
  // this one. Past the minute's end the next kline opens flat at this close, with no volume: the trade's
  // kline is the one with the trade's volume in it.
  const withTrade = (candle: (typeof candles)[number]) => candle[4] === Number(price) && candle[5]! >= 0.02;
  let candles = await watched;
  const deadline = Date.now() + 10_000;
  while (!candles.some(withTrade) && Date.now() < deadline) candles = await exchange.watchOHLCV(UNIFIED, '1m');
  const [time, open, high, low, close, volume] = candles.find(withTrade) ?? candles[candles.length - 1]!;
  expect(time! % 60_000).toBe(0);
  expect(close).toBe(Number(price));
  expect(high!).toBeGreaterThanOrEqual(Math.max(open!, close!));
  expect(low!).toBeLessThanOrEqual(Math.min(open!, close!));
  expect(volume!).toBeGreaterThanOrEqual(0.02);
});
