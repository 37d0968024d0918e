import Decimal from 'decimal.js';
import { pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { binanceCall } from '../../support/binance-client';
import { StreamClient } from '../../support/stream-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/** The rolling window ticker streams (@ticker_<window>, !ticker_<window>@arr) and @avgPrice. */

let server: TestExchange;
let client: StreamClient;
let price: string;

const WINDOWS = { '1h': 3_600_000, '4h': 14_400_000, '1d': 86_400_000 } as const;
const STREAMS = [
  ...Object.keys(WINDOWS).flatMap((window) => [`bnbusdt@ticker_${window}`, `!ticker_${window}@arr`]),
  'bnbusdt@avgPrice',
];

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '66' });
  client = await StreamClient.connect(server.url, `/stream?streams=${STREAMS.join('/')}`);
  const [inside] = await pricesInsideSpread(server, 'BNBUSDT', 1);
  await tradeOnBook(server, { symbol: 'BNBUSDT', base: 'BNB', price: inside!, amount: '0.4' });
  price = new Decimal(inside!).toFixed(8);
});
afterAll(async () => {
  client.close();
  await server.close();
});

const event = (stream: string, predicate: (data: any) => boolean = () => true) =>
  client.next((m) => m.stream === stream && predicate(m.data), 5000).then((m) => m.data);
const rest = async (path: string, query: string) => (await binanceCall(server.url, 'GET', path, { query })).body;
const decimal = expect.stringMatching(/^-?\d+\.\d{8,}$/);

describe('rolling window ticker streams', () => {
  it.each(Object.entries(WINDOWS))(
    '@ticker_%s: the window up to the event, opening on a minute, as REST ticker tells it',
    async (window, ms) => {
      const ticker = await event(`bnbusdt@ticker_${window}`, (t) => t.c === price);
      expect(ticker).toEqual({
        e: `${window}Ticker`,
        E: expect.any(Number),
        s: 'BNBUSDT',
        p: decimal,
        P: expect.stringMatching(/^-?\d+\.\d{3}$/),
        o: decimal,
        h: decimal,
        l: decimal,
        c: price,
        w: decimal,
        v: decimal,
        q: decimal,
        O: Math.floor((ticker.C - ms) / 60_000) * 60_000,
        C: ticker.E,
        F: expect.any(Number),
        L: expect.any(Number),
        n: ticker.L - ticker.F + 1,
      });
      // No trade on the market since: REST's ticker over the same window (unless a minute began) says the same.
      const same = await rest('/ticker', `symbol=BNBUSDT&windowSize=${window}`);
      if (same.openTime === ticker.O)
        expect([ticker.o, ticker.h, ticker.l, ticker.v, ticker.q, ticker.w, ticker.F, ticker.L]).toEqual([
          same.openPrice,
          same.highPrice,
          same.lowPrice,
          same.volume,
          same.quoteVolume,
          same.weightedAvgPrice,
          same.firstId,
          same.lastId,
        ]);
      const all = await event(`!ticker_${window}@arr`, (list) => list.some((t: any) => t.s === 'BNBUSDT'));
      expect(all.find((t: any) => t.s === 'BNBUSDT')).toMatchObject({ e: `${window}Ticker`, c: price });
    },
  );
});

describe('@avgPrice', () => {
  it("is REST avgPrice's price with its interval and the last trade's time, every second", async () => {
    const first = await event('bnbusdt@avgPrice');
    const average = await rest('/avgPrice', 'symbol=BNBUSDT');
    expect(first).toEqual({
      e: 'avgPrice',
      E: expect.any(Number),
      s: 'BNBUSDT',
      i: '5m',
      w: average.price,
      T: average.closeTime,
    });
    // Pushed again without a trade: the average moves as trades leave its 5 minutes.
    const next = await event('bnbusdt@avgPrice', (a) => a.E > first.E);
    expect(next).toMatchObject({ s: 'BNBUSDT', T: first.T });
  });

  it('is a stream of every book market, subscribed as any other; an unknown window is not', async () => {
    const other = await StreamClient.connect(server.url, '/ws');
    try {
      expect((await other.call('SUBSCRIBE', ['ethusdt@avgPrice', 'ethusdt@ticker_4h', '!ticker_1d@arr'])).result).toBe(
        null,
      );
      const refused = await other.call('SUBSCRIBE', ['ethusdt@ticker_2h']);
      expect(refused.error).toMatchObject({ code: 2 });
    } finally {
      other.close();
    }
  });
});
