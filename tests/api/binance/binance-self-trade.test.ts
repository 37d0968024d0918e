import { pricesInsideSpread } from '../../support/book-trades';
import { binanceBook, eight } from '../../support/binance-book';
import { binanceCall } from '../../support/binance-client';
import { eventually } from '../../support/eventually';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/**
 * Self-trade prevention on the Binance-compatible API: Binance's EXPIRE_TAKER, EXPIRE_MAKER and
 * EXPIRE_BOTH as the engine's modes, the mode an order was placed with in every answer about it,
 * and NONE (a wash trade) refused. DECREMENT: binance-self-trade-decrement.test.ts.
 */
let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '62' });
});
afterAll(() => server.close());

const SYMBOL = 'SOLUSDT';
const { trader, call, ok, cancel, userStream } = binanceBook(() => server, {
  symbol: SYMBOL,
  base: 'SOL',
  quantity: '1',
  cash: '10000',
});

/** A trader with a resting sell on SYMBOL, and a buy of theirs at that price with `mode`: both orders as they end up. */
async function meetOwnOrder(mode?: string) {
  const who = await trader({ USD: '10000', SOL: '10' });
  const [price] = await pricesInsideSpread(server, SYMBOL, 1);
  const order = { symbol: SYMBOL, type: 'LIMIT', timeInForce: 'GTC', price: price!, quantity: '1' };
  const maker = await ok(who, 'POST', '/order', { ...order, side: 'SELL' });
  const taker = await ok(who, 'POST', '/order', {
    ...order,
    side: 'BUY',
    newOrderRespType: 'RESULT',
    ...(mode ? { selfTradePreventionMode: mode } : {}),
  });
  const makerNow = await ok(who, 'GET', '/order', { symbol: SYMBOL, orderId: maker.orderId });
  const open = await ok(who, 'GET', '/openOrders', { symbol: SYMBOL });
  for (const o of open) await cancel(who, o.orderId);
  const prevented = await ok(who, 'GET', '/myPreventedMatches', { symbol: SYMBOL, orderId: taker.orderId });
  return { who, price: price!, maker: makerNow, taker, open: open.map((o: any) => o.orderId), prevented };
}

describe('selfTradePreventionMode', () => {
  it('EXPIRE_TAKER (the default) ends the incoming order, the resting one stays', async () => {
    const { who, price, maker, taker, open, prevented } = await meetOwnOrder();
    expect(taker).toMatchObject({
      status: 'CANCELED',
      executedQty: '0.00000000',
      selfTradePreventionMode: 'EXPIRE_TAKER',
    });
    expect(maker).toMatchObject({ status: 'NEW', selfTradePreventionMode: 'EXPIRE_TAKER' });
    expect(open).toEqual([maker.orderId]);
    expect(prevented).toEqual([
      {
        symbol: SYMBOL,
        preventedMatchId: expect.any(Number),
        takerOrderId: taker.orderId,
        makerOrderId: maker.orderId,
        tradeGroupId: -1,
        selfTradePreventionMode: 'EXPIRE_TAKER',
        price: eight(price),
        takerPreventedQuantity: eight(1),
        transactTime: expect.any(Number),
      },
    ]);
    // The same match by its id, and as the maker's.
    const { preventedMatchId } = prevented[0];
    expect(await ok(who, 'GET', '/myPreventedMatches', { symbol: SYMBOL, preventedMatchId })).toEqual(prevented);
    expect(await ok(who, 'GET', '/myPreventedMatches', { symbol: SYMBOL, orderId: maker.orderId })).toEqual(prevented);
  });

  it('EXPIRE_MAKER ends the resting order, and the incoming one goes on (here: to rest)', async () => {
    const { maker, taker, open, prevented } = await meetOwnOrder('EXPIRE_MAKER');
    expect(taker).toMatchObject({ status: 'NEW', executedQty: '0.00000000', selfTradePreventionMode: 'EXPIRE_MAKER' });
    expect(maker).toMatchObject({ status: 'CANCELED', executedQty: '0.00000000' });
    expect(open).toEqual([taker.orderId]);
    expect(prevented).toEqual([
      expect.objectContaining({
        takerOrderId: taker.orderId,
        makerOrderId: maker.orderId,
        selfTradePreventionMode: 'EXPIRE_MAKER',
        makerPreventedQuantity: eight(1),
      }),
    ]);
    expect(prevented[0]).not.toHaveProperty('takerPreventedQuantity');
  });

  it('EXPIRE_BOTH ends both', async () => {
    const { maker, taker, open, prevented } = await meetOwnOrder('EXPIRE_BOTH');
    expect(taker).toMatchObject({ status: 'CANCELED', selfTradePreventionMode: 'EXPIRE_BOTH' });
    expect(maker).toMatchObject({ status: 'CANCELED' });
    expect(open).toEqual([]);
    expect(prevented).toEqual([
      expect.objectContaining({
        takerOrderId: taker.orderId,
        makerOrderId: maker.orderId,
        selfTradePreventionMode: 'EXPIRE_BOTH',
        takerPreventedQuantity: eight(1),
        makerPreventedQuantity: eight(1),
      }),
    ]);
  });

  it('refuses NONE (a wash trade) and the modes not served, as a symbol refuses a mode it does not allow', async () => {
    const who = await trader({ USD: '1000' });
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const order = { symbol: SYMBOL, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: price!, quantity: '1' };
    for (const mode of ['NONE', 'TRANSFER'])
      for (const path of ['/order', '/order/test'])
        expect((await call(who, 'POST', path, { ...order, selfTradePreventionMode: mode })).body).toEqual({
          code: -1013,
          msg: 'This symbol does not allow the specified self-trade prevention mode.',
        });
    expect((await call(who, 'POST', '/order', { ...order, selfTradePreventionMode: 'SOMETIMES' })).body).toMatchObject({
      code: -1130,
    });
  });

  it('exchangeInfo tells the modes served and the default', async () => {
    const info = await binanceCall(server.url, 'GET', '/exchangeInfo', { query: `symbol=${SYMBOL}` });
    expect(info.body.symbols[0]).toMatchObject({
      defaultSelfTradePreventionMode: 'EXPIRE_TAKER',
      allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH', 'DECREMENT'],
      cancelReplaceAllowed: true,
      amendAllowed: true,
    });
  });
});

