import ccxt from 'ccxt';
import Decimal from 'decimal.js';
import { pricesInsideSpread } from '../../support/book-trades';
import { type KeyedTrader } from '../../support/binance-client';
import { binanceBook, eight } from '../../support/binance-book';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { balanceOf } from '../../support/trading-fixtures';
import { signedParams, WsApiClient } from '../../support/ws-api-client';

/**
 * Binance's icebergQty (ICEBERG_PARTS) and trailingDelta (TRAILING_DELTA) on POST order and CCXT:
 * their filters, what the book shows of an iceberg, a trailing stop triggering once the price has
 * moved its delta from its peak, the answers and executionReports that carry them, and holds
 * released exactly.
 */
let server: TestExchange;
const sockets: WsApiClient[] = [];

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '62' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => server.close());

/** A WebSocket API connection subscribed to `who`'s user data stream. */
async function subscribed(who: KeyedTrader): Promise<WsApiClient> {
  const client = await WsApiClient.connect(server.url);
  sockets.push(client);
  const answer = await client.request('userDataStream.subscribe.signature', signedParams(who.key));
  expect(answer).toMatchObject({ status: 200 });
  return client;
}

const SYMBOL = 'SOLUSDT';
const QTY = '2';
const book = binanceBook(() => server, { symbol: SYMBOL, base: 'SOL', quantity: QTY, cash: '2000' });
const { call, ok, limit, tradeAt, released } = book;
const trader = (balances: Record<string, string>) => book.trader(balances, 'Iceberg Trader');

async function askAt(price: string): Promise<string | undefined> {
  const depth = await (await fetch(`${server.url}/api/v3/depth?symbol=${SYMBOL}&limit=100`)).json();
  return (depth as { asks: string[][] }).asks.find(([level]) => new Decimal(level!).eq(price))?.[1];
}

describe('icebergQty', () => {
  it('exchangeInfo allows icebergs and trailing stops, with their filters', async () => {
    const info: any = await (await fetch(`${server.url}/api/v3/exchangeInfo?symbol=${SYMBOL}`)).json();
    expect(info.symbols[0]).toMatchObject({ icebergAllowed: true, allowTrailingStop: true });
    expect(info.symbols[0].filters).toEqual(
      expect.arrayContaining([
        { filterType: 'ICEBERG_PARTS', limit: 10 },
        {
          filterType: 'TRAILING_DELTA',
          minTrailingAboveDelta: 10,
          maxTrailingAboveDelta: 2000,
          minTrailingBelowDelta: 10,
          maxTrailingBelowDelta: 2000,
        },
      ]),
    );
  });

  it('an iceberg shows a slice at a time, trades its whole quantity, says its icebergQty everywhere, and releases its hold', async () => {
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const holder = await trader({ SOL: QTY });
    const stream = await subscribed(holder);
    const placed = await ok(holder, 'POST', '/order', {
      ...limit('SELL', price!),
      icebergQty: '0.5',
      newOrderRespType: 'RESULT',
    });
    expect(placed).toMatchObject({ status: 'NEW', type: 'LIMIT', icebergQty: eight('0.5') });
    const report = await stream.event((e) => e.e === 'executionReport' && e.i === placed.orderId);
    expect(report).toMatchObject({ x: 'NEW', q: eight(QTY), F: eight('0.5') });
    expect(await askAt(price!)).toBe(eight('0.5'));
    expect(await balanceOf(server, holder.userId, 'SOL')).toEqual({ available: '0', locked: QTY });

    const buyer = await trader({ USD: '2000' });
    expect(await ok(buyer, 'POST', '/order', limit('BUY', price!, '1.2'))).toMatchObject({
      status: 'FILLED',
      executedQty: eight('1.2'),
    });
    expect(await ok(holder, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId })).toMatchObject({
      status: 'PARTIALLY_FILLED',
      executedQty: eight('1.2'),
      icebergQty: eight('0.5'),
    });
    // Two slices and 0.2 of the third taken: what is left of that one shows.
    expect(await askAt(price!)).toBe(eight('0.3'));
    expect(await balanceOf(server, holder.userId, 'SOL')).toEqual({ available: '0', locked: '0.8' });
    expect(await ok(holder, 'DELETE', '/order', { symbol: SYMBOL, orderId: placed.orderId })).toMatchObject({
      status: 'CANCELED',
      icebergQty: eight('0.5'),
    });
    expect(await askAt(price!)).toBeUndefined();
    await released(holder);
    await released(buyer);
  });

  it('ICEBERG_PARTS counts the slices rounded up: 10 are taken, 11 are not', async () => {
    const who = await trader({ SOL: QTY });
    const order = await ok(who, 'POST', '/order', { ...limit('SELL', '100000'), icebergQty: '0.2' });
    await ok(who, 'DELETE', '/order', { symbol: SYMBOL, orderId: order.orderId });
    expect(await call(who, 'POST', '/order', { ...limit('SELL', '100000'), icebergQty: '0.199' })).toEqual({
      status: 400,
      body: { code: -1013, msg: 'Filter failure: ICEBERG_PARTS' },
    });
    await released(who);
  });

  it.each([
    ['more than 10 parts', { ...limit('SELL', '100'), icebergQty: '0.1' }, -1013, 'Filter failure: ICEBERG_PARTS'],
    ['off the lot', { ...limit('SELL', '100'), icebergQty: '0.5005' }, -1013, 'Filter failure: LOT_SIZE'],
    [
      'on a market order',
      { symbol: SYMBOL, side: 'SELL', type: 'MARKET', quantity: QTY, icebergQty: '0.5' },
      -1106,
      "Parameter 'icebergQty' sent when not required.",
    ],
    [
      'not GTC',
      { ...limit('SELL', '100'), timeInForce: 'IOC', icebergQty: '0.5' },
      -2010,
      'Only a GTC order with a limit price can be an iceberg.',
    ],
    [
      'not smaller than the quantity',
      { ...limit('SELL', '100'), icebergQty: QTY },
      -2010,
      "An iceberg's visible amount must be below the order's amount.",
    ],
  ])('refused: %s', async (_, params, code, msg) => {
    const who = await trader({ SOL: QTY });
    expect(await call(who, 'POST', '/order', params)).toEqual({ status: 400, body: { code, msg } });
    await released(who);
  });
});

