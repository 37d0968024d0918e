import Decimal from 'decimal.js';
import { BINANCE_INTERVALS, klineOpen } from '../../../server/trading/market-data/kline-intervals';
import { pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { eventually } from '../../support/eventually';
import { ApiClient } from '../../support/http-client';
import { StreamClient } from '../../support/stream-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/** GET /api/v3/klines and uiKlines, and the kline streams: every Binance interval, time zones, no holes. */
let server: TestExchange;
let api: ApiClient;
/** When the one trade of this file's market was made, and its price as Binance writes it. */
let traded: { time: number; price: string };

const SYMBOL = 'XRPUSDT';
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '41' });
  api = new ApiClient(server.url);
  const [inside] = await pricesInsideSpread(server, SYMBOL, 1);
  await tradeOnBook(server, { symbol: SYMBOL, base: 'XRP', price: inside!, amount: '10' });
  const [trade] = (await api.get(`/v3/trades?symbol=${SYMBOL}&limit=1`)).body;
  traded = { time: trade.time, price: trade.price };
});
afterAll(() => server.close());

const klines = async (query: string, path = 'klines') => {
  const response = await api.get(`/v3/${path}?symbol=${SYMBOL}&${query}`);
  if (response.status !== 200) throw new Error(`${query}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as any[][];
};

/** Each kline opens where the one before closed. */
const expectTiled = (list: any[][]) => {
  for (let i = 1; i < list.length; i++) expect(list[i]![0]).toBe(list[i - 1]![6] + 1);
};

describe('GET /api/v3/klines', () => {
  it.each(BINANCE_INTERVALS)('%s: the latest klines, aligned, tiling time up to the current one', async (interval) => {
    const before = Date.now();
    const list = await klines(`interval=${interval}&limit=3`);
    expect(list.length).toBeGreaterThanOrEqual(1);
    expectTiled(list);
    const latest = list[list.length - 1]!;
    expect(latest[0]).toBe(klineOpen({ interval, offset: 0 }, latest[0]));
    // The current kline: open at or before now, closing after the request began.
    expect(latest[0]).toBeLessThanOrEqual(Date.now());
    expect(latest[6]).toBeGreaterThanOrEqual(klineOpen({ interval, offset: 0 }, before) - 1);
    expect(latest).toHaveLength(12);
  });

  it.each(['2m', '1W', '1mo', '60s', 'M'])('interval %s is refused with -1120', async (interval) => {
    expect(await api.get(`/v3/klines?symbol=${SYMBOL}&interval=${interval}`)).toEqual({
      status: 400,
      body: { code: -1120, msg: 'Invalid interval.' },
    });
  });

  it('timeZone: days, weeks and months open at midnight of the zone; times stay UTC ms', async () => {
    const [day] = await klines('interval=1d&timeZone=%2B08:00&limit=1');
    expect((day![0] + 8 * HOUR) % (24 * HOUR)).toBe(0);
    expect(day![6] - day![0]).toBe(24 * HOUR - 1);
    const [west] = await klines('interval=1d&timeZone=-1:00&limit=1');
    expect((west![0] - HOUR) % (24 * HOUR)).toBe(0);
    const [month] = await klines('interval=1M&timeZone=5&limit=1');
    expect(new Date(month![0] + 5 * HOUR).getUTCDate()).toBe(1);
    expect(new Date(month![0] + 5 * HOUR).getUTCHours()).toBe(0);
    // Shorter intervals keep their UTC grid; uiKlines answers as klines does.
    const hours = await klines('interval=1h&timeZone=05:45&limit=2');
    expect(hours[0]![0] % HOUR).toBe(0);
    expect(await klines('interval=1d&timeZone=8&limit=2', 'uiKlines')).toEqual(
      await klines('interval=1d&timeZone=8&limit=2'),
    );
  });

  it.each(['15', '+14:30', '-13:00', 'UTC', '8:75'])('timeZone %s is refused with -1130', async (zone) => {
    for (const path of ['klines', 'uiKlines'])
      expect(await api.get(`/v3/${path}?symbol=${SYMBOL}&interval=1d&timeZone=${encodeURIComponent(zone)}`)).toEqual({
        status: 400,
        body: { code: -1130, msg: "Data sent for parameter 'timeZone' is not valid." },
      });
  });

  it('no holes: the seconds after the trade are flat at its price, with no volume and no trade', async () => {
    const second = Math.floor(traded.time / 1000) * 1000;
    // Wait until three seconds after the trade's have opened.
    await eventually(async () => (Date.now() >= second + 3000 ? true : undefined));
    const list = await klines(`interval=1s&startTime=${second}&endTime=${second + 2999}`);
    expect(list.map((k) => k[0])).toEqual([second, second + 1000, second + 2000]);
    expect(list[0]![8]).toBeGreaterThanOrEqual(1);
    expect(list[0]![4]).toBe(traded.price);
    for (const flat of list.slice(1))
      expect(flat).toEqual([
        flat[0],
        traded.price,
        traded.price,
        traded.price,
        traded.price,
        '0.00000000',
        flat[0] + 999,
        '0.00000000',
        0,
        '0.00000000',
        '0.00000000',
        '0',
      ]);
    // The latest ones without a start: as many as asked, every one there, up to the current second.
    const latest = await klines('interval=1s&limit=3');
    expect(latest).toHaveLength(3);
    expect(latest[2]![0]).toBeGreaterThanOrEqual(second + 3000);
    expectTiled(latest);
    expect(latest.every((k) => k[4] === traded.price)).toBe(true);
  });

  it('startTime before the first trade starts at its kline; endTime before it answers none', async () => {
    const [first] = await klines('interval=1M&startTime=0&limit=1');
    expect(first![0]).toBeLessThanOrEqual(traded.time);
    expect(new Decimal(first![5]).gt(0)).toBe(true);
    expect(await klines('interval=1d&endTime=86400000')).toEqual([]);
  });
});

describe('kline streams', () => {
  it('a late second skips no kline: each interval that ended unseen is pushed, as it closed', async () => {
    const client = await StreamClient.connect(server.url, `/ws/${SYMBOL.toLowerCase()}@kline_1s`);
    try {
      const first = await client.next((m) => m.k?.x === false);
      // The exchange runs in this process: holding it for over two seconds makes its next push late.
      const until = Date.now() + 2200;
      while (Date.now() < until);
      const current = await client.next((m) => m.k?.x === false && m.k.t >= first.k.t + 3000);
      const closed = client.messages
        .filter((m) => m.k?.x === true && m.k.t >= first.k.t && m.k.t < current.k.t)
        .map((m) => m.k.t);
      const expected = [];
      for (let t = first.k.t; t < current.k.t; t += 1000) expected.push(t);
      expect(closed).toEqual(expected);
    } finally {
      client.close();
    }
  });

  it('a kline interval opens without trades: the last one closes and the next opens flat at its close', async () => {
    const client = await StreamClient.connect(server.url, `/ws/${SYMBOL.toLowerCase()}@kline_1s`);
    try {
      const closed = await client.next((m) => m.k?.x === true);
      const next = await client.next((m) => m.k?.t === closed.k.t + 1000);
      expect(next.k).toMatchObject({
        i: '1s',
        T: closed.k.t + 1999,
        o: closed.k.c,
        h: closed.k.c,
        l: closed.k.c,
        c: closed.k.c,
        v: '0.00000000',
        n: 0,
        f: -1,
        L: -1,
        x: false,
      });
      // Pushed every second while it is open, not only when it moves.
      const minute = await StreamClient.connect(server.url, `/ws/${SYMBOL.toLowerCase()}@kline_1m`);
      try {
        const first = await minute.next(() => true);
        await minute.next((m) => m.E > first.E);
      } finally {
        minute.close();
      }
    } finally {
      client.close();
    }
  });

  it('<symbol>@kline_<interval>@+08:00: days open at midnight in UTC+8', async () => {
    const stream = `${SYMBOL.toLowerCase()}@kline_1d@+08:00`;
    // In a query a + is a space: the name is encoded there, as it must be for Binance.
    const combined = await StreamClient.connect(server.url, `/stream?streams=${encodeURIComponent(stream)}`);
    const raw = await StreamClient.connect(server.url, `/ws/${stream}`);
    try {
      const { data } = await combined.next((m) => m.stream === stream);
      expect(data.k.i).toBe('1d');
      expect(data.k.t).toBe(klineOpen({ interval: '1d', offset: 8 * HOUR }, data.E));
      expect(data.k.c).toBe(traded.price);
      expect((await raw.next((m) => m.e === 'kline')).k.t).toBe(data.k.t);
      // The UTC day is another kline.
      const utc = await StreamClient.connect(server.url, `/ws/${SYMBOL.toLowerCase()}@kline_1d`);
      try {
        expect((await utc.next((m) => m.e === 'kline')).k.t).toBe(klineOpen({ interval: '1d', offset: 0 }, data.E));
      } finally {
        utc.close();
      }
    } finally {
      combined.close();
      raw.close();
    }
  });
});
