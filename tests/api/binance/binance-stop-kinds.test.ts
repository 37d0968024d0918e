import ccxt from 'ccxt';
import Decimal from 'decimal.js';
import { pricesInsideSpread } from '../../support/book-trades';
import { createApiKey } from '../../support/binance-client';
import { binanceBook, eight } from '../../support/binance-book';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { balanceOf } from '../../support/trading-fixtures';
import { fundedTrader } from '../../support/trader-fixtures';

/**
 * Binance's stop-loss and take-profit order types (STOP_LOSS, TAKE_PROFIT, TAKE_PROFIT_LIMIT)
 * through POST order and CCXT: their parameters, the refusal of a stop already due (take-profit's
 * direction is the other way round), the answers that name them, their triggering and fills, and
 * their holds released exactly.
 */
let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '61' });
});
afterAll(() => server.close());

const SYMBOL = 'ADAUSDT';
const QTY = '20';
const book = binanceBook(() => server, { symbol: SYMBOL, base: 'ADA', quantity: QTY, cash: '100' });
const { call, ok, limit, tradeAt, released } = book;
const trader = (balances: Record<string, string>) => book.trader(balances, 'Stop Trader');

it('exchangeInfo lists every order type served', async () => {
  const info: any = await (await fetch(`${server.url}/api/v3/exchangeInfo?symbol=${SYMBOL}`)).json();
  expect(info.symbols[0].orderTypes).toEqual([
    'LIMIT',
    'LIMIT_MAKER',
    'MARKET',
    'STOP_LOSS',
    'STOP_LOSS_LIMIT',
    'TAKE_PROFIT',
    'TAKE_PROFIT_LIMIT',
  ]);
});

it('TAKE_PROFIT_LIMIT sell waits above the last price, is refused at or below it, triggers as the price rises, and fills', async () => {
  const [p0, p1, p2] = await pricesInsideSpread(server, SYMBOL, 3);
  await tradeAt(p1!);
  const holder = await trader({ ADA: QTY });
  const order = { symbol: SYMBOL, side: 'SELL', type: 'TAKE_PROFIT_LIMIT', timeInForce: 'GTC', quantity: QTY };
  // Due already: the last price is at or above a take-profit sell's stop (a stop-loss sell's would wait there).
  for (const stop of [p1!, p0!])
    expect(await call(holder, 'POST', '/order', { ...order, price: p2!, stopPrice: stop })).toEqual({
      status: 400,
      body: { code: -2010, msg: 'Stop price would trigger immediately.' },
    });
  const placed = await ok(holder, 'POST', '/order', {
    ...order,
    price: p2!,
    stopPrice: p2!,
    newOrderRespType: 'RESULT',
  });
  expect(placed).toMatchObject({ status: 'NEW', type: 'TAKE_PROFIT_LIMIT', stopPrice: eight(p2!), workingTime: -1 });
  expect(await balanceOf(server, holder.userId, 'ADA')).toEqual({ available: '0', locked: QTY });

  await tradeAt(p2!);
  const triggered = await ok(holder, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId });
  expect(triggered).toMatchObject({ status: 'NEW', type: 'TAKE_PROFIT_LIMIT', stopPrice: eight(p2!), isWorking: true });
  const buyer = await trader({ USD: '100' });
  expect(await ok(buyer, 'POST', '/order', limit('BUY', p2!))).toMatchObject({ status: 'FILLED' });
  expect(await ok(holder, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId })).toMatchObject({
    status: 'FILLED',
    executedQty: eight(QTY),
  });
  await released(holder);
  await released(buyer);
});

it.each([
  ['STOP_LOSS', 'below'],
  ['TAKE_PROFIT', 'above'],
] as const)('%s sell waits, then sells at the market once the price reaches its stop %s', async (type, where) => {
  const [p0, p1, p2] = await pricesInsideSpread(server, SYMBOL, 3);
  await tradeAt(p1!);
  const stop = where === 'below' ? p0! : p2!;
  const holder = await trader({ ADA: QTY });
  const placed = await ok(holder, 'POST', '/order', {
    symbol: SYMBOL,
    side: 'SELL',
    type,
    quantity: QTY,
    stopPrice: stop,
    newOrderRespType: 'RESULT',
  });
  expect(placed).toMatchObject({ status: 'NEW', type, timeInForce: 'IOC', stopPrice: eight(stop), price: eight(0) });
  // A bid at the stop for both the trade that moves the price there and the stop's own sell.
  const bidder = await trader({ USD: '100' });
  const bid = await ok(bidder, 'POST', '/order', limit('BUY', stop, new Decimal(QTY).times(2).toFixed()));
  const seller = await trader({ ADA: QTY });
  await ok(seller, 'POST', '/order', limit('SELL', stop));
  expect(await ok(holder, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId })).toMatchObject({
    status: 'FILLED',
    type,
    executedQty: eight(QTY),
    cummulativeQuoteQty: eight(new Decimal(stop).times(QTY)),
  });
  expect(await ok(bidder, 'GET', '/order', { symbol: SYMBOL, orderId: bid.orderId })).toMatchObject({
    status: 'FILLED',
  });
  await released(holder);
  await released(bidder);
});

