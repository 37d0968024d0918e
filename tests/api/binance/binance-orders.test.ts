import Decimal from 'decimal.js';
import fc from 'fast-check';
import { pricesInsideSpread } from '../../support/book-trades';
import { createApiKey, signedCall, type CreatedApiKey } from '../../support/binance-client';
import { eventually } from '../../support/eventually';
import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange, onPostgres as connections } from '../../support/test-exchange';
import { balanceOf, ledgerReport } from '../../support/trading-fixtures';
import { fundedTrader } from '../../support/trader-fixtures';

/**
 * Binance's order endpoints, signed with API keys, over the same trading core as the web's orders:
 * placement in every type and answer, reads, cancels, the user's fills, and Binance's refusals.
 */
let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '44' });
});
afterAll(() => server.close());

interface Trader {
  key: CreatedApiKey;
  client: ApiClient;
  userId: string;
}

/** A KYC-approved trader holding `balances`, with a key that may trade. */
async function trader(balances: Record<string, string>): Promise<Trader> {
  const funded = await fundedTrader(server, balances, 'Binance Trader');
  return { key: await createApiKey(funded.client), client: funded.client, userId: funded.user.id };
}

/** A signed call: its status and body. */
async function signed(key: CreatedApiKey, method: string, path: string, params: Record<string, string | number> = {}) {
  const { status, body } = await signedCall(server.url, key, method, path, params);
  return { status, body };
}
const call = (who: Trader, method: string, path: string, params: Record<string, string | number> = {}) =>
  signed(who.key, method, path, params);

