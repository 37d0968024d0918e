import Decimal from 'decimal.js';
import { KLINE_INTERVALS } from '../../../server/trading/market-data/candles';
import { clearOpenOrders, pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { ApiClient } from '../../support/http-client';
import { StreamClient } from '../../support/stream-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

let server: TestExchange;
const open: StreamClient[] = [];

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '33' });
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => server.close());

const connect = async (path: string) => {
  const client = await StreamClient.connect(server.url, path);
  open.push(client);
  return client;
};

/** A decimal string with at least 8 decimals, as Binance writes every price and amount. */
const decimal = expect.stringMatching(/^\d+\.\d{8,}$/);
const signed = expect.stringMatching(/^-?\d+\.\d+$/);
/** `value` as Binance writes it. */
const text = (value: string | number) => new Decimal(value).toFixed(8);
const level = [decimal, decimal];

const refusedUpgrade = (path: string) => StreamClient.refused(server.url, path);

describe('connections', () => {
  it('/ws opens with no stream; SUBSCRIBE, LIST_SUBSCRIPTIONS and UNSUBSCRIBE answer {result, id}', async () => {
    const client = await connect('/ws');
    expect(await client.call('LIST_SUBSCRIPTIONS')).toEqual({ result: [], id: 1 });
    expect(await client.call('SUBSCRIBE', ['btcusdt@trade', 'ethusdt@depth@100ms', 'btcusdt@trade'])).toEqual({
      result: null,
      id: 2,
    });
    expect(await client.call('LIST_SUBSCRIPTIONS')).toEqual({
      result: ['btcusdt@trade', 'ethusdt@depth@100ms'],
      id: 3,
    });
    expect(await client.call('UNSUBSCRIBE', ['btcusdt@trade', 'xrpusdt@trade'])).toEqual({ result: null, id: 4 });
    expect(await client.call('LIST_SUBSCRIPTIONS')).toEqual({ result: ['ethusdt@depth@100ms'], id: 5 });
  });

  it('/ws/<stream> and /ws/<stream>/<stream> open subscribed; /stream?streams= opens subscribed and combined', async () => {
    expect((await (await connect('/ws/btcusdt@aggTrade')).call('LIST_SUBSCRIPTIONS')).result).toEqual([
      'btcusdt@aggTrade',
    ]);
    expect((await (await connect('/ws/btcusdt@aggTrade/!ticker@arr')).call('LIST_SUBSCRIPTIONS')).result).toEqual([
      'btcusdt@aggTrade',
      '!ticker@arr',
    ]);
    const combined = await connect('/stream?streams=bnbusdt@kline_1m/bnbusdt@depth20@100ms');
    expect(await combined.call('LIST_SUBSCRIPTIONS')).toEqual({
      result: ['bnbusdt@kline_1m', 'bnbusdt@depth20@100ms'],
      id: 1,
    });
    expect(await combined.call('GET_PROPERTY', ['combined'])).toEqual({ result: true, id: 2 });
  });

  it('any other path under /ws/ opens a connection without streams (as ccxt opens /ws/0)', async () => {
    const client = await connect('/ws/0');
    expect(await client.call('LIST_SUBSCRIPTIONS')).toEqual({ result: [], id: 1 });
    expect(await client.call('GET_PROPERTY', ['combined'])).toEqual({ result: false, id: 2 });
  });

  it('refuses unknown streams in the URL (400) and paths that are not streams (404), as {code, msg}', async () => {
    expect(await refusedUpgrade('/stream?streams=btcusdt@trade/dogeusdt@trade')).toEqual({
      status: 400,
      body: { code: 2, msg: 'Invalid request: unknown stream dogeusdt@trade' },
    });
    expect(await refusedUpgrade('/ws/btcusdt@trade/BTCUSDT@trade')).toEqual({
      status: 400,
      body: { code: 2, msg: 'Invalid request: unknown stream BTCUSDT@trade' },
    });
    expect((await refusedUpgrade('/websocket')).status).toBe(404);
    expect((await refusedUpgrade('/api/market/depth')).status).toBe(404);
  });

  it('answers a client ping with a pong', async () => {
    const client = await connect('/ws');
    const pong = new Promise<string>((resolve) => client.socket.once('pong', (data) => resolve(data.toString())));
    client.socket.ping('are you there');
    expect(await pong).toBe('are you there');
  });
});

