import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { keyedTrader, signedCall, type KeyedTrader } from '../../support/binance-client';
import { pricesInsideSpread } from '../../support/book-trades';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { signedParams, WsApiClient } from '../../support/ws-api-client';

/**
 * The WebSocket API's order replacements and prevented matches: order.cancelReplace (its order
 * counted, its partial failure answered with both results in the error's `data`),
 * order.amend.keepPriority and myPreventedMatches, each answering as its REST endpoint.
 */
jest.setTimeout(60_000);

/** Orders an account may place a day here: small, so the limit is reached without timing anything. */
const DAILY_ORDERS = 3;

let server: TestExchange;
const open: WsApiClient[] = [];

beforeAll(async () => {
  server = await startTestExchange({
    MARKET_FEED_SEED: '63',
    API_DAILY_ORDER_LIMIT: String(DAILY_ORDERS),
    REDIS_PREFIX: `ws-api-order-replace-${randomUUID()}`,
  });
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => server.close());

const SYMBOL = 'ETHUSDT';

async function connect(): Promise<WsApiClient> {
  const client = await WsApiClient.connect(server.url);
  open.push(client);
  return client;
}

/** A signed REST call's body, 200 expected. */
async function rest(who: KeyedTrader, method: string, path: string, params: Record<string, string | number> = {}) {
  const answer = await signedCall(server.url, who.key, method, path, params);
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A request's answer, and the weight it cost: what the address's count rose by between the pings (1 each) around it. */
async function weighed(client: WsApiClient, method: string, params: Record<string, unknown>) {
  for (;;) {
    const before = (await client.request('ping')).rateLimits[0].count;
    const answer = await client.request(method, params);
    const after = (await client.request('ping')).rateLimits[0].count;
    // A new minute began between them: its count started again.
    if (after > before) return { answer, weight: after - before - 1 };
  }
}

const limitOrder = (side: 'BUY' | 'SELL', price: string, quantity = '0.01') => ({
  symbol: SYMBOL,
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity,
  price,
});

/** A trader with one resting buy on SYMBOL placed over REST, and two free prices inside the spread. */
async function withRestingBuy(quantity = '0.01') {
  const who = await keyedTrader(server, { USD: '1000' }, 'WS API Replacer');
  const [low, high] = await pricesInsideSpread(server, SYMBOL, 2);
  const placed = await rest(who, 'POST', '/order', {
    ...limitOrder('BUY', low!, quantity),
    newClientOrderId: 'first',
  });
  return { who, placed, high: high! };
}

async function cancelAll(who: KeyedTrader) {
  for (const order of await rest(who, 'GET', '/openOrders', { symbol: SYMBOL }))
    await rest(who, 'DELETE', '/order', { symbol: SYMBOL, orderId: order.orderId });
}

describe('order.cancelReplace', () => {
  it('cancels and places as POST order/cancelReplace does, its order counted with the REST API`s', async () => {
    const { who, placed, high } = await withRestingBuy();
    const client = await connect();
    const { answer, weight } = await weighed(
      client,
      'order.cancelReplace',
      signedParams(who.key, {
        ...limitOrder('BUY', high, '0.02'),
        cancelReplaceMode: 'STOP_ON_FAILURE',
        cancelOrderId: placed.orderId,
        cancelNewClientOrderId: 'my-cancel',
        newClientOrderId: 'second',
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.result).toMatchObject({
      cancelResult: 'SUCCESS',
      newOrderResult: 'SUCCESS',
      cancelResponse: { orderId: placed.orderId, origClientOrderId: 'first', clientOrderId: 'my-cancel' },
      newOrderResponse: { symbol: SYMBOL, clientOrderId: 'second', status: 'NEW', origQty: '0.02000000' },
    });
    expect(weight).toBe(1);
    // The account's order counts first (the REST order among them), as order.place answers.
    expect(answer.rateLimits.slice(0, 2)).toEqual([
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100, count: expect.any(Number) },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: DAILY_ORDERS, count: 2 },
    ]);
    const openOrders = await rest(who, 'GET', '/openOrders', { symbol: SYMBOL });
    expect(openOrders.map((o: any) => o.orderId)).toEqual([answer.result.newOrderResponse.orderId]);
    await cancelAll(who);
  });

  it('a partial failure is 409 and -2021, both results in the error`s data; other errors have no data', async () => {
    const { who, placed, high } = await withRestingBuy();
    const client = await connect();
    const answer = await client.request(
      'order.cancelReplace',
      signedParams(who.key, {
        ...limitOrder('BUY', high),
        cancelReplaceMode: 'ALLOW_FAILURE',
        cancelOrderId: placed.orderId,
        cancelRestrictions: 'ONLY_PARTIALLY_FILLED',
        newOrderRespType: 'ACK',
      }),
    );
    expect(answer).toMatchObject({
      status: 409,
      error: {
        code: -2021,
        msg: 'Order cancel-replace partially failed.',
        data: {
          cancelResult: 'FAILURE',
          newOrderResult: 'SUCCESS',
          cancelResponse: { code: -2011, msg: 'Order was not canceled due to cancel restrictions.' },
          newOrderResponse: { symbol: SYMBOL, orderListId: -1 },
        },
      },
    });
    expect(answer.result).toBeUndefined();
    const unknown = await client.request(
      'order.cancel',
      signedParams(who.key, { symbol: SYMBOL, orderId: placed.orderId + 1_000_000 }),
    );
    expect(unknown.error).toEqual({ code: -2011, msg: 'Unknown order sent.' });
    await cancelAll(who);
  });

  it('past the order limits, CANCEL_ONLY still cancels and refuses the new order with -1015', async () => {
    const { who, placed, high } = await withRestingBuy();
    await rest(who, 'POST', '/order', limitOrder('BUY', high));
    await rest(who, 'POST', '/order', limitOrder('BUY', high));
    const client = await connect();
    const replace = {
      ...limitOrder('BUY', high),
      cancelReplaceMode: 'STOP_ON_FAILURE',
      cancelOrderId: placed.orderId,
    };
    expect(await client.request('order.cancelReplace', signedParams(who.key, replace))).toMatchObject({
      status: 429,
      error: { code: -1015 },
    });
    const answer = await client.request(
      'order.cancelReplace',
      signedParams(who.key, { ...replace, orderRateLimitExceededMode: 'CANCEL_ONLY' }),
    );
    expect(answer).toMatchObject({
      status: 409,
      error: {
        code: -2021,
        data: {
          cancelResult: 'SUCCESS',
          newOrderResult: 'FAILURE',
          cancelResponse: { orderId: placed.orderId, status: 'CANCELED' },
          newOrderResponse: { code: -1015 },
        },
      },
    });
    const openOrders = await rest(who, 'GET', '/openOrders', { symbol: SYMBOL });
    expect(openOrders.map((o: any) => o.orderId)).not.toContain(placed.orderId);
    await cancelAll(who);
  });
});

describe('order.amend.keepPriority', () => {
  it('reduces the quantity in place as PUT order/amend/keepPriority does, at weight 4', async () => {
    // Large enough that the amended order keeps the minimum value wherever other tests left the spread.
    const { who, placed } = await withRestingBuy('0.1');
    const client = await connect();
    const { answer, weight } = await weighed(
      client,
      'order.amend.keepPriority',
      signedParams(who.key, { symbol: SYMBOL, orderId: placed.orderId, newQty: '0.04', newClientOrderId: 'first' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.result).toEqual({
      transactTime: expect.any(Number),
      executionId: expect.any(Number),
      amendedOrder: expect.objectContaining({
        orderId: placed.orderId,
        origClientOrderId: 'first',
        clientOrderId: 'first',
        qty: '0.04000000',
        status: 'NEW',
      }),
    });
    expect(weight).toBe(4);
    // No order counted: only the weight is listed.
    expect(answer.rateLimits.map((limit: any) => limit.rateLimitType)).toEqual(['REQUEST_WEIGHT']);
    expect(await rest(who, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId })).toMatchObject({
      origQty: '0.04000000',
    });
    expect(
      await client.request(
        'order.amend.keepPriority',
        signedParams(who.key, { symbol: SYMBOL, orderId: placed.orderId, newQty: '0.04' }),
      ),
    ).toMatchObject({ status: 400, error: { code: -2038 } });
    await cancelAll(who);
  });
});

describe('myPreventedMatches', () => {
  it('answers as GET myPreventedMatches, an order`s at weight 20, one match at 2', async () => {
    const who = await keyedTrader(server, { USD: '1000', ETH: '1' }, 'WS API Self-trader');
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    await rest(who, 'POST', '/order', limitOrder('SELL', price!));
    // Their own buy meets their resting sell: EXPIRE_TAKER ends it, a prevented match.
    const taker = await rest(who, 'POST', '/order', limitOrder('BUY', price!));
    const client = await connect();
    const byOrder = await weighed(
      client,
      'myPreventedMatches',
      signedParams(who.key, { symbol: SYMBOL, orderId: taker.orderId }),
    );
    const viaRest = await rest(who, 'GET', '/myPreventedMatches', { symbol: SYMBOL, orderId: taker.orderId });
    expect(viaRest).toEqual([expect.objectContaining({ takerOrderId: taker.orderId })]);
    expect(byOrder.answer.result).toEqual(viaRest);
    expect(byOrder.weight).toBe(20);
    const { preventedMatchId } = viaRest[0];
    const byId = await weighed(
      client,
      'myPreventedMatches',
      signedParams(who.key, { symbol: SYMBOL, preventedMatchId }),
    );
    expect(byId.answer.result).toEqual(viaRest);
    expect(byId.weight).toBe(2);
    expect(await client.request('myPreventedMatches', signedParams(who.key, { symbol: SYMBOL }))).toMatchObject({
      status: 400,
      error: { code: -1102 },
    });
    await cancelAll(who);
  });
});

describe('answers', () => {
  it('whatever parameters these methods get, the answer is a success or a refusal, never a server error', async () => {
    const who = await keyedTrader(server, { USD: '100' }, 'WS API Fuzzer');
    const client = await connect();
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.constantFrom(SYMBOL, 'BUY', 'LIMIT', 'GTC', '0.01', '-1', '1e9', 'STOP_ON_FAILURE', 'ALLOW_FAILURE'),
      fc.constantFrom('CANCEL_ONLY', 'ONLY_NEW', '1'),
    );
    const names = fc.constantFrom(
      'symbol',
      'side',
      'type',
      'timeInForce',
      'quantity',
      'price',
      'cancelReplaceMode',
      'cancelOrderId',
      'cancelRestrictions',
      'orderRateLimitExceededMode',
      'orderId',
      'newQty',
      'preventedMatchId',
      'fromPreventedMatchId',
      'limit',
    );
    const methods = ['order.cancelReplace', 'order.amend.keepPriority', 'myPreventedMatches'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), fc.dictionary(names, value), async (method, params) => {
        const answer = await client.request(method, signedParams(who.key, params as Record<string, string>));
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
