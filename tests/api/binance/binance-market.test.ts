import Decimal from 'decimal.js';
import fc from 'fast-check';
import { bucketStart } from '../../../server/trading/market-data/candles';

import { pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { ApiClient } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';
import { OPENING_BOOK_MARKETS } from '../../support/opening-catalog';

/** Binance's public market data endpoints under /api/v3, over real trades on our books. */
let server: TestExchange;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '33' });
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

const v3 = async (path: string) => {
  const response = await api.get(`/v3${path}`);
  return response;
};
const ok = async (path: string) => {
  const response = await v3(path);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
};
/** Binance writes amounts with 8 decimals. */
const eight = (value: Decimal.Value) => new Decimal(value).toFixed(8);

describe('ping, time and exchangeInfo', () => {
  it('ping answers {}, time the server clock in ms', async () => {
    expect(await ok('/ping')).toEqual({});
    const before = Date.now();
    const { serverTime } = await ok('/time');
    expect(serverTime).toBeGreaterThanOrEqual(before);
    expect(serverTime).toBeLessThanOrEqual(Date.now());
  });

  it('describes every book market as a USDT spot symbol with its tick, lot and minimum value as filters', async () => {
    const info = await ok('/exchangeInfo');
    expect(info).toMatchObject({ timezone: 'UTC', serverTime: expect.any(Number), exchangeFilters: [] });
    expect(info.rateLimits).toContainEqual({
      rateLimitType: 'REQUEST_WEIGHT',
      interval: 'MINUTE',
      intervalNum: 1,
      limit: expect.any(Number),
    });
    expect(info.symbols.map((s: any) => s.symbol)).toEqual(OPENING_BOOK_MARKETS.map((m) => m.symbol));
    const btc = info.symbols.find((s: any) => s.symbol === 'BTCUSDT');
    expect(btc).toMatchObject({
      status: 'TRADING',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      baseAssetPrecision: 8,
      quoteAssetPrecision: 8,
      orderTypes: [
        'LIMIT',
        'LIMIT_MAKER',
        'MARKET',
        'STOP_LOSS',
        'STOP_LOSS_LIMIT',
        'TAKE_PROFIT',
        'TAKE_PROFIT_LIMIT',
      ],
      icebergAllowed: true,
      allowTrailingStop: true,
      quoteOrderQtyMarketAllowed: true,
      isSpotTradingAllowed: true,
      isMarginTradingAllowed: false,
      permissions: ['SPOT'],
      permissionSets: [['SPOT']],
    });
    expect(btc.filters).toEqual([
      {
        filterType: 'PRICE_FILTER',
        minPrice: '0.01000000',
        maxPrice: '90071992547409.91000000',
        tickSize: '0.01000000',
      },
      { filterType: 'LOT_SIZE', minQty: '0.00001000', maxQty: '90071992547.40991000', stepSize: '0.00001000' },
      { filterType: 'ICEBERG_PARTS', limit: 10 },
      {
        filterType: 'TRAILING_DELTA',
        minTrailingAboveDelta: 10,
        maxTrailingAboveDelta: 2000,
        minTrailingBelowDelta: 10,
        maxTrailingBelowDelta: 2000,
      },
      {
        filterType: 'NOTIONAL',
        minNotional: '5.00000000',
        applyMinToMarket: true,
        maxNotional: '900719925.47409910',
        applyMaxToMarket: false,
        avgPriceMins: 0,
      },
    ]);
    const xrp = info.symbols.find((s: any) => s.symbol === 'XRPUSDT');
    expect(xrp.filters[0].tickSize).toBe('0.00010000');
    expect(xrp.filters[1].stepSize).toBe('0.10000000');
  });

  it('narrows to a symbol, a list of them, or a permission', async () => {
    expect((await ok('/exchangeInfo?symbol=ETHUSDT')).symbols.map((s: any) => s.symbol)).toEqual(['ETHUSDT']);
    const listed = await ok(`/exchangeInfo?symbols=${encodeURIComponent('["XRPUSDT","BTCUSDT"]')}`);
    expect(listed.symbols.map((s: any) => s.symbol)).toEqual(['XRPUSDT', 'BTCUSDT']);
    expect((await ok('/exchangeInfo?permissions=SPOT')).symbols).toHaveLength(OPENING_BOOK_MARKETS.length);
    expect((await ok(`/exchangeInfo?permissions=${encodeURIComponent('["MARGIN"]')}`)).symbols).toEqual([]);
  });
});