describe('methods', () => {
  it('SET_PROPERTY combined wraps events as {stream, data}; GET_PROPERTY reads it', async () => {
    const client = await connect('/ws');
    expect(await client.call('SET_PROPERTY', ['combined', true])).toEqual({ result: null, id: 1 });
    expect(await client.call('GET_PROPERTY', ['combined'])).toEqual({ result: true, id: 2 });
    expect(await client.call('SUBSCRIBE', ['solusdt@trade'])).toEqual({ result: null, id: 3 });
    const [price] = await pricesInsideSpread(server, 'SOLUSDT', 1);
    await tradeOnBook(server, { symbol: 'SOLUSDT', base: 'SOL', price: price!, amount: '0.5' });
    const wrapped = await client.next((m) => m.stream === 'solusdt@trade');
    expect(wrapped.data).toMatchObject({ e: 'trade', s: 'SOLUSDT', p: text(price!), q: '0.50000000' });
  });

  it.each([
    ['not JSON', '{"method": "SUBSCRIBE",', 3, /^Invalid JSON: /, null],
    ['no method', { params: [], id: 7 }, 2, /^Invalid request: missing field `method`$/, null],
    ['an unknown method', { method: 'SUBSCRIB', id: 8 }, 2, /^Invalid request: unknown variant "SUBSCRIB"/, 8],
    ['a negative id', { method: 'LIST_SUBSCRIPTIONS', id: -1 }, 2, /request ID must be an unsigned integer/, null],
    ['params that are not a list', { method: 'SUBSCRIBE', params: 'btcusdt@trade', id: 9 }, 2, /params/, 9],
    ['an unknown stream', { method: 'SUBSCRIBE', params: ['btcusdt@depth@250ms'], id: 10 }, 2, /unknown stream/, 10],
    ['a stream name not a string', { method: 'UNSUBSCRIBE', params: [1], id: 11 }, 2, /must be a string/, 11],
    [
      'an unknown property',
      { method: 'SET_PROPERTY', params: ['compressed', true], id: 12 },
      0,
      /^Unknown property$/,
      12,
    ],
    [
      'a property value not a boolean',
      { method: 'SET_PROPERTY', params: ['combined', 'yes'], id: 13 },
      1,
      /Boolean/,
      13,
    ],
    ['a property name not a string', { method: 'GET_PROPERTY', params: [true], id: 14 }, 2, /property name/, 14],
  ])('answers %s with Binance error code and the request id', async (_what, request, code, msg, id) => {
    const client = await connect('/ws');
    client.send(request);
    const answer = await client.next((m) => m.error !== undefined);
    expect(answer).toEqual({ error: { code, msg: expect.stringMatching(msg) }, id });
    expect(await client.call('LIST_SUBSCRIPTIONS')).toEqual({ result: [], id: 1 });
  });

  it('takes string ids and null, as Binance does', async () => {
    const client = await connect('/ws');
    client.send({ method: 'LIST_SUBSCRIPTIONS', id: 'my-request' });
    expect(await client.next((m) => m.id === 'my-request')).toEqual({ result: [], id: 'my-request' });
    client.send({ method: 'LIST_SUBSCRIPTIONS', id: null });
    expect(await client.next((m) => 'result' in m && m.id === null)).toEqual({ result: [], id: null });
  });
});

