import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { bucketStart, KLINE_INTERVALS, type KlineInterval } from '../../server/market-data/candles';
import { BOOK_MARKETS } from '../../server/markets/catalog';
import { tradeOnBook } from '../support/book-trades';
import { ApiClient } from '../support/http-client';
import { RecordingSocket } from '../support/market-socket';
import { startTestExchange, type TestExchange } from '../support/test-exchange';
import { fundedTrader } from '../support/trader-fixtures';

let server: TestExchange;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '21' });
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

interface FixtureTrade {
  time: number;
  price: string;
  amount: string;
}

/**
 * Trades written straight into the trades table at chosen times (test setup, as the ledger
 * fixtures are): the engine cannot place a trade in the past, and candle boundaries need exact times.
 */
async function insertTrades(symbol: string, trades: FixtureTrade[]) {
  const { dataSource } = server.exchange.context;
  for (const [i, trade] of trades.entries()) {
    await dataSource.query(
      `INSERT INTO trades (id, symbol, seq, price, amount, quote_amount, taker_side, maker_order_id, taker_order_id,
                           maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
       VALUES ($1, $2, $3, $4, $5, $4::numeric * $5::numeric, 'buy', $6, $7, $8, $9, 0, 0, $10)`,
      [randomUUID(), symbol, 1_000_000 + i, trade.price, trade.amount, randomUUID(), randomUUID(), randomUUID(), randomUUID(), new Date(trade.time)],
    );
  }
}

const clearTrades = (symbol: string) => server.exchange.context.dataSource.query('DELETE FROM trades WHERE symbol = $1', [symbol]);

describe('market data refuses what it does not know', () => {
  it.each(['/market/ticker', '/market/depth', '/market/trades', '/market/klines'])('%s answers 400 "Unknown symbol"', async (path) => {
    expect(await api.get(`${path}?symbol=DOGEUSDT`)).toEqual({ status: 400, body: { detail: 'Unknown symbol' } });
    expect(await api.get(path)).toEqual({ status: 400, body: { detail: 'Unknown symbol' } });
    expect((await api.get(`${path}?symbol=EURUSD`)).body).toEqual({ detail: 'Unknown symbol' });
  });

  it.each([
    '/market/depth?symbol=BTCUSDT&limit=0',
    '/market/depth?symbol=BTCUSDT&limit=101',
    '/market/trades?symbol=BTCUSDT&limit=501',
    '/market/trades?symbol=BTCUSDT&limit=abc',
    '/market/klines?symbol=BTCUSDT&interval=2m',
    '/market/klines?symbol=BTCUSDT&limit=1001',
  ])('%s answers 400 with a detail', async (path) => {
    const response = await api.get(path);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: expect.any(String) });
  });
});