/** A call that must succeed: its body. */
async function ok(who: Trader, method: string, path: string, params: Record<string, string | number> = {}) {
  const answer = await call(who, method, path, params);
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const eight = (value: Decimal.Value) => new Decimal(value).toFixed(8);
const SYMBOL = 'ETHUSDT';
/** A GTC limit buy on SYMBOL, as POST order takes it. */
const limitBuy = (price: string, quantity = '0.01') => ({
  symbol: SYMBOL,
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity,
  price,
});

/** What each test leaves resting is cancelled after it: later tests and files share the books. */
const resting: Trader[] = [];
afterEach(async () => {
  for (const who of resting.splice(0)) {
    const open = await ok(who, 'GET', '/openOrders');
    for (const order of open) await call(who, 'DELETE', '/order', { symbol: order.symbol, orderId: order.orderId });
  }
});

describe('a limit order', () => {
  it('is answered, read and cancelled by its orderId or its client order id, and held meanwhile', async () => {
    const buyer = await trader({ USD: '1000' });
    resting.push(buyer);
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const before = Date.now();
    const placed = await ok(buyer, 'POST', '/order', {
      symbol: SYMBOL,
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.05',
      price: price!,
      newClientOrderId: 'grid-1',
      newOrderRespType: 'RESULT',
    });
    expect(placed).toEqual({
      symbol: SYMBOL,
      orderId: expect.any(Number),
      orderListId: -1,
      clientOrderId: 'grid-1',
      transactTime: expect.any(Number),
      price: eight(price!),
      origQty: '0.05000000',
      executedQty: '0.00000000',
      origQuoteOrderQty: '0.00000000',
      cummulativeQuoteQty: '0.00000000',
      status: 'NEW',
      timeInForce: 'GTC',
      type: 'LIMIT',
      side: 'BUY',
      workingTime: placed.transactTime,
      selfTradePreventionMode: 'EXPIRE_TAKER',
    });
    expect(placed.transactTime).toBeGreaterThanOrEqual(before - 1000);

    const view = {
      symbol: SYMBOL,
      orderId: placed.orderId,
      orderListId: -1,
      clientOrderId: 'grid-1',
      price: eight(price!),
      origQty: '0.05000000',
      executedQty: '0.00000000',
      origQuoteOrderQty: '0.00000000',
      cummulativeQuoteQty: '0.00000000',
      status: 'NEW',
      timeInForce: 'GTC',
      type: 'LIMIT',
      side: 'BUY',
      stopPrice: '0.00000000',
      icebergQty: '0.00000000',
      time: placed.transactTime,
      updateTime: placed.transactTime,
      isWorking: true,
      workingTime: placed.transactTime,
      selfTradePreventionMode: 'EXPIRE_TAKER',
    };
    expect(await ok(buyer, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId })).toEqual(view);
    expect(await ok(buyer, 'GET', '/order', { symbol: SYMBOL, origClientOrderId: 'grid-1' })).toEqual(view);
    expect(await ok(buyer, 'GET', '/openOrders', { symbol: SYMBOL })).toEqual([view]);
    expect(await ok(buyer, 'GET', '/openOrders')).toEqual([view]);
    // Its value and what it may pay in fees are held.
    expect(
      new Decimal((await balanceOf(server, buyer.userId, 'USD')).locked).gt(new Decimal(price!).times('0.05')),
    ).toBe(true);

    const canceled = await ok(buyer, 'DELETE', '/order', {
      symbol: SYMBOL,
      origClientOrderId: 'grid-1',
      newClientOrderId: 'cancel-grid-1',
    });
    expect(canceled).toEqual({
      symbol: SYMBOL,
      origClientOrderId: 'grid-1',
      orderId: placed.orderId,
      orderListId: -1,
      clientOrderId: 'cancel-grid-1',
      transactTime: expect.any(Number),
      price: eight(price!),
      origQty: '0.05000000',
      executedQty: '0.00000000',
      origQuoteOrderQty: '0.00000000',
      cummulativeQuoteQty: '0.00000000',
      status: 'CANCELED',
      timeInForce: 'GTC',
      type: 'LIMIT',
      side: 'BUY',
      selfTradePreventionMode: 'EXPIRE_TAKER',
    });
    expect(await balanceOf(server, buyer.userId, 'USD')).toEqual({ available: '1000', locked: '0' });
    expect(await ok(buyer, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId })).toMatchObject({
      status: 'CANCELED',
    });
    expect(await call(buyer, 'DELETE', '/order', { symbol: SYMBOL, orderId: placed.orderId })).toMatchObject({
      status: 400,
      body: { code: -2011, msg: 'Unknown order sent.' },
    });
    // A client order id names one order of its user, for good.
    expect(
      await call(buyer, 'POST', '/order', {
        symbol: SYMBOL,
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '0.05',
        price: price!,
        newClientOrderId: 'grid-1',
      }),
    ).toMatchObject({ status: 400, body: { code: -2010, msg: 'Duplicate order sent.' } });
  });

  it('sent several times at once with one client order id is placed once', async () => {
    const buyer = await trader({ USD: '1000' });
    resting.push(buyer);
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const order = {
      symbol: SYMBOL,
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.01',
      price: price!,
      newClientOrderId: 'once',
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(buyer, 'POST', '/order', order)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused).toMatchObject({ status: 400, body: { code: -2010, msg: 'Duplicate order sent.' } });
    expect(await ok(buyer, 'GET', '/openOrders', { symbol: SYMBOL })).toHaveLength(1);
  });

  it('placed without a client order id is named by its own id, as an order placed on the web is', async () => {
    const buyer = await trader({ USD: '1000' });
    resting.push(buyer);
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const placed = await ok(buyer, 'POST', '/order', {
      symbol: SYMBOL,
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.01',
      price: price!,
      newOrderRespType: 'ACK',
    });
    expect(placed).toEqual({
      symbol: SYMBOL,
      orderId: expect.any(Number),
      orderListId: -1,
      clientOrderId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      transactTime: expect.any(Number),
    });
    expect(await ok(buyer, 'GET', '/order', { symbol: SYMBOL, origClientOrderId: placed.clientOrderId })).toMatchObject(
      { orderId: placed.orderId },
    );
    // orderId and a client order id of another order do not name one order.
    expect(
      await call(buyer, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId, origClientOrderId: 'other' }),
    ).toMatchObject({ status: 400, body: { code: -2013, msg: 'Order does not exist.' } });
  });
});