describe('limits', () => {
  it('counts a stream subscribed twice once, and holds every stream of every market at once', async () => {
    const client = await connect('/ws');
    const names = Array.from({ length: 1023 }, (_, i) => (i % 2 === 0 ? 'btcusdt@trade' : 'ethusdt@trade'));
    expect((await client.call('SUBSCRIBE', names)).result).toBeNull();
    expect((await client.call('LIST_SUBSCRIPTIONS')).result).toEqual(['btcusdt@trade', 'ethusdt@trade']);
    const every = ['btcusdt', 'ethusdt', 'bnbusdt', 'solusdt', 'xrpusdt', 'adausdt'].flatMap((symbol) =>
      ['@trade', '@aggTrade', '@ticker', '@miniTicker', '@bookTicker', '@depth', '@depth@100ms']
        .concat(['5', '10', '20'].flatMap((levels) => [`@depth${levels}`, `@depth${levels}@100ms`]))
        .concat(Object.keys(KLINE_INTERVALS).map((i) => `@kline_${i}`))
        .map((stream) => symbol + stream),
    );
    expect((await client.call('SUBSCRIBE', [...every, '!ticker@arr', '!miniTicker@arr'])).result).toBeNull();
    expect((await client.call('LIST_SUBSCRIPTIONS')).result).toHaveLength(every.length + 2);
  });

  it('refuses a connection naming more than 1024 streams', async () => {
    const url = `/stream?streams=${Array.from({ length: 1025 }, () => 'btcusdt@trade').join('/')}`;
    expect(await refusedUpgrade(url)).toEqual({
      status: 400,
      body: { code: 2, msg: 'Invalid request: too many streams, a connection holds at most 1024' },
    });
  });

  it('closes a connection that sends more than 5 messages in a second', async () => {
    const client = await connect('/ws');
    const closed = client.whenClosed();
    for (let i = 0; i < 6; i++) client.send({ method: 'LIST_SUBSCRIPTIONS', id: i });
    expect(await closed).toEqual({ code: 1008, reason: 'Too many messages' });
    expect(client.messages.filter((m) => 'result' in m)).toHaveLength(5);
  });

  it('keeps a connection that sends 5 messages a second', async () => {
    const client = await connect('/ws');
    for (let second = 0; second < 2; second++) {
      for (let i = 0; i < 5; i++) client.send({ method: 'LIST_SUBSCRIPTIONS', id: second * 5 + i });
      await client.next((m) => m.id === second * 5 + 4);
      await new Promise((resolve) => setTimeout(resolve, 1050));
    }
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });
});