describe('before any trade', () => {
  it('the ticker shows the reference price and no change or volume', async () => {
    const quotes = (await api.get('/market/quotes')).body;
    const ticker = await api.get('/market/ticker?symbol=ETH/USDT');
    expect(ticker.status).toBe(200);
    const reference = quotes.find((q: any) => q.symbol === 'ETHUSDT').price;
    expect(Math.abs(ticker.body.last_price - reference) / reference).toBeLessThan(0.01);
    expect(ticker.body).toEqual({
      symbol: 'ETHUSDT',
      last_price: ticker.body.last_price,
      price_change: 0,
      price_change_percent: 0,
      high: ticker.body.last_price,
      low: ticker.body.last_price,
      volume: 0,
      quote_volume: 0,
    });
  });

  it('the book, trades and candles are empty', async () => {
    expect((await api.get('/market/depth?symbol=SOLUSDT')).body).toEqual({ bids: [], asks: [] });
    expect((await api.get('/market/trades?symbol=SOLUSDT')).body).toEqual([]);
    expect((await api.get('/market/klines?symbol=SOLUSDT')).body).toEqual([]);
  });

  it('quotes list every crypto market and forex pair of the simple screen', async () => {
    const quotes = await api.get('/market/quotes');
    expect(quotes.status).toBe(200);
    const symbols = quotes.body.map((q: any) => q.symbol);
    for (const symbol of ['BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'ADAUSDT', 'SOLUSDT', 'EURUSD', 'GBPUSD', 'USDJPY', 'AUDUSD']) expect(symbols).toContain(symbol);
    expect(quotes.body.find((q: any) => q.symbol === 'USDJPY')).toEqual({ symbol: 'USDJPY', name: 'US Dollar / Japanese Yen', price: expect.any(Number), kind: 'forex' });
    expect(quotes.body.find((q: any) => q.symbol === 'BTCUSDT')).toEqual({ symbol: 'BTCUSDT', name: 'Bitcoin', price: expect.any(Number), kind: 'crypto' });
  });
});

describe('after real trades on a book', () => {
  it('trades, ticker, depth and the current candle tell the same story', async () => {
    await tradeOnBook(server, { symbol: 'BTCUSDT', base: 'BTC', price: '100000', amount: '0.01' });
    await tradeOnBook(server, { symbol: 'BTCUSDT', base: 'BTC', price: '101000', amount: '0.02' });
    await tradeOnBook(server, { symbol: 'BTCUSDT', base: 'BTC', price: '99500', amount: '0.01', taker: 'sell' });
    await tradeOnBook(server, { symbol: 'BTCUSDT', base: 'BTC', price: '102000', amount: '0.01' });

    const trades = await api.get('/market/trades?symbol=BTCUSDT&limit=3');
    expect(trades.body.map((t: any) => [t.price, t.quantity, t.is_buyer_maker])).toEqual([
      [102000, 0.01, false],
      [99500, 0.01, true],
      [101000, 0.02, false],
    ]);
    expect(trades.body[0]).toEqual({ id: expect.any(String), price: 102000, quantity: 0.01, time: expect.any(Number), is_buyer_maker: false });
    expect(Math.abs(trades.body[0].time - Date.now())).toBeLessThan(60_000);

    const ticker = (await api.get('/market/ticker?symbol=BTCUSDT')).body;
    expect(ticker).toEqual({
      symbol: 'BTCUSDT',
      last_price: 102000,
      price_change: 2000,
      price_change_percent: 2,
      high: 102000,
      low: 99500,
      volume: 0.05,
      quote_volume: 1000 + 2020 + 995 + 1020,
    });
    const all = (await api.get('/market/tickers')).body;
    expect(all.map((t: any) => t.symbol)).toEqual(BOOK_MARKETS.map((m) => m.symbol));
    expect(all[0]).toEqual(ticker);

    const [candle] = (await api.get('/market/klines?symbol=BTCUSDT&interval=1d&limit=1')).body;
    expect(candle).toEqual({ time: bucketStart(Date.now(), '1d'), open: 100000, high: 102000, low: 99500, close: 102000, volume: 0.05 });
  });

  it('depth shows resting orders as [price, quantity], best first, summed per level, up to the limit', async () => {
    const bidder = await fundedTrader(server, { USD: '1000' });
    for (const price of ['3800', '3800', '3900']) {
      const resting = await bidder.client.post('/trading/order', { symbol: 'ETHUSDT', side: 'buy', type: 'limit', amount: '0.01', price });
      expect(resting.status).toBe(200);
    }
    const depth = await api.get('/market/depth?symbol=ETHUSDT&limit=1');
    expect(depth.body).toEqual({ bids: [[3900, 0.01]], asks: [] });
    const deeper = await api.get('/market/depth?symbol=ETHUSDT');
    expect(deeper.body.bids).toEqual([
      [3900, 0.01],
      [3800, 0.02],
    ]);
  });
});

describe('candles', () => {
  it('put a trade at the exact start of a bucket in that bucket, and one a millisecond before in the previous one', async () => {
    const symbol = 'ADAUSDT';
    const start = bucketStart(Date.now() - 30 * 60_000, '1m');
    await insertTrades(symbol, [
      { time: start - 1, price: '0.7000', amount: '1' },
      { time: start, price: '0.8000', amount: '2' },
      { time: start + 20_000, price: '0.9000', amount: '3' },
      { time: start + 40_000, price: '0.7500', amount: '4' },
      { time: start + 59_999, price: '0.8500', amount: '5' },
      { time: start + 60_000, price: '0.6000', amount: '6' },
    ]);
    try {
      const candles = (await api.get(`/market/klines?symbol=${symbol}&interval=1m`)).body;
      expect(candles).toEqual([
        { time: start - 60_000, open: 0.7, high: 0.7, low: 0.7, close: 0.7, volume: 1 },
        { time: start, open: 0.8, high: 0.9, low: 0.75, close: 0.85, volume: 14 },
        { time: start + 60_000, open: 0.6, high: 0.6, low: 0.6, close: 0.6, volume: 6 },
      ]);
      const limited = (await api.get(`/market/klines?symbol=${symbol}&interval=1m&limit=40`)).body;
      expect(limited.map((c: any) => c.time)).toEqual([start - 60_000, start, start + 60_000]);
      const tooShort = (await api.get(`/market/klines?symbol=${symbol}&interval=1m&limit=5`)).body;
      expect(tooShort).toEqual([]);
    } finally {
      await clearTrades(symbol);
    }
  });

  it('agree with OHLCV computed by hand, for any trades and any interval', async () => {
    const symbol = 'XRPUSDT';
    const now = Date.now();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(KLINE_INTERVALS) as KlineInterval[])),
        fc.array(
          fc.record({ ago: fc.integer({ min: 0, max: 3 * 86_400_000 }), ticks: fc.integer({ min: 1, max: 99_999 }), lots: fc.integer({ min: 1, max: 1000 }) }),
          { minLength: 1, maxLength: 25 },
        ),
        async (interval, drafts) => {
          // Distinct times, so the order within a bucket is the order of time.
          const trades = [...new Map(drafts.map((d) => [d.ago, d])).values()]
            .map((d) => ({ time: now - d.ago, price: (d.ticks / 10_000).toFixed(4), amount: (d.lots / 10).toFixed(1) }))
            .sort((a, b) => a.time - b.time);
          await insertTrades(symbol, trades);
          try {
            const expected = new Map<number, { time: number; open: number; high: number; low: number; close: number; volume: number }>();
            for (const t of trades) {
              const time = bucketStart(t.time, interval);
              const price = Number(t.price);
              const candle = expected.get(time);
              if (!candle) expected.set(time, { time, open: price, high: price, low: price, close: price, volume: Number(t.amount) });
              else Object.assign(candle, { high: Math.max(candle.high, price), low: Math.min(candle.low, price), close: price, volume: candle.volume + Number(t.amount) });
            }
            const limit = 1000;
            const oldest = bucketStart(Date.now(), interval) - (limit - 1) * KLINE_INTERVALS[interval] * 1000;
            const want = [...expected.values()].filter((c) => c.time >= oldest).sort((a, b) => a.time - b.time);
            const got = (await api.get(`/market/klines?symbol=${symbol}&interval=${interval}&limit=${limit}`)).body;
            expect(got.map((c: any) => ({ ...c, volume: Math.round(c.volume * 10) }))).toEqual(want.map((c) => ({ ...c, volume: Math.round(c.volume * 10) })));
          } finally {
            await clearTrades(symbol);
          }
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe('market rooms on the socket', () => {
  it("receive 'trade', 'depth', 'ticker' and 'kline' after a trade", async () => {
    const socket = await RecordingSocket.connect(server.url);
    try {
      await socket.subscribe('BNB/USDT');
      await tradeOnBook(server, { symbol: 'BNBUSDT', base: 'BNB', price: '700', amount: '0.5' });
      const pushed = await socket.next('trade');
      expect(pushed).toEqual({ symbol: 'BNBUSDT', id: expect.any(String), price: 700, quantity: 0.5, time: expect.any(Number), is_buyer_maker: false });
      const depth = await socket.next('depth', (d) => d.symbol === 'BNBUSDT');
      expect(depth).toEqual({ symbol: 'BNBUSDT', bids: expect.any(Array), asks: expect.any(Array) });
      const ticker = await socket.next('ticker', (t) => t.symbol === 'BNBUSDT');
      expect(ticker).toMatchObject({ symbol: 'BNBUSDT', last_price: 700 });
      for (const interval of ['1m', '15m']) {
        const kline = await socket.next('kline', (k) => k.interval === interval);
        expect(kline).toEqual({ symbol: 'BNBUSDT', interval, kline: { time: bucketStart(pushed.time, interval as KlineInterval), open: 700, high: 700, low: 700, close: 700, volume: 0.5 } });
      }
      expect(socket.events.filter((e) => e.event === 'trade').every((e) => e.data.symbol === 'BNBUSDT')).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('receive nothing about markets the socket did not subscribe to', async () => {
    const socket = await RecordingSocket.connect(server.url);
    try {
      await socket.subscribe('SOLUSDT');
      await tradeOnBook(server, { symbol: 'BNBUSDT', base: 'BNB', price: '701', amount: '0.5' });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(socket.events.filter((e) => ['trade', 'depth', 'ticker', 'kline'].includes(e.event))).toEqual([]);
    } finally {
      socket.close();
    }
  });
});