describe('the web and the Binance API trade on the same orders', () => {
  const webBuy = (who: Trader, amount: string, price: string) =>
    who.client.post('/trading/order', { symbol: SYMBOL, side: 'buy', type: 'limit', amount, price });

  it('an order placed on the web is read and cancelled here, named by its id; one placed here is on the web', async () => {
    const buyer = await trader({ USD: '1000' });
    resting.push(buyer);
    const [low, high] = await pricesInsideSpread(server, SYMBOL, 2);
    const web = await webBuy(buyer, '0.01', low!);
    expect(web.status).toBe(200);
    const binance = await ok(buyer, 'POST', '/order', {
      symbol: SYMBOL,
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.02',
      price: high!,
    });

    const open = await ok(buyer, 'GET', '/openOrders', { symbol: SYMBOL });
    expect(open.map((o: any) => [o.clientOrderId, o.origQty])).toEqual([
      [web.body.id, '0.01000000'],
      [binance.clientOrderId, '0.02000000'],
    ]);
    const webOpen = (await buyer.client.get(`/trading/orders/open?symbol=${SYMBOL}`)).body;
    expect(webOpen.map((o: any) => o.amount).sort()).toEqual([0.01, 0.02]);

    expect(await ok(buyer, 'DELETE', '/order', { symbol: SYMBOL, origClientOrderId: web.body.id })).toMatchObject({
      orderId: open[0].orderId,
      status: 'CANCELED',
    });
    const canceledOnWeb = await buyer.client.delete('/trading/order', {
      order_id: webOpen.find((o: any) => o.amount === 0.02).id,
    });
    expect(canceledOnWeb.body).toMatchObject({ status: 'canceled' });
    expect(await ok(buyer, 'GET', '/order', { symbol: SYMBOL, orderId: binance.orderId })).toMatchObject({
      status: 'CANCELED',
    });
  });

  it("an order's own id, which names an order placed without a client order id, is no client order id for another", async () => {
    const buyer = await trader({ USD: '1000' });
    resting.push(buyer);
    const [low, high, higher] = await pricesInsideSpread(server, SYMBOL, 3);
    const web = await webBuy(buyer, '0.01', low!);
    expect(web.status).toBe(200);
    const unnamed = await ok(buyer, 'POST', '/order', limitBuy(high!));
    // Sent at once, each id three times: none is placed.
    const ids: string[] = [web.body.id, unnamed.clientOrderId].flatMap((id) => [id, id, id]);
    const answers = await Promise.all(
      ids.map((id) => call(buyer, 'POST', '/order', { ...limitBuy(higher!), newClientOrderId: id })),
    );
    for (const answer of answers)
      expect(answer).toEqual({ status: 400, body: { code: -2010, msg: 'Duplicate order sent.' } });
    const open = await ok(buyer, 'GET', '/openOrders', { symbol: SYMBOL });
    expect(open.map((o: any) => o.clientOrderId)).toEqual([web.body.id, unnamed.clientOrderId]);
    expect(await ok(buyer, 'GET', '/order', { symbol: SYMBOL, origClientOrderId: web.body.id })).toMatchObject({
      orderId: open[0].orderId,
      price: eight(low!),
    });
  });
});

