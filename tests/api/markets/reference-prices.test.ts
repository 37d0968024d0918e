import fc from 'fast-check';
import { money } from '../../../server/kernel/money';
import { fetchPublicPrices } from '../../../server/markets/reference-prices/public-ticker';
import { nextWalkPrice, seededRandom } from '../../../server/markets/reference-prices/random-walk';
import { ReferencePrices } from '../../../server/markets/reference-prices/reference-prices.service';
import { createLogger } from '../../../server/platform/logger/logger';
import { ApiClient } from '../../support/http-client';
import { RecordingSocket } from '../../support/market-socket';
import { startTestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';
import { emptyBook, placed } from '../../support/trading-fixtures';
import { openingCatalog, OPENING_INSTRUMENTS } from '../../support/opening-catalog';

// The reference prices below run without an exchange: they price the markets a fresh database lists.
const catalog = openingCatalog();

const logger = createLogger('silent');
const walk = { volatility: 0.002, reversion: 0.001 };

describe('the simulated random walk', () => {
  it('never leaves (0, infinity) and always stays on the tick', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPENING_INSTRUMENTS),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 1, max: 400 }),
        fc.double({ min: 0.0001, max: 0.2, noNaN: true }),
        (instrument, seed, steps, volatility) => {
          const random = seededRandom(seed);
          const tick = money(instrument.tickSize);
          let price = money(instrument.seedPrice);
          for (let i = 0; i < steps; i++) {
            price = nextWalkPrice(
              price,
              money(instrument.seedPrice),
              instrument.tickSize,
              { volatility, reversion: 0.001 },
              random,
            );
            expect(price.greaterThan(0)).toBe(true);
            expect(price.mod(tick).isZero()).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('holds at one tick when a price would round to nothing', () => {
    // Draws that make the normal step about -5.3 standard deviations: the price falls by 93%.
    const draws = [0.999999, 0.5];
    let i = 0;
    const price = nextWalkPrice(
      money('0.0001'),
      money('0.0001'),
      '0.0001',
      { volatility: 0.5, reversion: 0 },
      () => draws[i++ % 2]!,
    );
    expect(price.toFixed()).toBe('0.0001');
  });

  it('replays the same prices from the same seed', () => {
    const run = (seed: number) => {
      const random = seededRandom(seed);
      let price = money('110000');
      const path: string[] = [];
      for (let i = 0; i < 50; i++) {
        price = nextWalkPrice(price, money('110000'), '0.01', walk, random);
        path.push(price.toFixed());
      }
      return path;
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });

  it('stays near the seed price over hours of ticks (mean reversion)', () => {
    const prices = new ReferencePrices(catalog, { MARKET_FEED: 'simulated', MARKET_FEED_SEED: 1 }, logger);
    for (let i = 0; i < 20_000; i++) prices.tick();
    for (const instrument of OPENING_INSTRUMENTS) {
      const ratio = prices.price(instrument.symbol)!.div(instrument.seedPrice).toNumber();
      expect(ratio).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(2);
    }
  });
});

describe('reference prices', () => {
  it('know every instrument in bare and slash form, and nothing else', () => {
    const prices = new ReferencePrices(catalog, { MARKET_FEED: 'off', MARKET_FEED_SEED: undefined }, logger);
    expect(prices.price('BTC/USDT')!.toFixed()).toBe('110000');
    expect(prices.price('eurusd')!.toFixed()).toBe('1.08');
    expect(prices.price('DOGEUSDT')).toBeUndefined();
  });

  it('the public ticker adapter gives up on an unreachable service', async () => {
    await expect(fetchPublicPrices(['BTCUSDT'], 'http://127.0.0.1:1/api/v3/ticker/price')).rejects.toThrow();
  });

  it('with MARKET_FEED=public and the public exchange unreachable, prices keep moving by simulation', async () => {
    const server = await startTestExchange({ MARKET_FEED: 'public', MARKET_FEED_SEED: '3' });
    try {
      const api = new ApiClient(server.url);
      const first = await api.get('/market/quotes');
      await new Promise((resolve) => setTimeout(resolve, 3500));
      const later = await api.get('/market/quotes');
      expect(later.status).toBe(200);
      expect(later.body).not.toEqual(first.body);
      for (const quote of later.body) expect(quote.price).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it("are pushed to every socket as 'quotes' each second, crypto and forex", async () => {
    const server = await startTestExchange({ MARKET_FEED_SEED: '5' });
    const socket = await RecordingSocket.connect(server.url);
    try {
      const quotes = await socket.next('quotes', () => true, 3000);
      expect(quotes.map((q: any) => q.symbol)).toEqual(OPENING_INSTRUMENTS.map((i) => i.symbol));
      expect(quotes.find((q: any) => q.symbol === 'EURUSD')).toEqual({
        symbol: 'EURUSD',
        name: 'Euro / US Dollar',
        price: expect.any(Number),
        bid: expect.any(Number),
        ask: expect.any(Number),
        kind: 'forex',
      });
      expect(quotes.find((q: any) => q.symbol === 'BTCUSDT')).toMatchObject({ name: 'Bitcoin', kind: 'crypto' });
    } finally {
      socket.close();
      await server.close();
    }
  });

  it('go on after a restart from the last trade, not from the seed price', async () => {
    const lastTrade = 4; // XRPUSDT's seed price is 2.5
    const first = await startTestExchange({ MARKET_FEED_SEED: '11' });
    try {
      await emptyBook(first, 'XRPUSDT');
      const seller = await fundedTrader(first, { XRP: '10' });
      const buyer = await fundedTrader(first, { USD: '100' });
      const order = { symbol: 'XRPUSDT', type: 'limit', amount: 10, price: lastTrade };
      await placed(seller.client, { ...order, side: 'sell' });
      expect((await placed(buyer.client, { ...order, side: 'buy' })).status).toBe('filled');
    } finally {
      await first.close();
    }
    const restarted = await startTestExchange({ MARKET_FEED_SEED: '11' });
    try {
      const quotes = await new ApiClient(restarted.url).get('/market/quotes');
      const xrp = quotes.body.find((quote: any) => quote.symbol === 'XRPUSDT');
      // A second or two of walking moves it by a fraction of a percent.
      expect(xrp.price).toBeGreaterThan(lastTrade * 0.98);
      expect(xrp.price).toBeLessThan(lastTrade * 1.02);
    } finally {
      await restarted.close();
    }
  });
});