describe('refusals, as Binance words them', () => {
  const refused = (code: number, msg: string, status = 400) => ({ status, body: { code, msg } });
  it.each([
    ['/trades', refused(-1102, "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.")],
    ['/trades?symbol=', refused(-1102, "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.")],
    ['/trades?symbol=DOGEUSDT', refused(-1121, 'Invalid symbol.')],
    ['/ticker/price?symbol=EURUSD', refused(-1121, 'Invalid symbol.')],
    [
      '/trades?symbol=btcusdt',
      refused(-1100, "Illegal characters found in parameter 'symbol'; legal range is '^[A-Z0-9-_.]{1,20}$'."),
    ],
    [
      '/trades?symbol=BTCUSDT&limit=ten',
      refused(-1100, "Illegal characters found in parameter 'limit'; legal range is '^[0-9]{1,20}$'."),
    ],
    ['/trades?symbol=BTCUSDT&limit=1001', refused(-1130, "Data sent for parameter 'limit' is not valid.")],
    ['/trades?symbol=BTCUSDT&limit=0', refused(-1130, "Data sent for parameter 'limit' is not valid.")],
    [
      '/trades?symbol=BTCUSDT&size=5',
      refused(-1104, "Not all sent parameters were read; read '1' parameter(s) but was sent '2'."),
    ],
    ['/trades?symbol=BTCUSDT&symbol=ETHUSDT', refused(-1101, 'Duplicate values for a parameter detected.')],
    ['/klines?symbol=BTCUSDT&interval=2m', refused(-1120, 'Invalid interval.')],
    [
      '/klines?symbol=BTCUSDT',
      refused(-1102, "Mandatory parameter 'interval' was not sent, was empty/null, or malformed."),
    ],
    ['/ticker/24hr?symbol=BTCUSDT&type=HALF', refused(-1130, "Data sent for parameter 'type' is not valid.")],
    [
      `/ticker/price?symbol=BTCUSDT&symbols=${encodeURIComponent('["BTCUSDT"]')}`,
      refused(-1128, 'Combination of optional parameters invalid.'),
    ],
    [`/ticker/price?symbols=${encodeURIComponent('["BTCUSDT","DOGEUSDT"]')}`, refused(-1121, 'Invalid symbol.')],
    [
      `/ticker/price?symbols=${encodeURIComponent('["BTCUSDT","BTCUSDT"]')}`,
      refused(-1121, 'Symbol is present multiple times in the list.'),
    ],
    [
      '/aggTrades?symbol=BTCUSDT&startTime=0&endTime=3600001',
      refused(-1130, "Data sent for parameter 'endTime' is not valid."),
    ],
    ['/nothing-here', refused(-1000, 'Unknown endpoint: GET /api/v3/nothing-here', 404)],
  ])('%s', async (path, expected) => {
    expect(await v3(path)).toEqual(expected);
  });

  it.each(['/aggTrades?symbol=BTCUSDT', '/klines?symbol=BTCUSDT&interval=1m', '/uiKlines?symbol=BTCUSDT&interval=1m'])(
    '%s reads startTime and endTime up to the latest time a Date holds; a millisecond later is refused',
    async (path) => {
      const latest = 8_640_000_000_000_000;
      expect(await v3(`${path}&startTime=${latest}`)).toEqual({ status: 200, body: [] });
      for (const name of ['startTime', 'endTime'])
        expect(await v3(`${path}&${name}=${latest + 1}`)).toEqual(
          refused(-1130, `Data sent for parameter '${name}' is not valid.`),
        );
    },
  );

  it('an unknown path or method under /api/v3 answers {code, msg}, not the web API', async () => {
    expect(await api.post('/v3/ping')).toEqual({
      status: 404,
      body: { code: -1000, msg: 'Unknown endpoint: POST /api/v3/ping' },
    });
  });

  it('no query string gets a 5xx, and every refusal is {code, msg}', async () => {
    const paths = [
      '/depth',
      '/trades',
      '/aggTrades',
      '/historicalTrades',
      '/klines',
      '/ticker/24hr',
      '/ticker/price',
      '/avgPrice',
      '/ticker/bookTicker',
      '/exchangeInfo',
    ];
    const names = ['symbol', 'symbols', 'limit', 'fromId', 'startTime', 'endTime', 'interval', 'type', 'permissions'];
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom('BTCUSDT', '["BTCUSDT"]', '1m', '-1', '99999999999999999999999', 'FULL', '%', '1e3'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.dictionary(fc.constantFrom(...names), value),
        async (path, params) => {
          const response = await v3(`${path}?${new URLSearchParams(params).toString()}`);
          expect(response.status).toBeLessThan(500);
          if (response.status !== 200)
            expect(response.body).toEqual({ code: expect.any(Number), msg: expect.any(String) });
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('after real trades', () => {
  /** A taker buy sweeping two sellers at one price and a third a tick higher: three trades, two aggregates. */
  let sweep: { firstId: number; low: string; high: string; time: number };

  beforeAll(async () => {
    const [low, high] = await pricesInsideSpread(server, 'SOLUSDT', 2);
    const sellers = await Promise.all([1, 2, 3].map(() => fundedTrader(server, { SOL: '1' }, 'Binance Seller')));
    for (const [i, seller] of sellers.entries()) {
      const placed = await seller.client.post('/trading/order', {
        symbol: 'SOLUSDT',
        side: 'sell',
        type: 'limit',
        amount: '0.1',
        price: i < 2 ? low : high,
      });
      expect(placed.status).toBe(200);
    }
    const buyer = await fundedTrader(server, { USD: '1000' }, 'Binance Buyer');
    const taken = await buyer.client.post('/trading/order', {
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.3',
      price: high,
      time_in_force: 'IOC',
    });
    expect(taken.body).toMatchObject({ status: 'filled' });
    const [latest] = (await ok('/trades?symbol=SOLUSDT&limit=1')) as any[];
    sweep = { firstId: latest.id - 2, low: low!, high: high!, time: latest.time };
  });

  it("depth shows the book's levels best first, summed per price, with the update id the web's depth tells", async () => {
    const [low, high] = await pricesInsideSpread(server, 'SOLUSDT', 2);
    const bidder = await fundedTrader(server, { USD: '1000' });
    const placed: string[] = [];
    for (const [price, amount] of [
      [low, '0.1'],
      [low, '0.2'],
      [high, '0.5'],
    ]) {
      const order = await bidder.client.post('/trading/order', {
        symbol: 'SOLUSDT',
        side: 'buy',
        type: 'limit',
        amount,
        price,
      });
      placed.push(order.body.id);
    }
    const top = await ok('/depth?symbol=SOLUSDT&limit=1');
    try {
      expect(top).toEqual({
        lastUpdateId: expect.any(Number),
        bids: [[eight(high!), '0.50000000']],
        asks: expect.any(Array),
      });
      expect((await ok('/depth?symbol=SOLUSDT&limit=2')).bids).toEqual([
        [eight(high!), '0.50000000'],
        [eight(low!), '0.30000000'],
      ]);
      const web = (await api.get('/market/depth?symbol=SOLUSDT')).body;
      expect(web.last_update_id).toBe(top.lastUpdateId);
      // The default is 100 levels a side; up to 5000 may be asked for.
      expect((await ok('/depth?symbol=SOLUSDT')).bids.length).toBeGreaterThanOrEqual(2);
      expect((await v3('/depth?symbol=SOLUSDT&limit=5000')).status).toBe(200);
      expect(await v3('/depth?symbol=SOLUSDT&limit=5001')).toEqual({
        status: 400,
        body: { code: -1130, msg: "Data sent for parameter 'limit' is not valid." },
      });
    } finally {
      for (const id of placed) await bidder.client.delete('/trading/order', { order_id: id });
    }
    // Each cancel is a command of the book: the update id moved on by (at least) three.
    expect((await ok('/depth?symbol=SOLUSDT&limit=1')).lastUpdateId).toBeGreaterThanOrEqual(top.lastUpdateId + 3);
  });

  it('trades and historicalTrades name trades by their per-symbol id, amounts as decimal strings', async () => {
    const trades = await ok('/trades?symbol=SOLUSDT&limit=3');
    const { firstId, low, high, time } = sweep;
    const trade = (id: number, price: string) => ({
      id,
      price: eight(price),
      qty: '0.10000000',
      quoteQty: eight(new Decimal(price).times('0.1')),
      time,
      isBuyerMaker: false,
      isBestMatch: true,
    });
    expect(trades).toEqual([trade(firstId, low), trade(firstId + 1, low), trade(firstId + 2, high)]);
    expect(await ok(`/historicalTrades?symbol=SOLUSDT&fromId=${firstId + 1}&limit=5`)).toEqual(trades.slice(1));
  });

  it("aggTrades puts a taker order's fills at one price together, named by their first trade's id", async () => {
    const { firstId, low, high, time } = sweep;
    const both = [
      { a: firstId, p: eight(low), q: '0.20000000', f: firstId, l: firstId + 1, T: time, m: false, M: true },
      { a: firstId + 2, p: eight(high), q: '0.10000000', f: firstId + 2, l: firstId + 2, T: time, m: false, M: true },
    ];
    expect(await ok('/aggTrades?symbol=SOLUSDT&limit=2')).toEqual(both);
    expect(await ok(`/aggTrades?symbol=SOLUSDT&fromId=${firstId}`)).toEqual(both);
    // Within the first aggregate: it began before, so the next one is the first from there.
    expect(await ok(`/aggTrades?symbol=SOLUSDT&fromId=${firstId + 1}`)).toEqual([both[1]]);
    expect(await ok(`/aggTrades?symbol=SOLUSDT&startTime=${time}&endTime=${time}`)).toEqual(both);
    expect(await ok(`/aggTrades?symbol=SOLUSDT&endTime=${time}&limit=1`)).toEqual([both[1]]);
  });

  it("klines are the candles as Binance's 12-field arrays, from a start time or the latest", async () => {
    const bucket = bucketStart(sweep.time, '1m');
    const [latest] = await ok('/klines?symbol=SOLUSDT&interval=1m&limit=1');
    expect(latest).toEqual([
      bucket,
      expect.any(String),
      expect.any(String),
      expect.any(String),
      eight(sweep.high),
      expect.any(String),
      bucket + 59_999,
      expect.any(String),
      expect.any(Number),
      expect.any(String),
      expect.any(String),
      '0',
    ]);
    // The sweep's three trades are in its minute's candle, with the other trades of that minute.
    const minute = await ok(`/aggTrades?symbol=SOLUSDT&startTime=${bucket}&endTime=${bucket + 59_999}&limit=1000`);
    const sum = (aggregates: any[]) => aggregates.reduce((total, a) => total.plus(a.q), new Decimal(0));
    const quote = (aggregates: any[]) =>
      aggregates.reduce((total, a) => total.plus(new Decimal(a.q).times(a.p)), new Decimal(0));
    const takerBought = minute.filter((a: any) => !a.m);
    expect(latest[8]).toBe(minute.reduce((count: number, a: any) => count + a.l - a.f + 1, 0));
    expect(latest[8]).toBeGreaterThanOrEqual(3);
    expect(latest[5]).toBe(eight(sum(minute)));
    expect(latest[7]).toBe(eight(quote(minute)));
    expect(latest[9]).toBe(eight(sum(takerBought)));
    expect(latest[10]).toBe(eight(quote(takerBought)));
    expect(await ok(`/klines?symbol=SOLUSDT&interval=1m&startTime=${bucket}&limit=1`)).toEqual([latest]);
    expect(await ok(`/uiKlines?symbol=SOLUSDT&interval=1m&startTime=${bucket}&limit=1`)).toEqual([latest]);
    const [day] = await ok(`/klines?symbol=SOLUSDT&interval=1d&endTime=${Date.now()}&limit=1`);
    expect(day[0]).toBe(bucketStart(sweep.time, '1d'));
  });

  it('ticker/24hr tells the last day with its trade ids; MINI leaves out the book and the changes', async () => {
    const ticker = await ok('/ticker/24hr?symbol=SOLUSDT');
    expect(ticker).toMatchObject({
      symbol: 'SOLUSDT',
      lastPrice: eight(sweep.high),
      lastQty: '0.10000000',
      lastId: sweep.firstId + 2,
      closeTime: expect.any(Number),
    });
    expect(ticker.count).toBe(ticker.lastId - ticker.firstId + 1);
    expect(new Decimal(ticker.volume).gte('0.3')).toBe(true);
    expect(new Decimal(ticker.weightedAvgPrice).toFixed(8)).toBe(
      new Decimal(ticker.quoteVolume).div(ticker.volume).toDecimalPlaces(8).toFixed(8),
    );
    expect(ticker.closeTime - ticker.openTime).toBe(86_400_000);
    const open = new Decimal(ticker.openPrice);
    expect(ticker.priceChange).toBe(eight(new Decimal(ticker.lastPrice).minus(open)));
    const mini = await ok('/ticker/24hr?symbol=SOLUSDT&type=MINI');
    expect(Object.keys(mini).sort()).toEqual(
      ['symbol', 'openPrice', 'highPrice', 'lowPrice', 'lastPrice', 'volume', 'quoteVolume']
        .concat(['openTime', 'closeTime', 'firstId', 'lastId', 'count'])
        .sort(),
    );
    const listed = await ok(`/ticker/24hr?symbols=${encodeURIComponent('["SOLUSDT","BNBUSDT"]')}&type=MINI`);
    expect(listed.map((t: any) => t.symbol)).toEqual(['SOLUSDT', 'BNBUSDT']);
    expect((await ok('/ticker/24hr')).map((t: any) => t.symbol)).toEqual(OPENING_BOOK_MARKETS.map((m) => m.symbol));
  });

  it('ticker/price is the last trade price, bookTicker the best levels, avgPrice the last 5 minutes', async () => {
    expect(await ok('/ticker/price?symbol=SOLUSDT')).toEqual({ symbol: 'SOLUSDT', price: eight(sweep.high) });
    const prices = await ok('/ticker/price');
    expect(prices.map((p: any) => p.symbol)).toEqual(OPENING_BOOK_MARKETS.map((m) => m.symbol));

    const [bid] = await pricesInsideSpread(server, 'SOLUSDT', 1);
    const bidder = await fundedTrader(server, { USD: '100' });
    const resting = await bidder.client.post('/trading/order', {
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.2',
      price: bid,
    });
    try {
      expect(await ok('/ticker/bookTicker?symbol=SOLUSDT')).toMatchObject({
        symbol: 'SOLUSDT',
        bidPrice: eight(bid!),
        bidQty: '0.20000000',
      });
    } finally {
      await bidder.client.delete('/trading/order', { order_id: resting.body.id });
    }

    // The price itself, the trades' of the last 5 minutes: binance-statistics.test.ts.
    expect(await ok('/avgPrice?symbol=SOLUSDT')).toEqual({ mins: 5, price: expect.any(String), closeTime: sweep.time });
  });

  it('a second sweep at one price is one more aggregate, and the same trades read forward and back', async () => {
    const [price] = await pricesInsideSpread(server, 'SOLUSDT', 1);
    await tradeOnBook(server, { symbol: 'SOLUSDT', base: 'SOL', price: price!, amount: '0.1' });
    const forward = await ok(`/aggTrades?symbol=SOLUSDT&fromId=${sweep.firstId}&limit=1000`);
    const back = await ok(`/aggTrades?symbol=SOLUSDT&limit=${forward.length}`);
    expect(back).toEqual(forward);
    expect(forward.map((a: any) => a.a)).toEqual([sweep.firstId, sweep.firstId + 2, sweep.firstId + 3]);
  });
});