describe('orders that trade', () => {
  /** A seller resting `quantity` at each of `prices` (ascending), for a buyer to take. */
  async function asks(prices: string[], quantity: string) {
    const seller = await trader({ ETH: '10' });
    resting.push(seller);
    for (const price of prices)
      await ok(seller, 'POST', '/order', {
        symbol: SYMBOL,
        side: 'SELL',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity,
        price,
      });
    return seller;
  }

  it('a market buy by quantity answers FULL with its fills, and both sides find them in myTrades', async () => {
    const [low, high] = await pricesInsideSpread(server, SYMBOL, 2);
    const seller = await asks([low!, high!], '0.01');
    const buyer = await trader({ USD: '1000' });
    const bought = await ok(buyer, 'POST', '/order', { symbol: SYMBOL, side: 'BUY', type: 'MARKET', quantity: '0.02' });
    const value = new Decimal(low!).plus(high!).times('0.01');
    expect(bought).toMatchObject({
      status: 'FILLED',
      type: 'MARKET',
      price: '0.00000000',
      timeInForce: 'IOC',
      origQty: '0.02000000',
      executedQty: '0.02000000',
      cummulativeQuoteQty: eight(value),
    });
    // The taker's fee, 0.1% of each fill, rounded up to the market's smallest value.
    const fee = (price: string) =>
      eight(new Decimal(price).times('0.01').times('0.001').toDecimalPlaces(6, Decimal.ROUND_UP));
    expect(bought.fills).toEqual([
      {
        price: eight(low!),
        qty: '0.01000000',
        commission: fee(low!),
        commissionAsset: 'USDT',
        tradeId: expect.any(Number),
      },
      {
        price: eight(high!),
        qty: '0.01000000',
        commission: fee(high!),
        commissionAsset: 'USDT',
        tradeId: bought.fills[0].tradeId + 1,
      },
    ]);

    const mine = await ok(buyer, 'GET', '/myTrades', { symbol: SYMBOL });
    expect(mine).toEqual(
      bought.fills.map((fill: any) => ({
        symbol: SYMBOL,
        id: fill.tradeId,
        orderId: bought.orderId,
        orderListId: -1,
        price: fill.price,
        qty: fill.qty,
        quoteQty: eight(new Decimal(fill.price).times(fill.qty)),
        commission: fill.commission,
        commissionAsset: 'USDT',
        time: bought.transactTime,
        isBuyer: true,
        isMaker: false,
        isBestMatch: true,
      })),
    );
    const theirs = await ok(seller, 'GET', '/myTrades', { symbol: SYMBOL });
    expect(theirs.map((t: any) => [t.id, t.isBuyer, t.isMaker])).toEqual([
      [mine[0].id, false, true],
      [mine[1].id, false, true],
    ]);
    expect(await ok(buyer, 'GET', '/myTrades', { symbol: SYMBOL, fromId: mine[1].id })).toEqual([mine[1]]);
    expect(await ok(buyer, 'GET', '/myTrades', { symbol: SYMBOL, orderId: bought.orderId })).toEqual(mine);
    expect(await ok(buyer, 'GET', '/myTrades', { symbol: SYMBOL, limit: 1 })).toEqual([mine[1]]);
    // The USD moved as the fills say: what was bought and the fees, nothing held.
    const spent = value.plus(mine[0].commission).plus(mine[1].commission);
    expect(await balanceOf(server, buyer.userId, 'USD')).toEqual({
      available: new Decimal(1000).minus(spent).toFixed(),
      locked: '0',
    });
  });

  it('a market buy by quoteOrderQty spends at most that, and its quantity is what it bought', async () => {
    const [low, high] = await pricesInsideSpread(server, SYMBOL, 2);
    await asks([low!, high!], '0.01');
    const buyer = await trader({ USD: '1000' });
    // Enough for the first level and part of the second.
    const budget = new Decimal(low!).times('0.01').plus(new Decimal(high!).times('0.005')).toFixed(2, Decimal.ROUND_UP);
    const bought = await ok(buyer, 'POST', '/order', {
      symbol: SYMBOL,
      side: 'BUY',
      type: 'MARKET',
      quoteOrderQty: budget,
      newOrderRespType: 'RESULT',
    });
    expect(bought).toMatchObject({ status: 'FILLED', origQuoteOrderQty: eight(budget) });
    expect(bought.origQty).toBe(bought.executedQty);
    // What is left of the budget (under a cent) buys no more lot (0.0001 ETH).
    expect(bought.executedQty).toBe('0.01500000');
    expect(new Decimal(bought.cummulativeQuoteQty).lte(budget)).toBe(true);
    expect(await ok(buyer, 'GET', '/order', { symbol: SYMBOL, orderId: bought.orderId })).toMatchObject({
      origQty: bought.executedQty,
      origQuoteOrderQty: eight(budget),
      cummulativeQuoteQty: bought.cummulativeQuoteQty,
    });
    expect((await balanceOf(server, buyer.userId, 'USD')).locked).toBe('0');
    expect((await balanceOf(server, buyer.userId, 'ETH')).available).toBe(new Decimal(bought.executedQty).toFixed());
  });

  it('an IOC limit order that fills in part ends EXPIRED with what it got', async () => {
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    await asks([price!], '0.01');
    const buyer = await trader({ USD: '1000' });
    const answer = await ok(buyer, 'POST', '/order', {
      symbol: SYMBOL,
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'IOC',
      quantity: '0.03',
      price: price!,
    });
    expect(answer).toMatchObject({ status: 'EXPIRED', executedQty: '0.01000000', origQty: '0.03000000' });
  });

  it('LIMIT_MAKER rests as LIMIT_MAKER, and is refused where it would take', async () => {
    const [price, above] = await pricesInsideSpread(server, SYMBOL, 2);
    await asks([above!], '0.01');
    const buyer = await trader({ USD: '1000' });
    resting.push(buyer);
    const maker = { symbol: SYMBOL, side: 'BUY', type: 'LIMIT_MAKER', quantity: '0.01' };
    const placed = await ok(buyer, 'POST', '/order', { ...maker, price: price! });
    expect(placed).toEqual({
      symbol: SYMBOL,
      orderId: expect.any(Number),
      orderListId: -1,
      clientOrderId: expect.any(String),
      transactTime: expect.any(Number),
    });
    expect(await ok(buyer, 'GET', '/order', { symbol: SYMBOL, orderId: placed.orderId })).toMatchObject({
      type: 'LIMIT_MAKER',
      timeInForce: 'GTC',
      status: 'NEW',
    });
    expect(await call(buyer, 'POST', '/order', { ...maker, price: above! })).toMatchObject({
      status: 400,
      body: { code: -2010, msg: 'Order would immediately match and take.' },
    });
  });

  it('STOP_LOSS_LIMIT waits as NEW, not working, until the last price reaches it; one already reached is refused', async () => {
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    await asks([price!], '0.01');
    const taker = await trader({ USD: '1000' });
    await ok(taker, 'POST', '/order', { symbol: SYMBOL, side: 'BUY', type: 'MARKET', quantity: '0.01' });
    const holder = await trader({ ETH: '1' });
    resting.push(holder);
    const below = new Decimal(price!).minus(1).toFixed(2);
    const stop = { symbol: SYMBOL, side: 'SELL', type: 'STOP_LOSS_LIMIT', timeInForce: 'GTC', quantity: '0.01' };
    const waiting = await ok(holder, 'POST', '/order', {
      ...stop,
      price: below,
      stopPrice: below,
      newOrderRespType: 'RESULT',
    });
    expect(waiting).toMatchObject({ status: 'NEW', type: 'STOP_LOSS_LIMIT', stopPrice: eight(below), workingTime: -1 });
    expect(await ok(holder, 'GET', '/order', { symbol: SYMBOL, orderId: waiting.orderId })).toMatchObject({
      status: 'NEW',
      isWorking: false,
      workingTime: -1,
      stopPrice: eight(below),
    });
    expect(await call(holder, 'POST', '/order', { ...stop, price: below, stopPrice: price! })).toMatchObject({
      status: 400,
      body: { code: -2010, msg: 'Stop price would trigger immediately.' },
    });
  });

  // A second connection holds the round that moves the price: PostgreSQL only (the embedded database has one).
  (connections ? it : it.skip)(
    'a stop is checked against the trades sequenced ahead of it, even one not yet committed',
    async () => {
      const { dataSource } = server.exchange.context;
      const [low, high] = await pricesInsideSpread(server, SYMBOL, 2);
      await asks([low!, high!], '0.01');
      const taker = await trader({ USD: '1000' });
      await ok(taker, 'POST', '/order', { symbol: SYMBOL, side: 'BUY', type: 'MARKET', quantity: '0.01' });
      const holder = await trader({ USD: '1000' });
      resting.push(holder);
      const stop = { symbol: SYMBOL, side: 'BUY', type: 'STOP_LOSS_LIMIT', timeInForce: 'GTC', quantity: '0.01' };
      // The last price is `low`: a buy stop at `high` waits. The taker's next buy takes `high`, and
      // another transaction holds the taker's USD account, so that round is applied to the book and
      // waits to commit: what others read still has `low` while the stop comes in behind it.
      const holding = dataSource.createQueryRunner();
      await holding.startTransaction();
      let taking: ReturnType<typeof call>;
      let placing: ReturnType<typeof call>;
      try {
        await holding.query("SELECT 1 FROM accounts WHERE user_id = $1 AND asset = 'USD' FOR UPDATE", [taker.userId]);
        taking = call(taker, 'POST', '/order', { symbol: SYMBOL, side: 'BUY', type: 'MARKET', quantity: '0.01' });
        await eventually(async () => {
          const [waiting] = await dataSource.query(
            "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          return waiting;
        });
        placing = call(holder, 'POST', '/order', { ...stop, price: high!, stopPrice: high! });
        // Time for the stop's request to reach its book (it is answered once the round ahead commits).
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        await holding.commitTransaction();
        await holding.release();
      }
      expect((await taking).body).toMatchObject({
        status: 'FILLED',
        fills: [expect.objectContaining({ price: eight(high!) })],
      });
      expect(await placing).toEqual({
        status: 400,
        body: { code: -2010, msg: 'Stop price would trigger immediately.' },
      });
      expect(await balanceOf(server, holder.userId, 'USD')).toEqual({ available: '1000', locked: '0' });
    },
  );
});

describe('lists and cancels', () => {
  it('DELETE openOrders cancels every open order of a symbol; allOrders lists them by orderId', async () => {
    const buyer = await trader({ USD: '1000' });
    const prices = await pricesInsideSpread(server, SYMBOL, 3);
    const placed = [];
    for (const price of prices) placed.push(await ok(buyer, 'POST', '/order', limitBuy(price)));
    const canceled = await ok(buyer, 'DELETE', '/openOrders', { symbol: SYMBOL });
    expect(canceled.map((c: any) => [c.orderId, c.status, c.origClientOrderId])).toEqual(
      placed.map((p) => [p.orderId, 'CANCELED', p.clientOrderId]),
    );
    expect(await ok(buyer, 'GET', '/openOrders', { symbol: SYMBOL })).toEqual([]);
    expect(await call(buyer, 'DELETE', '/openOrders', { symbol: SYMBOL })).toMatchObject({
      status: 400,
      body: { code: -2011, msg: 'Unknown order sent.' },
    });

    const all = await ok(buyer, 'GET', '/allOrders', { symbol: SYMBOL });
    expect(all.map((o: any) => [o.orderId, o.status])).toEqual(placed.map((p) => [p.orderId, 'CANCELED']));
    expect((await ok(buyer, 'GET', '/allOrders', { symbol: SYMBOL, orderId: placed[1].orderId })).length).toBe(2);
    expect((await ok(buyer, 'GET', '/allOrders', { symbol: SYMBOL, limit: 1 }))[0].orderId).toBe(placed[2].orderId);
    expect(await call(buyer, 'GET', '/allOrders', { symbol: SYMBOL, startTime: 0, endTime: 86_400_001 })).toMatchObject(
      { status: 400, body: { code: -1127, msg: 'More than 24 hours between startTime and endTime.' } },
    );
  });

  it("a trader never reaches another trader's orders or fills", async () => {
    const owner = await trader({ USD: '1000' });
    resting.push(owner);
    const other = await trader({ USD: '1000' });
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const placed = await ok(owner, 'POST', '/order', {
      symbol: SYMBOL,
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.01',
      price: price!,
      newClientOrderId: 'private',
    });
    const name = { symbol: SYMBOL, orderId: placed.orderId };
    expect(await call(other, 'GET', '/order', name)).toMatchObject({ status: 400, body: { code: -2013 } });
    expect(await call(other, 'GET', '/order', { symbol: SYMBOL, origClientOrderId: 'private' })).toMatchObject({
      body: { code: -2013 },
    });
    expect(await call(other, 'DELETE', '/order', name)).toMatchObject({ status: 400, body: { code: -2011 } });
    expect(await ok(other, 'GET', '/openOrders')).toEqual([]);
    expect(await ok(other, 'GET', '/allOrders', { symbol: SYMBOL })).toEqual([]);
    expect(await ok(owner, 'GET', '/order', name)).toMatchObject({ status: 'NEW' });
  });
});

describe('order/test', () => {
  it('checks an order as POST order does and places nothing', async () => {
    const buyer = await trader({ USD: '1000' });
    const [price] = await pricesInsideSpread(server, SYMBOL, 1);
    const order = { symbol: SYMBOL, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: price! };
    expect(await ok(buyer, 'POST', '/order/test', order)).toEqual({});
    expect(await ok(buyer, 'POST', '/order/test', { ...order, computeCommissionRates: 'true' })).toEqual({
      standardCommissionForOrder: { maker: '0.00100000', taker: '0.00100000' },
      specialCommissionForOrder: { maker: '0.00000000', taker: '0.00000000' },
      taxCommissionForOrder: { maker: '0.00000000', taker: '0.00000000' },
      discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: '0.00000000' },
    });
    // Half of ETHUSDT's tick (0.01) off: `${price}1` would be on the tick for a price of fewer decimals.
    const offTick = (Number(price) + 0.005).toFixed(3);
    expect(await call(buyer, 'POST', '/order/test', { ...order, price: offTick })).toMatchObject({
      status: 400,
      body: { code: -1013, msg: 'Filter failure: PRICE_FILTER' },
    });
    expect(await ok(buyer, 'GET', '/allOrders', { symbol: SYMBOL })).toEqual([]);
    expect(await balanceOf(server, buyer.userId, 'USD')).toEqual({ available: '1000', locked: '0' });
  });
});