describe('trailingDelta', () => {
  it('a trailing STOP_LOSS sell follows the peak and sells once the price falls its delta from it', async () => {
    const prices = await pricesInsideSpread(server, SYMBOL, 40);
    const tick = new Decimal(prices[1]!).minus(prices[0]!);
    const peak = new Decimal(prices[prices.length - 1]!);
    // The engine's trailing price: the move rounded up to a whole tick, against the order.
    const move = peak.div(tick).times(10).div(10_000).ceil().times(tick);
    const trigger = peak.minus(move);
    expect(trigger.gt(prices[0]!)).toBe(true);
    await tradeAt(prices[0]!);
    const holder = await trader({ SOL: QTY });
    const stream = await subscribed(holder);
    const placed = await ok(holder, 'POST', '/order', {
      symbol: SYMBOL,
      side: 'SELL',
      type: 'STOP_LOSS',
      quantity: QTY,
      trailingDelta: 10,
      newOrderRespType: 'RESULT',
    });
    // Without a stop price it trails from the moment it is placed (trailingTime), yet is not working.
    expect(placed).toMatchObject({
      status: 'NEW',
      type: 'STOP_LOSS',
      trailingDelta: 10,
      trailingTime: placed.transactTime,
      workingTime: -1,
    });
    expect(placed.stopPrice).toBeUndefined();
    expect(await stream.event((e) => e.e === 'executionReport' && e.i === placed.orderId)).toMatchObject({
      x: 'NEW',
      d: 10,
      D: placed.transactTime,
      P: eight(0),
    });
    // Up to the peak, then down to one tick above the trailing price: it waits.
    await tradeAt(peak.toFixed());
    await tradeAt(trigger.plus(tick).toFixed());
    expect(await ok(holder, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId })).toMatchObject({
      status: 'NEW',
      isWorking: false,
      trailingDelta: 10,
      trailingTime: placed.transactTime,
      stopPrice: eight(0),
    });
    // A bid at the trailing price, for the trade that reaches it and for the stop's own sell.
    const bidder = await trader({ USD: '2000' });
    await ok(bidder, 'POST', '/order', limit('BUY', trigger.toFixed(), '4'));
    const seller = await trader({ SOL: QTY });
    await ok(seller, 'POST', '/order', limit('SELL', trigger.toFixed()));
    expect(await ok(holder, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId })).toMatchObject({
      status: 'FILLED',
      executedQty: eight(QTY),
      cummulativeQuoteQty: eight(trigger.times(QTY)),
    });
    await released(holder);
    await released(bidder);
  });

  it('through CCXT: a trailing TAKE_PROFIT_LIMIT with an activation price; one already reached is refused', async () => {
    const [low, mid, high] = await pricesInsideSpread(server, SYMBOL, 3);
    await tradeAt(mid!);
    const holder = await trader({ SOL: QTY });
    const exchange = new ccxt.binance({
      apiKey: holder.key.api_key,
      secret: holder.key.secret,
      urls: { api: { public: `${server.url}/api/v3`, private: `${server.url}/api/v3` } },
      options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, fetchMargins: false },
    });
    await exchange.loadMarkets();
    const order = await exchange.createOrder('SOL/USDT', 'TAKE_PROFIT_LIMIT', 'sell', Number(QTY), Number(low), {
      // CCXT's names: a trailing percent (Binance's trailingDelta in basis points) and its activation price.
      trailingPercent: 2,
      trailingTriggerPrice: Number(high),
    });
    const open = await exchange.fetchOrder(order.id!, 'SOL/USDT');
    // Not trailing until the price reaches its activation price.
    expect(open.info).toMatchObject({
      type: 'TAKE_PROFIT_LIMIT',
      trailingDelta: 200,
      trailingTime: -1,
      stopPrice: eight(high!),
    });
    const reached = Date.now();
    await tradeAt(high!);
    const trailing = await exchange.fetchOrder(order.id!, 'SOL/USDT');
    expect(trailing.info).toMatchObject({ status: 'NEW', isWorking: false, trailingDelta: 200 });
    expect(trailing.info.trailingTime).toBeGreaterThanOrEqual(reached);
    expect(trailing.info.trailingTime).toBeLessThanOrEqual(Date.now());
    await exchange.cancelOrder(order.id!, 'SOL/USDT');
    await expect(
      exchange.createOrder('SOL/USDT', 'TAKE_PROFIT_LIMIT', 'sell', Number(QTY), Number(low), {
        trailingPercent: 2,
        trailingTriggerPrice: Number(mid),
      }),
    ).rejects.toThrow(/Stop price would trigger immediately/);
    await released(holder);
  });

  it.each([
    ['below the filter', { trailingDelta: 9 }, -1013, 'Filter failure: TRAILING_DELTA'],
    ['above the filter', { trailingDelta: 2001 }, -1013, 'Filter failure: TRAILING_DELTA'],
    [
      'not a number',
      { trailingDelta: '1.5' },
      -1100,
      "Illegal characters found in parameter 'trailingDelta'; legal range is '^[0-9]{1,20}$'.",
    ],
    [
      'neither it nor a stop price',
      {},
      -1102,
      "Param 'stopPrice' or 'trailingDelta' must be sent, but both were empty/null!",
    ],
  ])('refused: %s', async (_, extra, code, msg) => {
    const who = await trader({ SOL: QTY });
    const params = { symbol: SYMBOL, side: 'SELL', type: 'STOP_LOSS', quantity: QTY, ...extra };
    expect(await call(who, 'POST', '/order', params)).toEqual({ status: 400, body: { code, msg } });
  });

  it('refused on an order that is not a stop', async () => {
    const who = await trader({ SOL: QTY });
    expect(await call(who, 'POST', '/order', { ...limit('SELL', '1000'), trailingDelta: 100 })).toEqual({
      status: 400,
      body: { code: -1106, msg: "Parameter 'trailingDelta' sent when not required." },
    });
  });
});
