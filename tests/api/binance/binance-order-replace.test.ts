import Decimal from 'decimal.js';
import { ccxtBinance } from '../../support/ccxt-client';
import { pricesInsideSpread } from '../../support/book-trades';
import { binanceBook, eight } from '../../support/binance-book';
import { eventually } from '../../support/eventually';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { balanceOf } from '../../support/trading-fixtures';

/**
 * Replacing orders on the Binance-compatible API: order/cancelReplace (cancel, then a new order,
 * with Binance's partial and failed answers) and CCXT's editOrder over it.
 */
let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '61' });
});
afterAll(() => server.close());

const SYMBOL = 'ETHUSDT';
const book = binanceBook(() => server, { symbol: SYMBOL, base: 'ETH', quantity: '0.01', cash: '1000' });
const { trader, call, ok, cancel } = book;
const limitBuy = (price: string, quantity?: string) => book.limit('BUY', price, quantity);

/** A trader holding 1000 USD with one resting buy on SYMBOL, and two free prices inside the spread. */
async function withRestingBuy(quantity = '0.01') {
  const who = await trader({ USD: '1000' });
  const [low, high] = await pricesInsideSpread(server, SYMBOL, 2);
  const placed = await ok(who, 'POST', '/order', { ...limitBuy(low!, quantity), newClientOrderId: 'first' });
  return { who, placed, low: low!, high: high! };
}

