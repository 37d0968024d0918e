import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { EntityManager } from 'typeorm';
import {
  bucketStart,
  KLINE_INTERVALS,
  loadKlines,
  type KlineInterval,
} from '../../../server/trading/market-data/candles';

import { pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { ApiClient } from '../../support/http-client';
import { RecordingSocket } from '../../support/market-socket';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';
import { OPENING_BOOK_MARKETS } from '../../support/opening-catalog';

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
 * Trades written straight into the trades table at chosen times, under a symbol no market uses
 * (test setup, as the ledger fixtures are): the engine cannot place a trade in the past, and candle
 * boundaries need exact times. The candles are then read with the same query the API runs.
 */
async function withFixtureTrades(
  symbol: string,
  trades: FixtureTrade[],
  read: (manager: EntityManager) => Promise<void>,
) {
  const { dataSource } = server.exchange.context;
  for (const [i, trade] of trades.entries()) {
    await dataSource.query(
      `INSERT INTO trades (id, symbol, seq, price, amount, quote_amount, taker_side, maker_order_id, taker_order_id,
                           maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
       VALUES ($1, $2, $3, $4, $5, $4::numeric * $5::numeric, 'buy', $6, $7, $8, $9, 0, 0, $10)`,
      [
        randomUUID(),
        symbol,
        i + 1,
        trade.price,
        trade.amount,
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        new Date(trade.time),
      ],
    );
  }
  try {
    await read(dataSource.manager);
  } finally {
    await dataSource.query('DELETE FROM trades WHERE symbol = $1', [symbol]);
  }
}

const ticker = async (symbol: string) => (await api.get(`/market/ticker?symbol=${symbol}`)).body;

describe('market data refuses what it does not know', () => {
  it.each(['/market/ticker', '/market/depth', '/market/trades', '/market/klines'])(
    '%s answers 400 "Unknown symbol"',
    async (path) => {
      expect(await api.get(`${path}?symbol=DOGEUSDT`)).toEqual({ status: 400, body: { detail: 'Unknown symbol' } });
      expect(await api.get(path)).toEqual({ status: 400, body: { detail: 'Unknown symbol' } });
      expect((await api.get(`${path}?symbol=EURUSD`)).body).toEqual({ detail: 'Unknown symbol' });
    },
  );

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

describe('quotes', () => {
  it('list every crypto market and forex pair of the simple screen', async () => {
    const quotes = await api.get('/market/quotes');
    expect(quotes.status).toBe(200);
    const symbols = quotes.body.map((q: any) => q.symbol);
    for (const symbol of [
      'BTCUSDT',
      'ETHUSDT',
      'BNBUSDT',
      'ADAUSDT',
      'SOLUSDT',
      'EURUSD',
      'GBPUSD',
      'USDJPY',
      'AUDUSD',
    ])
      expect(symbols).toContain(symbol);
    expect(quotes.body.find((q: any) => q.symbol === 'USDJPY')).toEqual({
      symbol: 'USDJPY',
      name: 'US Dollar / Japanese Yen',
      price: expect.any(Number),
      bid: expect.any(Number),
      ask: expect.any(Number),
      kind: 'forex',
    });
    expect(quotes.body.find((q: any) => q.symbol === 'BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      name: 'Bitcoin',
      price: expect.any(Number),
      bid: expect.any(Number),
      ask: expect.any(Number),
      kind: 'crypto',
    });
    for (const quote of quotes.body) expect(quote.bid < quote.price && quote.price < quote.ask).toBe(true);
  });
});

describe('after real trades on a book', () => {
  it('trades, ticker and the day candle tell the same story', async () => {
    const [p1, p2, p3, p4] = (await pricesInsideSpread(server, 'BTCUSDT', 4)).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const before = await ticker('BTCUSDT');
    await tradeOnBook(server, { symbol: 'BTCUSDT', base: 'BTC', price: String(p2), amount: '0.01' });
    await tradeOnBook(server, { symbol: 'BTCUSDT', base: 'BTC', price: String(p4), amount: '0.02' });
    await tradeOnBook(server, { symbol: 'BTCUSDT', base: 'BTC', price: String(p1), amount: '0.01', taker: 'sell' });
    await tradeOnBook(server, { symbol: 'BTC/USDT', base: 'BTC', price: String(p3), amount: '0.01' });

    const trades = await api.get('/market/trades?symbol=BTCUSDT&limit=4');
    expect(trades.body.map((t: any) => [t.price, t.quantity, t.is_buyer_maker])).toEqual([
      [p3, 0.01, false],
      [p1, 0.01, true],
      [p4, 0.02, false],
      [p2, 0.01, false],
    ]);
    expect(trades.body[0]).toEqual({
      id: expect.any(String),
      price: p3,
      quantity: 0.01,
      time: expect.any(Number),
      is_buyer_maker: false,
    });
    expect(Math.abs(trades.body[0].time - Date.now())).toBeLessThan(60_000);
    expect(trades.body.map((t: any) => t.time)).toEqual([...trades.body.map((t: any) => t.time)].sort((a, b) => b - a));

    const after = await ticker('BTCUSDT');
    expect(after.last_price).toBe(p3);
    expect(after.high).toBeGreaterThanOrEqual(p4);
    expect(after.low).toBeLessThanOrEqual(p1);
    expect(after.volume - before.volume).toBeCloseTo(0.05, 8);
    expect(after.quote_volume - before.quote_volume).toBeCloseTo(0.01 * p2 + 0.02 * p4 + 0.01 * p1 + 0.01 * p3, 6);
    const open = after.last_price - after.price_change;
    // Rounded to 3 decimals (half to even): at most half a unit off, a tie included.
    expect(Math.abs(after.price_change_percent - (after.price_change / open) * 100)).toBeLessThanOrEqual(0.0005 + 1e-9);
    expect((await api.get('/market/tickers')).body.find((t: any) => t.symbol === 'BTCUSDT')).toEqual(after);
    expect((await api.get('/market/tickers')).body.map((t: any) => t.symbol)).toEqual(
      OPENING_BOOK_MARKETS.map((m) => m.symbol),
    );

    const [day] = (await api.get('/market/klines?symbol=BTCUSDT&interval=1d&limit=1')).body;
    expect(day.time).toBe(bucketStart(trades.body[0].time, '1d'));
    expect(day.close).toBe(p3);
    expect(day.high).toBeGreaterThanOrEqual(p4);
    expect(day.low).toBeLessThanOrEqual(p1);
    expect(day.volume).toBeGreaterThanOrEqual(0.05);
  });

  it('depth shows resting orders as [price, quantity], best first, summed per level, up to the limit', async () => {
    const [lower, higher] = await pricesInsideSpread(server, 'ETHUSDT', 2);
    const asksBefore = (await api.get('/market/depth?symbol=ETHUSDT&limit=5')).body.asks;
    const bidder = await fundedTrader(server, { USD: '1000' });
    const placed: string[] = [];
    for (const price of [lower!, lower!, higher!]) {
      const resting = await bidder.client.post('/trading/order', {
        symbol: 'ETHUSDT',
        side: 'buy',
        type: 'limit',
        amount: '0.01',
        price,
      });
      expect(resting.status).toBe(200);
      placed.push(resting.body.id);
    }
    try {
      expect((await api.get('/market/depth?symbol=ETHUSDT&limit=1')).body.bids).toEqual([[Number(higher), 0.01]]);
      const deeper = (await api.get('/market/depth?symbol=ETH/USDT&limit=5')).body;
      expect(deeper.bids.slice(0, 2)).toEqual([
        [Number(higher), 0.01],
        [Number(lower), 0.02],
      ]);
      expect(deeper.asks).toEqual(asksBefore);
    } finally {
      for (const id of placed) await bidder.client.delete('/trading/order', { order_id: id });
    }
  });
});

describe('candles', () => {
  it('put a trade at the exact start of a bucket in that bucket, and one a millisecond before in the previous one', async () => {
    const start = bucketStart(Date.now() - 150 * 60_000, '1m');
    const trades = [
      { time: start - 1, price: '0.7', amount: '1' },
      { time: start, price: '0.8', amount: '2' },
      { time: start + 20_000, price: '0.9', amount: '3' },
      { time: start + 40_000, price: '0.75', amount: '4' },
      { time: start + 59_999, price: '0.85', amount: '5' },
      { time: start + 60_000, price: '0.6', amount: '6' },
    ];
    await withFixtureTrades('KLINEEDGES', trades, async (manager) => {
      expect(await loadKlines(manager, 'KLINEEDGES', '1m', 200)).toEqual([
        { time: start - 60_000, open: 0.7, high: 0.7, low: 0.7, close: 0.7, volume: 1 },
        { time: start, open: 0.8, high: 0.9, low: 0.75, close: 0.85, volume: 14 },
        { time: start + 60_000, open: 0.6, high: 0.6, low: 0.6, close: 0.6, volume: 6 },
      ]);
      // The limit counts buckets back from now, whether or not they had trades.
      expect(await loadKlines(manager, 'KLINEEDGES', '1m', 140)).toEqual([]);
      const hour = bucketStart(start - 1, '1h') === bucketStart(start + 60_000, '1h');
      expect((await loadKlines(manager, 'KLINEEDGES', '1h', 10)).length).toBe(hour ? 1 : 2);
    });
  });

  it('agree with OHLCV computed by hand, for any trades and any interval', async () => {
    const now = Date.now();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(KLINE_INTERVALS) as KlineInterval[])),
        fc.array(
          fc.record({
            ago: fc.integer({ min: 0, max: 3 * 86_400_000 }),
            ticks: fc.integer({ min: 1, max: 99_999 }),
            lots: fc.integer({ min: 1, max: 1000 }),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        async (interval, drafts) => {
          // Distinct times, so the order within a bucket is the order of time.
          const trades = [...new Map(drafts.map((d) => [d.ago, d])).values()]
            .map((d) => ({ time: now - d.ago, price: (d.ticks / 10_000).toFixed(4), amount: (d.lots / 10).toFixed(1) }))
            .sort((a, b) => a.time - b.time);
          const expected = new Map<
            number,
            { time: number; open: number; high: number; low: number; close: number; volume: number }
          >();
          for (const t of trades) {
            const time = bucketStart(t.time, interval);
            const price = Number(t.price);
            const candle = expected.get(time);
            if (!candle)
              expected.set(time, {
                time,
                open: price,
                high: price,
                low: price,
                close: price,
                volume: Number(t.amount),
              });
            else
              Object.assign(candle, {
                high: Math.max(candle.high, price),
                low: Math.min(candle.low, price),
                close: price,
                volume: candle.volume + Number(t.amount),
              });
          }
          const limit = 1000;
          const oldest = bucketStart(now, interval) - (limit - 1) * KLINE_INTERVALS[interval] * 1000;
          const want = [...expected.values()].filter((c) => c.time >= oldest).sort((a, b) => a.time - b.time);
          await withFixtureTrades('KLINEPROPERTY', trades, async (manager) => {
            const got = await loadKlines(manager, 'KLINEPROPERTY', interval, limit, now);
            const rounded = (c: (typeof want)[number]) => ({ ...c, volume: Math.round(c.volume * 10) });
            expect(got.map(rounded)).toEqual(want.map(rounded));
          });
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('market rooms on the socket', () => {
  it("receive 'trade', 'depth', 'ticker' and 'kline' after a trade", async () => {
    const socket = await RecordingSocket.connect(server.url);
    try {
      await socket.subscribe('BNB/USDT');
      const [price] = await pricesInsideSpread(server, 'BNBUSDT', 1);
      await tradeOnBook(server, { symbol: 'BNBUSDT', base: 'BNB', price: price!, amount: '0.5' });
      const pushed = await socket.next('trade');
      expect(pushed).toEqual({
        symbol: 'BNBUSDT',
        id: expect.any(String),
        price: Number(price),
        quantity: 0.5,
        time: expect.any(Number),
        is_buyer_maker: false,
      });
      // The levels that changed: the trade took the resting ask at that price whole.
      const depth = await socket.next(
        'depth',
        (d) => d.symbol === 'BNBUSDT' && d.asks.some(([p, q]: number[]) => p === Number(price) && q === 0),
      );
      expect(depth).toEqual({
        symbol: 'BNBUSDT',
        first_update_id: expect.any(Number),
        last_update_id: expect.any(Number),
        bids: expect.any(Array),
        asks: expect.any(Array),
      });
      expect(depth.last_update_id).toBeGreaterThanOrEqual(depth.first_update_id);
      const ticker = await socket.next('ticker', (t) => t.symbol === 'BNBUSDT');
      expect(ticker).toMatchObject({ symbol: 'BNBUSDT', last_price: Number(price) });
      for (const interval of ['1m', '15m'] as const) {
        const { kline, ...about } = await socket.next('kline', (k) => k.interval === interval);
        expect(about).toEqual({ symbol: 'BNBUSDT', interval });
        expect(kline).toMatchObject({ time: bucketStart(pushed.time, interval), close: Number(price) });
        expect(kline.volume).toBeGreaterThanOrEqual(0.5);
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
      const [price] = await pricesInsideSpread(server, 'BNBUSDT', 1);
      await tradeOnBook(server, { symbol: 'BNBUSDT', base: 'BNB', price: price!, amount: '0.5' });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(socket.events.filter((e) => ['trade', 'depth', 'ticker', 'kline'].includes(e.event))).toEqual([]);
    } finally {
      socket.close();
    }
  });
});
