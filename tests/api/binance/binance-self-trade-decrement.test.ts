import { checkLedger } from '../../../server/ledger/ledger-check';
import { pricesInsideSpread } from '../../support/book-trades';
import { binanceBook, eight } from '../../support/binance-book';
import { binanceCall, type KeyedTrader } from '../../support/binance-client';
import { eventually } from '../../support/eventually';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { signedParams, WsApiClient } from '../../support/ws-api-client';

/**
 * Self-trade prevention DECREMENT on the Binance-compatible API: when an incoming order meets a
 * resting order of its trader, both lose the quantity they would have traded, release what they
 * held for it, and the one left with nothing is cancelled; the match is a prevented match.
 */
let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '63' });
});
afterAll(() => server.close());

const SYMBOL = 'SOLUSDT';
const book = binanceBook(() => server, { symbol: SYMBOL, base: 'SOL', quantity: '1', cash: '10000' });
const { trader, call, ok } = book;

/** The trader's free and locked USDT and SOL, as GET account tells them. */
async function balances(who: KeyedTrader) {
  const { balances } = await ok(who, 'GET', '/account', { omitZeroBalances: 'false' });
  const of = (asset: string) => {
    const { free, locked } = balances.find((b: any) => b.asset === asset) ?? { free: '0', locked: '0' };
    return { free: Number(free), locked: Number(locked) };
  };
  return { USDT: of('USDT'), SOL: of('SOL') };
}

/** A user data stream of the trader, once it delivers (a probe order's NEW has come through). */
async function listening(who: KeyedTrader, price: string) {
  const stream = await book.userStream(who);
  await eventually(async () => {
    const probe = await ok(who, 'POST', '/order', book.limit('BUY', price, '1'));
    await ok(who, 'DELETE', '/order', { symbol: SYMBOL, orderId: probe.orderId });
    await new Promise((resolve) => setTimeout(resolve, 100));
    return stream.messages.find((m) => m.i === probe.orderId && m.x === 'NEW');
  });
  return stream;
}

const limit = (side: 'BUY' | 'SELL', price: string, quantity: string, mode?: string) => ({
  ...book.limit(side, price, quantity),
  newOrderRespType: 'RESULT',
  ...(mode ? { selfTradePreventionMode: mode } : {}),
});