describe('myPreventedMatches', () => {
  it("lists an order's prevented matches from an id on, one per resting order its taker ended", async () => {
    const who = await trader({ USD: '10000', SOL: '10' });
    const [low, high] = await pricesInsideSpread(server, SYMBOL, 2);
    const sell = { symbol: SYMBOL, side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '1' };
    const makers = [
      await ok(who, 'POST', '/order', { ...sell, price: low! }),
      await ok(who, 'POST', '/order', { ...sell, price: high! }),
      await ok(who, 'POST', '/order', { ...sell, price: low! }),
    ];
    const taker = await ok(who, 'POST', '/order', {
      ...sell,
      side: 'BUY',
      price: high!,
      quantity: '2',
      selfTradePreventionMode: 'EXPIRE_MAKER',
    });
    await cancel(who, taker.orderId);
    const all = await ok(who, 'GET', '/myPreventedMatches', { symbol: SYMBOL, orderId: taker.orderId });
    // Met in the book's order: the lower price first, in time order, then the higher.
    expect(all.map((m: any) => [m.makerOrderId, m.price])).toEqual([
      [makers[0].orderId, eight(low!)],
      [makers[2].orderId, eight(low!)],
      [makers[1].orderId, eight(high!)],
    ]);
    const first = all[0].preventedMatchId;
    expect(all.map((m: any) => m.preventedMatchId)).toEqual([first, first + 1, first + 2]);
    const from = await ok(who, 'GET', '/myPreventedMatches', {
      symbol: SYMBOL,
      orderId: taker.orderId,
      fromPreventedMatchId: all[1].preventedMatchId,
      limit: 1,
    });
    expect(from).toEqual([all[1]]);
    // Another trader sees none of them.
    const other = await trader({});
    expect(await ok(other, 'GET', '/myPreventedMatches', { symbol: SYMBOL, preventedMatchId: first })).toEqual([]);
  });

  it("answers Binance's refusals for its parameters", async () => {
    const who = await trader({});
    expect((await call(who, 'GET', '/myPreventedMatches', { symbol: SYMBOL })).body).toEqual({
      code: -1102,
      msg: "Param 'preventedMatchId' or 'orderId' must be sent, but both were empty/null!",
    });
    const both = await call(who, 'GET', '/myPreventedMatches', { symbol: SYMBOL, preventedMatchId: 1, orderId: 1 });
    expect(both.body).toMatchObject({ code: -1128 });
    expect(await ok(who, 'GET', '/myPreventedMatches', { symbol: SYMBOL, orderId: 999_999_999 })).toEqual([]);
  });
});

describe('the user data stream', () => {
  it('tells, in the executionReport of an order self-trade prevention ended, the match, the quantity and the other order', async () => {
    const who = await trader({ USD: '10000', SOL: '10' });
    const stream = await userStream(who);
    try {
      const [price] = await pricesInsideSpread(server, SYMBOL, 1);
      const order = { symbol: SYMBOL, type: 'LIMIT', timeInForce: 'GTC', price: price!, quantity: '1' };
      const maker = await ok(who, 'POST', '/order', { ...order, side: 'SELL' });
      // Until the stream delivers (every process knows of it): a taker each time, each ended by the resting sell.
      const report = await eventually(async () => {
        const taker = await ok(who, 'POST', '/order', { ...order, side: 'BUY' });
        await new Promise((resolve) => setTimeout(resolve, 100));
        return stream.messages.find((m) => m.i === taker.orderId && m.x === 'CANCELED');
      });
      const [match] = await ok(who, 'GET', '/myPreventedMatches', { symbol: SYMBOL, orderId: report.i });
      expect(report).toMatchObject({
        X: 'CANCELED',
        V: 'EXPIRE_TAKER',
        v: match.preventedMatchId,
        U: maker.orderId,
        A: eight(1),
        B: eight(1),
        u: -1,
        Cs: SYMBOL,
      });
      await cancel(who, maker.orderId);
    } finally {
      stream.close();
    }
  });
});