describe('events after a trade, in Binance payloads', () => {
  let price: string;
  let client: StreamClient;

  beforeAll(async () => {
    const streams = [
      'adausdt@trade',
      'adausdt@aggTrade',
      'adausdt@depth',
      'adausdt@depth@100ms',
      'adausdt@depth5',
      'adausdt@depth10@100ms',
      'adausdt@bookTicker',
      'adausdt@ticker',
      'adausdt@miniTicker',
      '!ticker@arr',
      '!miniTicker@arr',
      ...Object.keys(KLINE_INTERVALS).map((interval) => `adausdt@kline_${interval}`),
    ];
    // This trade is the book's last: no stop other files left waits to follow it.
    await clearOpenOrders(server, { symbol: 'ADAUSDT' });
    client = await StreamClient.connect(server.url, `/stream?streams=${streams.join('/')}`);
    const [inside] = await pricesInsideSpread(server, 'ADAUSDT', 1);
    await tradeOnBook(server, { symbol: 'ADAUSDT', base: 'ADA', price: inside!, amount: '20', taker: 'sell' });
    price = text(inside!);
  });
  afterAll(() => client.close());

  const event = (stream: string, predicate: (data: any) => boolean = () => true) =>
    client.next((m) => m.stream === stream && predicate(m.data), 5000).then((m) => m.data);

  it('trade and aggTrade: ids are the market trade sequence numbers; m says the buyer was the maker', async () => {
    const trade = await event('adausdt@trade');
    expect(trade).toEqual({
      e: 'trade',
      E: expect.any(Number),
      s: 'ADAUSDT',
      t: expect.any(Number),
      p: price,
      q: '20.00000000',
      T: expect.any(Number),
      m: true,
      M: true,
    });
    expect(await event('adausdt@aggTrade')).toEqual({
      e: 'aggTrade',
      E: trade.E,
      s: 'ADAUSDT',
      a: trade.t,
      p: price,
      q: '20.00000000',
      f: trade.t,
      l: trade.t,
      T: trade.T,
      m: true,
      M: true,
    });
  });

  it('diff depth at 100 ms and 1000 ms: depthUpdate with U, u and the changed levels', async () => {
    for (const stream of ['adausdt@depth@100ms', 'adausdt@depth']) {
      const update = await event(stream, (d) => d.b.some(([p]: string[]) => p === price));
      expect(update).toEqual({
        e: 'depthUpdate',
        E: expect.any(Number),
        s: 'ADAUSDT',
        U: expect.any(Number),
        u: expect.any(Number),
        b: expect.arrayContaining([[price, '0.00000000']]),
        a: expect.any(Array),
      });
      expect(update.u).toBeGreaterThanOrEqual(update.U);
    }
  });

  it('partial depth: {lastUpdateId, bids, asks} of 5 and 10 levels', async () => {
    const five = await event('adausdt@depth5');
    expect(five).toEqual({ lastUpdateId: expect.any(Number), bids: expect.any(Array), asks: expect.any(Array) });
    expect(five.bids.length).toBeLessThanOrEqual(5);
    for (const l of [...five.bids, ...five.asks]) expect(l).toEqual(level);
    const ten = await event('adausdt@depth10@100ms');
    expect(ten.bids.length).toBeLessThanOrEqual(10);
    const rest = (await new ApiClient(server.url).get('/market/depth?symbol=ADAUSDT&limit=10')).body;
    expect(ten.lastUpdateId).toBeLessThanOrEqual(rest.last_update_id);
  });

  it('bookTicker: the best bid and ask with the update id they are as of', async () => {
    await event('adausdt@bookTicker');
    const latest = client.messages.filter((m) => m.stream === 'adausdt@bookTicker').at(-1).data;
    const rest = (await new ApiClient(server.url).get('/market/depth?symbol=ADAUSDT&limit=1')).body;
    const best = (side: number[][]) =>
      side[0] ? [text(side[0][0]!), text(side[0][1]!)] : ['0.00000000', '0.00000000'];
    expect(latest).toEqual({
      u: expect.any(Number),
      s: 'ADAUSDT',
      b: best(rest.bids)[0],
      B: best(rest.bids)[1],
      a: best(rest.asks)[0],
      A: best(rest.asks)[1],
    });
    expect(latest.u).toBeLessThanOrEqual(rest.last_update_id);
  });

  it('ticker, miniTicker and the all-market arrays, once a second', async () => {
    const ticker = await event('adausdt@ticker', (t) => t.c === price);
    expect(ticker).toEqual({
      e: '24hrTicker',
      E: expect.any(Number),
      s: 'ADAUSDT',
      p: signed,
      P: signed,
      w: decimal,
      x: decimal,
      c: price,
      Q: '20.00000000',
      b: expect.any(String),
      B: expect.any(String),
      a: expect.any(String),
      A: expect.any(String),
      o: decimal,
      h: decimal,
      l: decimal,
      v: decimal,
      q: decimal,
      O: expect.any(Number),
      C: expect.any(Number),
      F: expect.any(Number),
      L: expect.any(Number),
      n: expect.any(Number),
    });
    expect(ticker.C - ticker.O).toBe(86_400_000);
    expect(ticker.n).toBe(ticker.L - ticker.F + 1);
    // Built as REST ticker/24hr builds it (no trade on the market since).
    const rest = (await new ApiClient(server.url).get('/v3/ticker/24hr?symbol=ADAUSDT')).body;
    expect([ticker.x, ticker.w, ticker.c, ticker.Q, ticker.v, ticker.q, ticker.F, ticker.L, ticker.n]).toEqual([
      rest.prevClosePrice,
      rest.weightedAvgPrice,
      rest.lastPrice,
      rest.lastQty,
      rest.volume,
      rest.quoteVolume,
      rest.firstId,
      rest.lastId,
      rest.count,
    ]);
    expect(await event('adausdt@miniTicker', (t) => t.c === price)).toEqual({
      e: '24hrMiniTicker',
      E: expect.any(Number),
      s: 'ADAUSDT',
      c: price,
      o: decimal,
      h: decimal,
      l: decimal,
      v: decimal,
      q: decimal,
    });
    const all = await event('!ticker@arr', (list) => list.some((t: any) => t.s === 'ADAUSDT'));
    expect(all.find((t: any) => t.s === 'ADAUSDT')).toMatchObject({ e: '24hrTicker', c: price });
    const minis = await event('!miniTicker@arr', (list) => list.some((t: any) => t.s === 'ADAUSDT'));
    expect(minis.find((t: any) => t.s === 'ADAUSDT')).toMatchObject({ e: '24hrMiniTicker', c: price });
  });

  it("aggTrade: a taker order's trades at one price are one aggregate, named after its first trade", async () => {
    const trades = await StreamClient.connect(server.url, '/stream?streams=xrpusdt@trade/xrpusdt@aggTrade');
    try {
      const [inside] = await pricesInsideSpread(server, 'XRPUSDT', 1);
      const makers = await Promise.all([0, 1].map(() => fundedTrader(server, { USD: '1000' }, 'Bid Maker')));
      for (const maker of makers)
        await maker.client.post('/trading/order', {
          symbol: 'XRPUSDT',
          side: 'buy',
          type: 'limit',
          amount: '10',
          price: inside,
        });
      const taker = await fundedTrader(server, { XRP: '20' }, 'Taker');
      const sold = await taker.client.post('/trading/order', {
        symbol: 'XRPUSDT',
        side: 'sell',
        type: 'limit',
        amount: '20',
        price: inside,
      });
      expect(sold.body.status).toBe('filled');
      const aggregate = (await trades.next((m) => m.stream === 'xrpusdt@aggTrade')).data;
      const [first, second] = trades.messages.filter((m) => m.stream === 'xrpusdt@trade').map((m) => m.data);
      expect(second.t).toBe(first.t + 1);
      expect(aggregate).toEqual({
        e: 'aggTrade',
        E: expect.any(Number),
        s: 'XRPUSDT',
        a: first.t,
        p: text(inside!),
        q: '20.00000000',
        f: first.t,
        l: second.t,
        T: first.T,
        m: true, // the bids rested: the buyers were the makers
        M: true,
      });
      expect(trades.messages.filter((m) => m.stream === 'xrpusdt@aggTrade')).toHaveLength(1);
    } finally {
      trades.close();
    }
  });

  it('a refused order moves no level but moves the update ids: an event with no levels, at the depth id', async () => {
    const diffs = await StreamClient.connect(server.url, '/ws/ethusdt@depth@100ms');
    try {
      const [inside] = await pricesInsideSpread(server, 'ETHUSDT', 1);
      const maker = await fundedTrader(server, { ETH: '1' }, 'Ask Maker');
      const ask = { symbol: 'ETHUSDT', side: 'sell', type: 'limit', amount: '0.01', price: inside };
      expect((await maker.client.post('/trading/order', ask)).status).toBe(200);
      await diffs.next((m) => m.a.length > 0);
      const taker = await fundedTrader(server, { USD: '1000' }, 'Post-only Taker');
      const postOnly = { ...ask, side: 'buy', post_only: true };
      expect(await taker.client.post('/trading/order', postOnly)).toEqual({
        status: 400,
        body: { detail: 'Post-only order would trade immediately' },
      });
      const rest = (await new ApiClient(server.url).get('/market/depth?symbol=ETHUSDT&limit=1')).body;
      const refused = await diffs.next((m) => m.u === rest.last_update_id);
      expect(refused).toMatchObject({ U: rest.last_update_id, b: [], a: [] });
      expect(refused.U).toBe(diffs.messages[diffs.messages.indexOf(refused) - 1].u + 1);
    } finally {
      diffs.close();
    }
  });

  it.each(Object.entries(KLINE_INTERVALS))('kline_%s: the current candle', async (interval, seconds) => {
    // The first push after the trade that has it (one a moment before it may not).
    const kline = await event(`adausdt@kline_${interval}`, (k) => k.k.c === price);
    expect(kline).toEqual({
      e: 'kline',
      E: expect.any(Number),
      s: 'ADAUSDT',
      k: {
        t: expect.any(Number),
        T: expect.any(Number),
        s: 'ADAUSDT',
        i: interval,
        f: expect.any(Number),
        L: expect.any(Number),
        o: decimal,
        c: price,
        h: decimal,
        l: decimal,
        v: decimal,
        n: expect.any(Number),
        x: false,
        q: decimal,
        V: decimal,
        Q: decimal,
        B: '0',
      },
    });
    // What takers bought is part of the volume, and the same as REST klines tell.
    expect(new Decimal(kline.k.V).lte(kline.k.v)).toBe(true);
    const [rest] = (await new ApiClient(server.url).get(`/v3/klines?symbol=ADAUSDT&interval=${interval}&limit=1`)).body;
    expect([rest[0], rest[9], rest[10]]).toEqual([kline.k.t, kline.k.V, kline.k.Q]);
    expect(kline.k.T - kline.k.t).toBe(seconds * 1000 - 1);
    expect(kline.k.t % (seconds * 1000)).toBe(0);
  });
});