describe('DECREMENT', () => {
  it('exchangeInfo lists it among the modes served', async () => {
    const info = await binanceCall(server.url, 'GET', '/exchangeInfo', { query: `symbol=${SYMBOL}` });
    expect(info.body.symbols[0]).toMatchObject({
      defaultSelfTradePreventionMode: 'EXPIRE_TAKER',
      allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH', 'DECREMENT'],
    });
  });

  it('an incoming buy smaller than the resting sell: the buy is cancelled, the sell keeps the rest, holds follow', async () => {
    const who = await trader({ USD: '10000', SOL: '10' });
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const stream = await listening(who, price!);
    try {
      const maker = await ok(who, 'POST', '/order', limit('SELL', price!, '3'));
      expect(await balances(who)).toEqual({ USDT: { free: 10000, locked: 0 }, SOL: { free: 7, locked: 3 } });

      const taker = await ok(who, 'POST', '/order', limit('BUY', price!, '1', 'DECREMENT'));
      expect(taker).toMatchObject({
        status: 'CANCELED',
        executedQty: eight(0),
        // As Binance: what it was placed for, and apart what prevention took.
        origQty: eight(1),
        preventedQuantity: eight(1),
        selfTradePreventionMode: 'DECREMENT',
      });
      const makerNow = await ok(who, 'GET', '/order', { symbol: SYMBOL, orderId: maker.orderId });
      expect(makerNow).toMatchObject({
        status: 'NEW',
        origQty: eight(3),
        preventedQuantity: eight(1),
        executedQty: eight(0),
      });
      expect((await ok(who, 'GET', '/openOrders', { symbol: SYMBOL }))[0]).toMatchObject({
        orderId: maker.orderId,
        origQty: eight(3),
        preventedQuantity: eight(1),
      });
      // The buy held nothing after it; the sell holds the 2 SOL it still offers.
      expect(await balances(who)).toEqual({ USDT: { free: 10000, locked: 0 }, SOL: { free: 8, locked: 2 } });
      expect(await ok(who, 'GET', '/myTrades', { symbol: SYMBOL })).toEqual([]);

      const prevented = await ok(who, 'GET', '/myPreventedMatches', { symbol: SYMBOL, orderId: taker.orderId });
      expect(prevented).toEqual([
        {
          symbol: SYMBOL,
          preventedMatchId: expect.any(Number),
          takerOrderId: taker.orderId,
          makerOrderId: maker.orderId,
          tradeGroupId: -1,
          selfTradePreventionMode: 'DECREMENT',
          price: eight(price!),
          takerPreventedQuantity: eight(1),
          makerPreventedQuantity: eight(1),
          transactTime: expect.any(Number),
        },
      ]);
      const match = prevented[0].preventedMatchId;
      const mentions = { v: match, A: eight(1), B: eight(1), u: -1, Cs: SYMBOL };
      // The sell, still on the book with less; the buy, cancelled by it. Each tells its own mode (the taker's decided).
      expect(await stream.next((m) => m.i === maker.orderId && m.x === 'TRADE_PREVENTION')).toMatchObject({
        ...mentions,
        V: 'EXPIRE_TAKER',
        X: 'NEW',
        q: eight(3),
        z: eight(0),
        w: true,
        U: taker.orderId,
      });
      expect(await stream.next((m) => m.i === taker.orderId && m.x === 'CANCELED')).toMatchObject({
        ...mentions,
        V: 'DECREMENT',
        X: 'CANCELED',
        U: maker.orderId,
      });
      expect(stream.messages.filter((m) => m.i === taker.orderId).map((m) => m.x)).toEqual(['NEW', 'CANCELED']);

      await ok(who, 'DELETE', '/order', { symbol: SYMBOL, orderId: maker.orderId });
      expect(await balances(who)).toEqual({ USDT: { free: 10000, locked: 0 }, SOL: { free: 10, locked: 0 } });
    } finally {
      stream.close();
    }
  });

  it('an incoming buy larger than the resting sell: the sell is cancelled, the buy rests with the rest, holding just that', async () => {
    const who = await trader({ USD: '10000', SOL: '10' });
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const stream = await listening(who, price!);
    try {
      const maker = await ok(who, 'POST', '/order', limit('SELL', price!, '1'));
      const taker = await ok(who, 'POST', '/order', limit('BUY', price!, '3', 'DECREMENT'));
      expect(taker).toMatchObject({
        status: 'NEW',
        origQty: eight(3),
        preventedQuantity: eight(1),
        executedQty: eight(0),
      });
      expect(await ok(who, 'GET', '/order', { symbol: SYMBOL, orderId: maker.orderId })).toMatchObject({
        status: 'CANCELED',
        executedQty: eight(0),
      });
      const after = await balances(who);
      expect(after.SOL).toEqual({ free: 10, locked: 0 });

      const [match] = await ok(who, 'GET', '/myPreventedMatches', { symbol: SYMBOL, orderId: maker.orderId });
      expect(match).toMatchObject({
        takerOrderId: taker.orderId,
        makerOrderId: maker.orderId,
        selfTradePreventionMode: 'DECREMENT',
        takerPreventedQuantity: eight(1),
        makerPreventedQuantity: eight(1),
      });
      expect(await stream.next((m) => m.i === taker.orderId && m.x === 'TRADE_PREVENTION')).toMatchObject({
        X: 'NEW',
        q: eight(3),
        w: true,
        v: match.preventedMatchId,
        A: eight(1),
        B: eight(1),
        U: maker.orderId,
      });
      expect(await stream.next((m) => m.i === maker.orderId && m.x === 'CANCELED')).toMatchObject({
        v: match.preventedMatchId,
        A: eight(1),
        U: taker.orderId,
      });

      // The buy holds what a buy of 2 SOL at its price holds, no more.
      await ok(who, 'DELETE', '/order', { symbol: SYMBOL, orderId: taker.orderId });
      expect(await balances(who)).toEqual({ USDT: { free: 10000, locked: 0 }, SOL: { free: 10, locked: 0 } });
      const plain = await ok(who, 'POST', '/order', limit('BUY', price!, '2'));
      expect(await balances(who)).toEqual(after);
      await ok(who, 'DELETE', '/order', { symbol: SYMBOL, orderId: plain.orderId });
    } finally {
      stream.close();
    }
  });

  it('a taker meets several resting orders in turn, is reduced by each, and trades with no one', async () => {
    const who = await trader({ USD: '10000', SOL: '10' });
    const [low, high] = await pricesInsideSpread(server, SYMBOL, 2);
    const stream = await listening(who, low!);
    const first = await ok(who, 'POST', '/order', limit('BUY', high!, '1'));
    const second = await ok(who, 'POST', '/order', limit('BUY', low!, '2'));
    const taker = await ok(who, 'POST', '/order', {
      ...limit('SELL', low!, '5', 'DECREMENT'),
      newOrderRespType: 'FULL',
    });
    // 1 against the first, 2 against the second: both cancelled, the sell rests with 2 of its 5.
    expect(taker).toMatchObject({
      status: 'NEW',
      origQty: eight(5),
      preventedQuantity: eight(3),
      executedQty: eight(0),
      fills: [],
    });
    // Its reports count what each match took (B) and what all have taken so far (A), of its 5 (q).
    const reports = await eventually(async () => {
      const reports = stream.messages.filter((m) => m.i === taker.orderId && m.x === 'TRADE_PREVENTION');
      return reports.length === 2 ? reports : undefined;
    });
    expect(reports.map((m) => ({ q: m.q, A: m.A, B: m.B }))).toEqual([
      { q: eight(5), A: eight(1), B: eight(1) },
      { q: eight(5), A: eight(3), B: eight(2) },
    ]);
    stream.close();
    for (const maker of [first, second])
      expect(await ok(who, 'GET', '/order', { symbol: SYMBOL, orderId: maker.orderId })).toMatchObject({
        status: 'CANCELED',
      });
    const matches = await ok(who, 'GET', '/myPreventedMatches', { symbol: SYMBOL, orderId: taker.orderId });
    expect(matches.map((m: any) => [m.makerOrderId, m.price, m.makerPreventedQuantity])).toEqual([
      [first.orderId, eight(high!), eight(1)],
      [second.orderId, eight(low!), eight(2)],
    ]);
    expect(await balances(who)).toEqual({ USDT: { free: 10000, locked: 0 }, SOL: { free: 8, locked: 2 } });
    await ok(who, 'DELETE', '/order', { symbol: SYMBOL, orderId: taker.orderId });
    expect(await balances(who)).toEqual({ USDT: { free: 10000, locked: 0 }, SOL: { free: 10, locked: 0 } });
  });

  it('a market buy by quote amount loses the value it would have traded, and is cancelled once its budget buys no lot', async () => {
    const who = await trader({ USD: '10000', SOL: '10' });
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const maker = await ok(who, 'POST', '/order', limit('SELL', price!, '3'));
    // Enough for one SOL at the price: the best ask is the trader's own.
    const budget = Number(price).toFixed(2);
    const taker = await ok(who, 'POST', '/order', {
      symbol: SYMBOL,
      side: 'BUY',
      type: 'MARKET',
      quoteOrderQty: budget,
      selfTradePreventionMode: 'DECREMENT',
      newOrderRespType: 'RESULT',
    });
    expect(taker).toMatchObject({ status: 'CANCELED', executedQty: eight(0), cummulativeQuoteQty: eight(0) });
    expect(await ok(who, 'GET', '/order', { symbol: SYMBOL, orderId: maker.orderId })).toMatchObject({
      status: 'NEW',
      origQty: eight(3),
      preventedQuantity: eight(1),
    });
    expect(await balances(who)).toEqual({ USDT: { free: 10000, locked: 0 }, SOL: { free: 8, locked: 2 } });
    await ok(who, 'DELETE', '/order', { symbol: SYMBOL, orderId: maker.orderId });
  });

  it("the WebSocket API's order.place and cancelReplace place with it", async () => {
    const who = await trader({ USD: '10000', SOL: '10' });
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const maker = await ok(who, 'POST', '/order', limit('SELL', price!, '3'));
    const client = await WsApiClient.connect(server.url);
    try {
      const placed = await client.request('order.place', signedParams(who.key, limit('BUY', price!, '1', 'DECREMENT')));
      expect(placed.result).toMatchObject({ status: 'CANCELED', selfTradePreventionMode: 'DECREMENT' });
    } finally {
      client.close();
    }
    const replaced = await ok(who, 'POST', '/order/cancelReplace', {
      ...limit('BUY', price!, '1', 'DECREMENT'),
      cancelReplaceMode: 'STOP_ON_FAILURE',
      cancelOrderId: maker.orderId,
    });
    // The sell cancelled first: the buy meets none of the trader's orders and rests.
    expect(replaced.newOrderResponse).toMatchObject({ status: 'NEW', selfTradePreventionMode: 'DECREMENT' });
    expect(await ok(who, 'GET', '/order', { symbol: SYMBOL, orderId: maker.orderId })).toMatchObject({
      status: 'CANCELED',
      origQty: eight(3),
      preventedQuantity: eight(1),
    });
    await ok(who, 'DELETE', '/order', { symbol: SYMBOL, orderId: replaced.newOrderResponse.orderId });
    expect(await balances(who)).toEqual({ USDT: { free: 10000, locked: 0 }, SOL: { free: 10, locked: 0 } });
  });

  it('order/test takes it; NONE and TRANSFER stay refused', async () => {
    const who = await trader({ USD: '1000' });
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const order = { symbol: SYMBOL, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: price!, quantity: '1' };
    expect(await ok(who, 'POST', '/order/test', { ...order, selfTradePreventionMode: 'DECREMENT' })).toEqual({});
    for (const mode of ['NONE', 'TRANSFER'])
      expect((await call(who, 'POST', '/order', { ...order, selfTradePreventionMode: mode })).body).toEqual({
        code: -1013,
        msg: 'This symbol does not allow the specified self-trade prevention mode.',
      });
  });

  it('leaves the ledger consistent', async () => {
    expect((await checkLedger(server.exchange.context.dataSource.manager)).ok).toBe(true);
  });
});