describe("refusals, in Binance's words", () => {
  const limit = { symbol: SYMBOL, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '1000' };
  const refused = (code: number, msg: string) => ({ status: 400, body: { code, msg } });
  it.each<[string, Record<string, string>, ReturnType<typeof refused>]>([
    ['a price off the tick', { ...limit, price: '1000.001' }, refused(-1013, 'Filter failure: PRICE_FILTER')],
    ['a quantity off the lot', { ...limit, quantity: '0.00001' }, refused(-1013, 'Filter failure: LOT_SIZE')],
    [
      'an order worth too little',
      { ...limit, quantity: '0.001', price: '10' },
      refused(-1013, 'Filter failure: NOTIONAL'),
    ],
    ['a zero price', { ...limit, price: '0' }, refused(-1013, 'Filter failure: PRICE_FILTER')],
    [
      'more decimals than an asset has',
      { ...limit, quantity: '0.000000001' },
      refused(-1111, 'Precision is over the maximum defined for this asset.'),
    ],
    [
      'a number that is not one',
      { ...limit, price: '1e3' },
      refused(
        -1100,
        "Illegal characters found in parameter 'price'; legal range is '^([0-9]{1,20})(\\.[0-9]{1,20})?$'.",
      ),
    ],
    [
      'a limit order without its quantity',
      { symbol: SYMBOL, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '1000' },
      refused(-1102, "Mandatory parameter 'quantity' was not sent, was empty/null, or malformed."),
    ],
    [
      'a limit order without timeInForce',
      { symbol: SYMBOL, side: 'BUY', type: 'LIMIT', quantity: '0.01', price: '1000' },
      refused(-1102, "Mandatory parameter 'timeInForce' was not sent, was empty/null, or malformed."),
    ],
    [
      'a market order with timeInForce',
      { symbol: SYMBOL, side: 'BUY', type: 'MARKET', quantity: '0.01', timeInForce: 'GTC' },
      refused(-1106, "Parameter 'timeInForce' sent when not required."),
    ],
    [
      'a limit order with a stop price',
      { ...limit, stopPrice: '999' },
      refused(-1106, "Parameter 'stopPrice' sent when not required."),
    ],
    [
      'a market order with neither quantity',
      { symbol: SYMBOL, side: 'BUY', type: 'MARKET' },
      refused(-1102, "Param 'quantity' or 'quoteOrderQty' must be sent, but both were empty/null!"),
    ],
    ['an order type we do not take', { ...limit, type: 'STOP' }, refused(-1116, 'Invalid orderType.')],
    ['a side in lower case', { ...limit, side: 'buy' }, refused(-1117, 'Invalid side.')],
    ['an unknown time in force', { ...limit, timeInForce: 'GTX' }, refused(-1115, 'Invalid timeInForce.')],
    ['an unknown symbol', { ...limit, symbol: 'DOGEUSDT' }, refused(-1121, 'Invalid symbol.')],
    [
      'a parameter no order reads',
      { ...limit, pegOffsetValue: '1' },
      refused(-1104, "Not all sent parameters were read; read '7' parameter(s) but was sent '8'."),
    ],
    [
      'a client order id with other characters',
      { ...limit, newClientOrderId: 'my order' },
      refused(
        -1100,
        "Illegal characters found in parameter 'newClientOrderId'; legal range is '^[.A-Z:/a-z0-9_-]{1,36}$'.",
      ),
    ],
    [
      'more than the trader has',
      { ...limit, quantity: '5', price: '1000' },
      refused(-2010, 'Account has insufficient balance for requested action.'),
    ],
  ])('POST order: %s', async (_, params, expected) => {
    const poor = await trader({ USD: '100' });
    expect(await call(poor, 'POST', '/order', params)).toEqual(expected);
  });

  it('reads and cancels of an order that is not there, or named by neither id', async () => {
    const who = await trader({ USD: '1' });
    expect(await call(who, 'GET', '/order', { symbol: SYMBOL, orderId: 987654321 })).toEqual(
      refused(-2013, 'Order does not exist.'),
    );
    expect(await call(who, 'DELETE', '/order', { symbol: SYMBOL, origClientOrderId: 'nope' })).toEqual(
      refused(-2011, 'Unknown order sent.'),
    );
    expect(await call(who, 'GET', '/order', { symbol: SYMBOL })).toEqual(
      refused(-1102, "Param 'origClientOrderId' or 'orderId' must be sent, but both were empty/null!"),
    );
    expect(await call(who, 'GET', '/myTrades', { symbol: SYMBOL, fromId: 1, startTime: 1 })).toEqual(
      refused(-1128, 'Combination of optional parameters invalid.'),
    );
  });

  it.each(['/allOrders', '/myTrades'])(
    '%s reads startTime and endTime up to the latest time a Date holds; a millisecond later is refused',
    async (path) => {
      const who = await trader({ USD: '1' });
      const latest = 8_640_000_000_000_000;
      expect(await call(who, 'GET', path, { symbol: SYMBOL, startTime: latest })).toEqual({ status: 200, body: [] });
      for (const name of ['startTime', 'endTime'])
        expect(await call(who, 'GET', path, { symbol: SYMBOL, [name]: latest + 1 })).toEqual(
          refused(-1130, `Data sent for parameter '${name}' is not valid.`),
        );
    },
  );

  it('a trader whose KYC is not approved may not place orders', async () => {
    const { client } = await registerTrader(new ApiClient(server.url));
    const key = await createApiKey(client);
    expect(await signed(key, 'POST', '/order', limit)).toEqual(
      refused(-2010, 'This account may not place or cancel orders.'),
    );
  });

  it('a read-only key reads orders but may not place one', async () => {
    const funded = await fundedTrader(server, { USD: '1000' });
    const key = await createApiKey(funded.client, { label: 'reader', permissions: ['read'] });
    expect((await signed(key, 'GET', '/openOrders')).status).toBe(200);
    expect(await signed(key, 'POST', '/order', limit)).toMatchObject({ body: { code: -2015 } });
  });

  it('no parameters sent to POST order get a 5xx, and the ledger stays balanced', async () => {
    const who = await trader({ USD: '50', ETH: '0.05' });
    resting.push(who);
    const names = ['symbol', 'side', 'type', 'timeInForce', 'quantity', 'quoteOrderQty', 'price', 'stopPrice'];
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(SYMBOL, 'BUY', 'SELL', 'LIMIT', 'MARKET', 'STOP_LOSS_LIMIT', 'LIMIT_MAKER', 'GTC', 'IOC', 'FOK'),
      fc.constantFrom('0.01', '1000', '3999.99', '10', '0', '-1', '1e2', '99999999999999999999'),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...names), value), async (params) => {
        const answer = await call(who, 'POST', '/order', params);
        expect(answer.status).toBeLessThan(500);
        if (answer.status !== 200) expect(answer.body).toEqual({ code: expect.any(Number), msg: expect.any(String) });
      }),
      { numRuns: 120 },
    );
    expect((await ledgerReport(server)).ok).toBe(true);
  });
});