describe('POST order/cancelReplace', () => {
  it('cancels the order, commits that, then places the new one: both answers, the hold moved', async () => {
    const { who, placed, high } = await withRestingBuy();
    const answer = await ok(who, 'POST', '/order/cancelReplace', {
      ...limitBuy(high, '0.02'),
      cancelReplaceMode: 'STOP_ON_FAILURE',
      cancelOrderId: placed.orderId,
      cancelNewClientOrderId: 'my-cancel',
      newClientOrderId: 'second',
      newOrderRespType: 'RESULT',
    });
    expect(answer).toMatchObject({
      cancelResult: 'SUCCESS',
      newOrderResult: 'SUCCESS',
      cancelResponse: {
        symbol: SYMBOL,
        orderId: placed.orderId,
        origClientOrderId: 'first',
        clientOrderId: 'my-cancel',
        status: 'CANCELED',
      },
      newOrderResponse: {
        symbol: SYMBOL,
        clientOrderId: 'second',
        status: 'NEW',
        price: eight(high),
        origQty: eight('0.02'),
      },
    });
    expect(answer.newOrderResponse.orderId).toBeGreaterThan(placed.orderId);
    const open = await ok(who, 'GET', '/openOrders', { symbol: SYMBOL });
    expect(open.map((o: any) => o.orderId)).toEqual([answer.newOrderResponse.orderId]);
    // Only the new order holds: its price x quantity (and fee room), the old hold released.
    const usd = await balanceOf(server, who.userId, 'USD');
    expect(new Decimal(usd.locked).gte(new Decimal(high).times('0.02'))).toBe(true);
    expect(new Decimal(usd.locked).lt(new Decimal(high).times('0.02').times('1.01'))).toBe(true);
    await cancel(who, answer.newOrderResponse.orderId);
  });

  it('STOP_ON_FAILURE: an unknown order is -2022, 400, the new order not attempted', async () => {
    const { who, placed, high } = await withRestingBuy();
    const answer = await call(who, 'POST', '/order/cancelReplace', {
      ...limitBuy(high),
      cancelReplaceMode: 'STOP_ON_FAILURE',
      cancelOrigClientOrderId: 'no-such-order',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: -2022,
      msg: 'Order cancel-replace failed.',
      data: {
        cancelResult: 'FAILURE',
        newOrderResult: 'NOT_ATTEMPTED',
        cancelResponse: { code: -2011, msg: 'Unknown order sent.' },
        newOrderResponse: null,
      },
    });
    const open = await ok(who, 'GET', '/openOrders', { symbol: SYMBOL });
    expect(open.map((o: any) => o.orderId)).toEqual([placed.orderId]);
    await cancel(who, placed.orderId);
  });

  it('ALLOW_FAILURE: a failed cancel still places the new order, -2021 and 409', async () => {
    const { who, placed, high } = await withRestingBuy();
    const answer = await call(who, 'POST', '/order/cancelReplace', {
      ...limitBuy(high),
      cancelReplaceMode: 'ALLOW_FAILURE',
      cancelOrderId: placed.orderId,
      cancelRestrictions: 'ONLY_PARTIALLY_FILLED',
      newOrderRespType: 'ACK',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: -2021,
      msg: 'Order cancel-replace partially failed.',
      data: {
        cancelResult: 'FAILURE',
        newOrderResult: 'SUCCESS',
        cancelResponse: { code: -2011, msg: 'Order was not canceled due to cancel restrictions.' },
        newOrderResponse: { symbol: SYMBOL, orderListId: -1 },
      },
    });
    const open = await ok(who, 'GET', '/openOrders', { symbol: SYMBOL });
    expect(open).toHaveLength(2);
    for (const order of open) await cancel(who, order.orderId);
  });

  it('a new order refused after the cancel committed is -2021 and 409, the order cancelled for good', async () => {
    const { who, placed, high } = await withRestingBuy();
    // More than the trader holds: the book refuses it once the cancel has released the first hold.
    const answer = await call(who, 'POST', '/order/cancelReplace', {
      ...limitBuy(high, new Decimal(2000).div(high).toDecimalPlaces(4, Decimal.ROUND_UP).toFixed()),
      cancelReplaceMode: 'STOP_ON_FAILURE',
      cancelOrderId: placed.orderId,
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: -2021,
      data: {
        cancelResult: 'SUCCESS',
        newOrderResult: 'FAILURE',
        cancelResponse: { orderId: placed.orderId, status: 'CANCELED' },
        newOrderResponse: { code: -2010, msg: 'Account has insufficient balance for requested action.' },
      },
    });
    expect(await ok(who, 'GET', '/openOrders', { symbol: SYMBOL })).toEqual([]);
    expect((await balanceOf(server, who.userId, 'USD')).locked).toBe('0');
  });

  it('both failing is -2022 and 400', async () => {
    const { who, placed, high } = await withRestingBuy();
    const answer = await call(who, 'POST', '/order/cancelReplace', {
      ...limitBuy(high),
      cancelReplaceMode: 'ALLOW_FAILURE',
      cancelOrderId: placed.orderId + 1_000_000,
      newClientOrderId: 'first',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: -2022,
      msg: 'Order cancel-replace failed.',
      data: {
        cancelResult: 'FAILURE',
        newOrderResult: 'FAILURE',
        cancelResponse: { code: -2011, msg: 'Unknown order sent.' },
        newOrderResponse: { code: -2010, msg: 'Duplicate order sent.' },
      },
    });
    await cancel(who, placed.orderId);
  });

  it('checks the new order and the names before cancelling anything', async () => {
    const { who, placed, high } = await withRestingBuy();
    const missingMode = await call(who, 'POST', '/order/cancelReplace', {
      ...limitBuy(high),
      cancelOrderId: placed.orderId,
    });
    expect(missingMode.body).toEqual({
      code: -1102,
      msg: "Mandatory parameter 'cancelReplaceMode' was not sent, was empty/null, or malformed.",
    });
    const noName = await call(who, 'POST', '/order/cancelReplace', {
      ...limitBuy(high),
      cancelReplaceMode: 'STOP_ON_FAILURE',
    });
    expect(noName.body).toEqual({
      code: -1102,
      msg: "Param 'cancelOrigClientOrderId' or 'cancelOrderId' must be sent, but both were empty/null!",
    });
    const offTick = await call(who, 'POST', '/order/cancelReplace', {
      ...limitBuy(new Decimal(high).plus('0.001').toFixed()),
      cancelReplaceMode: 'STOP_ON_FAILURE',
      cancelOrderId: placed.orderId,
    });
    expect(offTick.body).toEqual({ code: -1013, msg: 'Filter failure: PRICE_FILTER' });
    const open = await ok(who, 'GET', '/openOrders', { symbol: SYMBOL });
    expect(open.map((o: any) => o.orderId)).toEqual([placed.orderId]);
    await cancel(who, placed.orderId);
  });
});

