import Decimal from 'decimal.js';
import { pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { binanceCall } from '../../support/binance-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/** GET /api/v3/ticker (rolling window), ticker/tradingDay and avgPrice over real trades on the books. */

let server: TestExchange;
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Two trades on ETHUSDT at two prices: the first, then the second a tick higher. */
let trades: { prices: string[]; amounts: string[] };

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '44' });
  const prices = await pricesInsideSpread(server, 'ETHUSDT', 2);
  const amounts = ['0.5', '0.25'];
  for (const [i, price] of prices.entries())
    await tradeOnBook(server, { symbol: 'ETHUSDT', base: 'ETH', price, amount: amounts[i]! });
  trades = { prices, amounts };
});
afterAll(() => server.close());

const get = (path: string, query = '') => binanceCall(server.url, 'GET', path, { query });
async function ok(path: string, query = '') {
  const answer = await get(path, query);
  if (answer.status !== 200) throw new Error(`${path}?${query}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
const eight = (value: Decimal.Value) => new Decimal(value).toFixed(8);
const list = (...symbols: string[]) => `symbols=${encodeURIComponent(JSON.stringify(symbols))}`;

const FULL_KEYS = ['symbol', 'priceChange', 'priceChangePercent', 'weightedAvgPrice']
  .concat(['openPrice', 'highPrice', 'lowPrice', 'lastPrice', 'volume', 'quoteVolume'])
  .concat(['openTime', 'closeTime', 'firstId', 'lastId', 'count']);

describe('GET /api/v3/ticker', () => {
  it('tells the window up to now, opening on a minute, as the 1m klines of it add up', async () => {
    const before = Date.now();
    const ticker = await ok('/ticker', 'symbol=ETHUSDT&windowSize=1h');
    expect(Object.keys(ticker)).toEqual(FULL_KEYS);
    expect(ticker.closeTime).toBeGreaterThanOrEqual(before);
    expect(ticker.openTime % MINUTE).toBe(0);
    expect(ticker.openTime).toBe(Math.floor((ticker.closeTime - 3_600_000) / MINUTE) * MINUTE);
    const klines = await ok('/klines', `symbol=ETHUSDT&interval=1m&startTime=${ticker.openTime}`);
    const sum = (field: number) => klines.reduce((total: Decimal, k: any[]) => total.plus(k[field]), new Decimal(0));
    expect(ticker.volume).toBe(eight(sum(5)));
    expect(ticker.quoteVolume).toBe(eight(sum(7)));
    expect(ticker.count).toBe(klines.reduce((n: number, k: any[]) => n + k[8], 0));
    expect(ticker.count).toBe(ticker.lastId - ticker.firstId + 1);
    expect(ticker.openPrice).toBe(klines[0][1]);
    expect(ticker.lastPrice).toBe(eight(trades.prices[1]!));
    expect(ticker.priceChange).toBe(eight(new Decimal(ticker.lastPrice).minus(ticker.openPrice)));
    expect(ticker.weightedAvgPrice).toBe(eight(sum(7).div(sum(5)).toDecimalPlaces(8)));
    // The default window is a day.
    const day = await ok('/ticker', 'symbol=ETHUSDT');
    expect(day.openTime).toBe(Math.floor((day.closeTime - DAY) / MINUTE) * MINUTE);
    expect(new Decimal(day.volume).gte(ticker.volume)).toBe(true);
  });

  it('MINI leaves out the change and the average; symbols answer a list in their order', async () => {
    const mini = await ok('/ticker', 'symbol=ETHUSDT&windowSize=7d&type=MINI');
    expect(Object.keys(mini)).toEqual(['symbol', ...FULL_KEYS.slice(4)]);
    const listed = await ok('/ticker', `${list('SOLUSDT', 'ETHUSDT')}&windowSize=59m`);
    expect(listed.map((t: any) => t.symbol)).toEqual(['SOLUSDT', 'ETHUSDT']);
    const alone = await ok('/ticker', 'symbol=ETHUSDT&windowSize=59m');
    expect(listed[1]).toMatchObject({
      lastPrice: alone.lastPrice,
      lastId: alone.lastId,
      weightedAvgPrice: expect.any(String),
    });
  });

  it('symbolStatus filters a list and refuses a symbol of another status (-1220)', async () => {
    expect(await ok('/ticker', `${list('ETHUSDT')}&symbolStatus=HALT`)).toEqual([]);
    expect(await ok('/ticker', `${list('ETHUSDT')}&symbolStatus=TRADING`)).toHaveLength(1);
    const refused = await get('/ticker', 'symbol=ETHUSDT&symbolStatus=BREAK');
    expect(refused.body).toEqual({
      code: -1220,
      msg: "The symbol's status does not match the requested symbolStatus.",
    });
  });

  it.each([
    ['', -1102, "Param 'symbol' or 'symbols' must be sent, but both were empty/null!"],
    [`symbol=ETHUSDT&${list('ETHUSDT')}`, -1128, 'Combination of optional parameters invalid.'],
    ['symbol=ETHUSDT&windowSize=60m', -1130, "Data sent for parameter 'windowSize' is not valid."],
    ['symbol=ETHUSDT&windowSize=1d2h', -1130, "Data sent for parameter 'windowSize' is not valid."],
    ['symbol=ETHUSDT&windowSize=8d', -1130, "Data sent for parameter 'windowSize' is not valid."],
    ['symbol=ETHUSDT&type=FOO', -1130, "Data sent for parameter 'type' is not valid."],
    ['symbol=DOGEUSDT', -1121, 'Invalid symbol.'],
    ['symbol=ETHUSDT&timeZone=0', -1104, "Not all sent parameters were read; read '1' parameter(s) but was sent '2'."],
  ])('?%s is refused with %d', async (query, code, msg) => {
    const answer = await get('/ticker', query);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code, msg });
  });

  it('weighs 4 a symbol', async () => {
    const used = async (query: string) =>
      Number((await get('/ticker', query)).headers['x-mbx-used-weight-1m'] as string);
    const first = await used('symbol=ETHUSDT');
    const second = await used(list('ETHUSDT', 'BTCUSDT', 'SOLUSDT'));
    const third = await used('symbol=ETHUSDT');
    expect(second - first).toBe(12);
    expect(third - second).toBe(4);
  });
});

describe('GET /api/v3/ticker/tradingDay', () => {
  it("tells the day so far in the time zone asked for, UTC's by default, its close the day's last ms", async () => {
    const now = Date.now();
    const utc = await ok('/ticker/tradingDay', 'symbol=ETHUSDT');
    expect(Object.keys(utc)).toEqual(FULL_KEYS);
    const dayStart = (offset: number) => Math.floor((now + offset) / DAY) * DAY - offset;
    expect(utc.openTime).toBe(dayStart(0));
    expect(utc.closeTime).toBe(utc.openTime + DAY - 1);
    for (const [zone, offset] of [
      ['-1:00', -3_600_000],
      ['05:45', (5 * 60 + 45) * MINUTE],
      ['8', 8 * 3_600_000],
    ] as const) {
      const ticker = await ok('/ticker/tradingDay', `symbol=ETHUSDT&timeZone=${encodeURIComponent(zone)}&type=MINI`);
      expect(ticker.openTime).toBe(dayStart(offset));
      expect(ticker.closeTime).toBe(ticker.openTime + DAY - 1);
    }
    // The two trades are in today's window, whichever zone, unless the test ran across a day's start.
    const since = await ok('/ticker', 'symbol=ETHUSDT&windowSize=1h');
    if (utc.openTime <= since.openTime) expect(utc.volume).toBe(since.volume);
  });

  it('refuses a time zone outside -12:00..+14:00 (-1130) and neither symbol nor symbols (-1102)', async () => {
    expect((await get('/ticker/tradingDay', 'symbol=ETHUSDT&timeZone=15')).body).toEqual({
      code: -1130,
      msg: "Data sent for parameter 'timeZone' is not valid.",
    });
    expect((await get('/ticker/tradingDay', 'timeZone=0')).body.code).toBe(-1102);
  });
});

describe('GET /api/v3/avgPrice', () => {
  it('is the volume-weighted price of the trades of the last 5 minutes, closeTime the last trade', async () => {
    const window = 5 * MINUTE;
    const since = async (from: number) => ok('/aggTrades', `symbol=ETHUSDT&startTime=${from}&limit=1000`);
    // Other tests' trades of the symbol may lie near the window's start: read again until none is in doubt.
    for (;;) {
      const before = Date.now();
      const recent = await since(before - window);
      const average = await ok('/avgPrice', 'symbol=ETHUSDT');
      const after = Date.now();
      if ((await since(after - window - 1000)).length !== recent.length) continue;
      const volume = recent.reduce((sum: Decimal, t: any) => sum.plus(t.q), new Decimal(0));
      const quote = recent.reduce((sum: Decimal, t: any) => sum.plus(new Decimal(t.q).times(t.p)), new Decimal(0));
      expect(recent.length).toBeGreaterThanOrEqual(2);
      expect(average).toEqual({
        mins: 5,
        price: eight(quote.div(volume).toDecimalPlaces(8)),
        closeTime: recent.at(-1).T,
      });
      return;
    }
  });
});