it('a STOP_LOSS buy holds for its protective limit 5% above its stop, waits, then buys at the market once the price rises to its stop', async () => {
  const [p0, p1, p2] = await pricesInsideSpread(server, SYMBOL, 3);
  await tradeAt(p0!);
  const holder = await trader({ USD: '100' });
  const placed = await ok(holder, 'POST', '/order', {
    symbol: SYMBOL,
    side: 'BUY',
    type: 'STOP_LOSS',
    quantity: QTY,
    stopPrice: p1!,
    newOrderRespType: 'RESULT',
  });
  expect(placed).toMatchObject({ status: 'NEW', type: 'STOP_LOSS', timeInForce: 'IOC', price: eight(0) });
  const protective = new Decimal(p1!).times(1.05).toNearest('0.0001', Decimal.ROUND_UP);
  const locked = new Decimal((await balanceOf(server, holder.userId, 'USD')).locked);
  expect(locked.gte(protective.times(QTY))).toBe(true);
  expect(locked.lt(protective.times(QTY).times(1.01))).toBe(true);
  // Asks at p2 for the trade that lifts the price to it, and for the stop's own buy.
  const seller = await trader({ ADA: new Decimal(QTY).times(2).toFixed() });
  await ok(seller, 'POST', '/order', limit('SELL', p2!, new Decimal(QTY).times(2).toFixed()));
  const buyer = await trader({ USD: '100' });
  await ok(buyer, 'POST', '/order', limit('BUY', p2!));
  expect(await ok(holder, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId })).toMatchObject({
    status: 'FILLED',
    type: 'STOP_LOSS',
    executedQty: eight(QTY),
    cummulativeQuoteQty: eight(new Decimal(p2!).times(QTY)),
  });
  await released(holder);
});

it('a TAKE_PROFIT_LIMIT buy through CCXT holds like a limit buy, waits below the last price, and releases its hold when cancelled', async () => {
  const [p0, p1] = await pricesInsideSpread(server, SYMBOL, 2);
  await tradeAt(p1!);
  const funded = await fundedTrader(server, { USD: '100' }, 'CCXT Stop Trader');
  const key = await createApiKey(funded.client);
  const exchange = new ccxt.binance({
    apiKey: key.api_key,
    secret: key.secret,
    urls: { api: { public: `${server.url}/api/v3`, private: `${server.url}/api/v3` } },
    options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, fetchMargins: false },
  });
  await exchange.loadMarkets();
  const order = await exchange.createOrder('ADA/USDT', 'TAKE_PROFIT_LIMIT', 'buy', Number(QTY), Number(p0), {
    stopPrice: Number(p0),
  });
  const open = await exchange.fetchOrder(order.id!, 'ADA/USDT');
  // CCXT's unified type of Binance's stop types is their base type; Binance's own stays in `info`.
  expect(open).toMatchObject({ status: 'open', side: 'buy', stopPrice: Number(p0) });
  expect(open.info).toMatchObject({ type: 'TAKE_PROFIT_LIMIT', status: 'NEW', stopPrice: eight(p0!) });
  const locked = new Decimal((await balanceOf(server, funded.user.id, 'USD')).locked);
  expect(locked.gte(new Decimal(p0!).times(QTY))).toBe(true);
  await exchange.cancelOrder(order.id!, 'ADA/USDT');
  expect(await balanceOf(server, funded.user.id, 'USD')).toEqual({ available: '100', locked: '0' });
  // At or above the last price, a take-profit buy is due at once: refused.
  await expect(
    exchange.createOrder('ADA/USDT', 'TAKE_PROFIT_LIMIT', 'buy', Number(QTY), Number(p1), { stopPrice: Number(p1) }),
  ).rejects.toThrow(/Stop price would trigger immediately/);
});

describe("the parameters each type takes, in Binance's words", () => {
  it.each([
    [
      { type: 'STOP_LOSS', side: 'SELL', quantity: QTY },
      -1102,
      "Param 'stopPrice' or 'trailingDelta' must be sent, but both were empty/null!",
    ],
    [
      { type: 'TAKE_PROFIT', side: 'SELL', stopPrice: '0.8' },
      -1102,
      "Mandatory parameter 'quantity' was not sent, was empty/null, or malformed.",
    ],
    [
      { type: 'STOP_LOSS', side: 'SELL', quantity: QTY, stopPrice: '0.8', price: '0.8' },
      -1106,
      "Parameter 'price' sent when not required.",
    ],
    [
      { type: 'TAKE_PROFIT', side: 'SELL', quantity: QTY, stopPrice: '0.8', timeInForce: 'GTC' },
      -1106,
      "Parameter 'timeInForce' sent when not required.",
    ],
    [
      { type: 'TAKE_PROFIT_LIMIT', side: 'SELL', quantity: QTY, stopPrice: '0.8', timeInForce: 'GTC' },
      -1102,
      "Mandatory parameter 'price' was not sent, was empty/null, or malformed.",
    ],
    [{ type: 'STOP_LOSS', side: 'SELL', quantity: QTY, stopPrice: '0.80001' }, -1013, 'Filter failure: PRICE_FILTER'],
  ])('%j: %i', async (params, code, msg) => {
    const who = await trader({ ADA: QTY });
    expect(await call(who, 'POST', '/order', { symbol: SYMBOL, ...params })).toEqual({
      status: 400,
      body: { code, msg },
    });
  });

  it('a trailing STOP_LOSS or TAKE_PROFIT buy without a stop price is refused: it has no price to be held at', async () => {
    const who = await trader({ USD: '100' });
    for (const type of ['STOP_LOSS', 'TAKE_PROFIT'])
      expect(
        await call(who, 'POST', '/order', { symbol: SYMBOL, side: 'BUY', type, quantity: QTY, trailingDelta: 100 }),
      ).toEqual({
        status: 400,
        body: { code: -2010, msg: 'A stop-loss or take-profit market buy needs a stop price.' },
      });
    expect(await balanceOf(server, who.userId, 'USD')).toEqual({ available: '100', locked: '0' });
  });
});