describe("CCXT's editOrder", () => {
  it('replaces an order through order/cancelReplace', async () => {
    const { who, placed, high } = await withRestingBuy();
    const exchange = ccxtBinance(server.url, { apiKey: who.key.api_key, secret: who.key.secret });
    await exchange.loadMarkets();
    const edited = await exchange.editOrder(String(placed.orderId), 'ETH/USDT', 'limit', 'buy', 0.02, Number(high));
    expect(edited).toMatchObject({ symbol: 'ETH/USDT', status: 'open', price: Number(high), amount: 0.02 });
    expect(edited.id).not.toBe(String(placed.orderId));
    const old = await exchange.fetchOrder(String(placed.orderId), 'ETH/USDT');
    expect(old.status).toBe('canceled');
    await exchange.cancelOrder(edited.id!, 'ETH/USDT');
  });
});

describe('PUT order/amend/keepPriority', () => {
  /** Two sellers resting at one price, the first placed first; a buyer's taking fills them in queue order. */
  async function queueAtOnePrice() {
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const first = await trader({ ETH: '1' });
    const second = await trader({ ETH: '1' });
    const sell = { symbol: SYMBOL, side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', price: price!, quantity: '0.05' };
    const ahead = await ok(first, 'POST', '/order', { ...sell, newClientOrderId: 'ahead' });
    const behind = await ok(second, 'POST', '/order', sell);
    return { price: price!, first, second, ahead, behind };
  }

  it('reduces the quantity in place: the order keeps its queue priority, its hold shrinks, its client order id is new', async () => {
    const { price, first, second, ahead, behind } = await queueAtOnePrice();
    const answer = await ok(first, 'PUT', '/order/amend/keepPriority', {
      symbol: SYMBOL,
      orderId: ahead.orderId,
      newQty: '0.02',
    });
    expect(answer).toEqual({
      transactTime: expect.any(Number),
      executionId: expect.any(Number),
      amendedOrder: {
        symbol: SYMBOL,
        orderId: ahead.orderId,
        orderListId: -1,
        origClientOrderId: 'ahead',
        clientOrderId: expect.stringMatching(/^[.A-Z:/a-z0-9_-]{1,36}$/),
        price: eight(price),
        qty: eight('0.02'),
        executedQty: eight(0),
        preventedQty: eight(0),
        quoteOrderQty: eight(0),
        cumulativeQuoteQty: eight(0),
        status: 'NEW',
        timeInForce: 'GTC',
        type: 'LIMIT',
        side: 'SELL',
        workingTime: expect.any(Number),
        selfTradePreventionMode: 'EXPIRE_TAKER',
      },
    });
    expect(answer.amendedOrder.clientOrderId).not.toBe('ahead');
    expect(await balanceOf(server, first.userId, 'ETH')).toEqual({ available: '0.98', locked: '0.02' });
    const read = await ok(first, 'GET', '/order', { symbol: SYMBOL, orderId: ahead.orderId });
    expect(read).toMatchObject({ origQty: eight('0.02'), clientOrderId: answer.amendedOrder.clientOrderId });

    // A buyer of 0.03 takes the amended order first (its whole 0.02), then 0.01 of the one behind it.
    const buyer = await trader({ USD: '1000' });
    await ok(buyer, 'POST', '/order', { ...limitBuy(price, '0.03'), timeInForce: 'IOC' });
    expect(await ok(first, 'GET', '/order', { symbol: SYMBOL, orderId: ahead.orderId })).toMatchObject({
      status: 'FILLED',
      executedQty: eight('0.02'),
    });
    expect(await ok(second, 'GET', '/order', { symbol: SYMBOL, orderId: behind.orderId })).toMatchObject({
      status: 'PARTIALLY_FILLED',
      executedQty: eight('0.01'),
    });
    await cancel(second, behind.orderId);
  });

  it("keeps the order's client order id when sent, and releases a buy's hold down to what its rest needs", async () => {
    // Large enough that the amended order keeps the minimum value wherever other tests left the spread.
    const { who, placed } = await withRestingBuy('0.1');
    const before = await balanceOf(server, who.userId, 'USD');
    const answer = await ok(who, 'PUT', '/order/amend/keepPriority', {
      symbol: SYMBOL,
      origClientOrderId: 'first',
      newClientOrderId: 'first',
      newQty: '0.04',
    });
    expect(answer.amendedOrder).toMatchObject({
      origClientOrderId: 'first',
      clientOrderId: 'first',
      qty: eight('0.04'),
    });
    const after = await balanceOf(server, who.userId, 'USD');
    const price = new Decimal(placed.price);
    expect(new Decimal(before.locked).minus(after.locked).gte(price.times('0.06'))).toBe(true);
    expect(new Decimal(after.locked).gte(price.times('0.04'))).toBe(true);
    await cancel(who, placed.orderId);
  });

  it("answers Binance's refusals", async () => {
    const { who, placed } = await withRestingBuy();
    const amend = (params: Record<string, string | number>) =>
      call(who, 'PUT', '/order/amend/keepPriority', { symbol: SYMBOL, orderId: placed.orderId, ...params });
    expect((await amend({ newQty: '0.02' })).body).toEqual({
      code: -2038,
      msg: 'Order amend (quantity increase) is not supported.',
    });
    expect((await amend({ newQty: '0.01' })).body).toEqual({
      code: -2038,
      msg: 'The requested action would change no state; rejecting',
    });
    expect((await amend({ newQty: '0.0000001' })).body).toEqual({ code: -1013, msg: 'Filter failure: LOT_SIZE' });
    expect((await amend({ newQty: '0.005', orderId: placed.orderId + 1_000_000 })).body).toEqual({
      code: -2013,
      msg: 'Order does not exist.',
    });
    const other = await ok(who, 'POST', '/order', { ...limitBuy(placed.price), newClientOrderId: 'taken' });
    expect((await amend({ newQty: '0.005', newClientOrderId: 'taken' })).body).toEqual({
      code: -2010,
      msg: 'Duplicate order sent.',
    });
    expect((await amend({})).body).toEqual({
      code: -1102,
      msg: "Mandatory parameter 'newQty' was not sent, was empty/null, or malformed.",
    });
    expect((await ok(who, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId })).origQty).toBe(eight('0.01'));
    for (const order of [placed, other]) await cancel(who, order.orderId);
  });
});

describe('the user data stream', () => {
  it('reports an amend as an executionReport REPLACED, with the new quantity and client order id', async () => {
    const { who, placed } = await withRestingBuy();
    const stream = await book.userStream(who);
    try {
      // The stream delivers once every process knows of it: amended smaller each time until it hears one.
      let quantity = 10;
      const report = await eventually(async () => {
        quantity -= 1;
        const newQty = `0.00${quantity}`;
        await ok(who, 'PUT', '/order/amend/keepPriority', { symbol: SYMBOL, orderId: placed.orderId, newQty });
        await new Promise((resolve) => setTimeout(resolve, 100));
        return stream.messages.findLast((m) => m.x === 'REPLACED' && m.q === eight(newQty));
      });
      expect(report).toMatchObject({
        e: 'executionReport',
        s: SYMBOL,
        i: placed.orderId,
        X: 'NEW',
        z: eight(0),
        l: eight(0),
        w: true,
      });
      const read = await ok(who, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId });
      expect(report.c).toBe(read.clientOrderId);
    } finally {
      stream.close();
      await cancel(who, placed.orderId);
    }
  });
});
