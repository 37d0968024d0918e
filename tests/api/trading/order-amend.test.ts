import Decimal from 'decimal.js';
import { pricesInsideSpread, restOnBook } from '../../support/book-trades';
import { brokenMoneyPromises } from '../../support/money-invariants';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';
import { balanceOf, placed } from '../../support/trading-fixtures';

/**
 * PATCH /trading/order: an open order's amount or price edited from the web. A smaller amount at
 * the same price keeps the order's place in the queue; a new price replaces it with a new order of
 * the same kind; holds follow exactly, and what is refused changes nothing.
 */
let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '65' });
});
afterAll(() => server.close());

const SYMBOL = 'SOLUSDT';
const amend = (trader: Awaited<ReturnType<typeof fundedTrader>>, body: Record<string, unknown>) =>
  trader.client.request('PATCH', '/trading/order', { body });
const openOrders = async (trader: Awaited<ReturnType<typeof fundedTrader>>) =>
  (await trader.client.get(`/trading/orders/open?symbol=${SYMBOL}`)).body as any[];
const moneyClean = async () => expect(await brokenMoneyPromises(server.exchange.context.dataSource)).toEqual([]);

it('a smaller amount at the same price keeps the order, its id and its place ahead of a later order', async () => {
  const [p0] = await pricesInsideSpread(server, SYMBOL, 3);
  const first = await fundedTrader(server, { USD: '1000' }, 'Amend First');
  const second = await fundedTrader(server, { USD: '1000' }, 'Amend Second');
  const order = await placed(first.client, { symbol: SYMBOL, side: 'buy', type: 'limit', amount: '0.3', price: p0 });
  await placed(second.client, { symbol: SYMBOL, side: 'buy', type: 'limit', amount: '0.3', price: p0 });
  const lockedBefore = (await balanceOf(server, first.user.id, 'USD')).locked;

  const amended = await amend(first, { order_id: order.id, amount: '0.2' });
  expect(amended.status).toBe(200);
  expect(amended.body).toMatchObject({ id: order.id, amount: 0.2, price: Number(p0), status: 'new' });
  // It holds what the same order placed anew holds (the hold is rounded as any order's, so not
  // exactly two thirds of the old one); the rest is available again.
  const fresh = await fundedTrader(server, { USD: '1000' }, 'Amend Fresh');
  await placed(fresh.client, { symbol: SYMBOL, side: 'buy', type: 'limit', amount: '0.2', price: p0 });
  const lockedAfter = new Decimal((await balanceOf(server, first.user.id, 'USD')).locked);
  expect(lockedAfter.toFixed()).toBe(new Decimal((await balanceOf(server, fresh.user.id, 'USD')).locked).toFixed());
  expect(lockedAfter.lt(lockedBefore)).toBe(true);

  // A sell of 0.1 at that price meets the amended order first: it kept its priority.
  await restOnBook(server, { symbol: SYMBOL, base: 'SOL', side: 'sell', price: p0!, amount: '0.1' });
  expect((await openOrders(first)).find((o) => o.id === order.id)).toMatchObject({ filled: 0.1 });
  expect((await openOrders(second))[0]).toMatchObject({ filled: 0 });
  await moneyClean();
});

it('a new price cancels the order and places its rest anew, same side, type and post-only', async () => {
  const [p0, p1] = await pricesInsideSpread(server, SYMBOL, 3);
  const trader = await fundedTrader(server, { SOL: '1' }, 'Amend Replace');
  const order = await placed(trader.client, {
    symbol: SYMBOL,
    side: 'sell',
    type: 'limit',
    amount: '0.5',
    price: p1,
    post_only: true,
  });

  // The new price is summed exactly: p1 + 0.05 in binary floating point can miss the tick.
  const newPrice = new Decimal(p1!).plus('0.05').toNumber();
  const replaced = await amend(trader, { order_id: order.id, price: newPrice, amount: 0.4 });
  expect(replaced.status).toBe(200);
  expect(replaced.body.id).not.toBe(order.id);
  expect(replaced.body).toMatchObject({
    side: 'sell',
    type: 'limit',
    time_in_force: 'GTC',
    amount: 0.4,
    price: newPrice,
    status: 'new',
  });
  const history = (await trader.client.get(`/trading/orders/history?symbol=${SYMBOL}`)).body as any[];
  expect(history.find((o) => o.id === order.id)).toMatchObject({ status: 'canceled' });
  expect((await openOrders(trader)).map((o) => o.id)).toEqual([replaced.body.id]);
  expect(await balanceOf(server, trader.user.id, 'SOL')).toEqual({ available: '0.6', locked: '0.4' });

  // Post-only came along: at a price that would take, the new order is refused after the cancel.
  await restOnBook(server, { symbol: SYMBOL, base: 'SOL', side: 'buy', price: p0!, amount: '0.1' });
  const crossing = await amend(trader, { order_id: replaced.body.id, price: p0 });
  if (crossing.status === 200) throw new Error('a post-only sell at the best bid traded');
  expect(crossing.body.detail).toBe('Post-only order would trade immediately');
  expect(await openOrders(trader)).toEqual([]);
  expect(await balanceOf(server, trader.user.id, 'SOL')).toEqual({ available: '1', locked: '0' });
  await moneyClean();
});

it("refuses another user's order, a filled order and bad input, changing nothing", async () => {
  const [, p1] = await pricesInsideSpread(server, SYMBOL, 3);
  const trader = await fundedTrader(server, { SOL: '1' }, 'Amend Owner');
  const stranger = await fundedTrader(server, { SOL: '1' }, 'Amend Stranger');
  const order = await placed(trader.client, { symbol: SYMBOL, side: 'sell', type: 'limit', amount: '0.5', price: p1 });

  expect(await amend(stranger, { order_id: order.id, amount: '0.1' })).toMatchObject({
    status: 404,
    body: { detail: 'Order not found' },
  });
  expect(await amend(trader, { order_id: 'not-an-order', amount: '0.1' })).toMatchObject({
    status: 404,
    body: { detail: 'Order not found' },
  });
  for (const body of [
    { order_id: order.id },
    { order_id: order.id, amount: 'abc' },
    { order_id: order.id, amount: -1 },
    { order_id: order.id, amount: '1e308' },
    { order_id: order.id, amount: '0.0001' },
    { order_id: order.id, price: '0.001' },
    { amount: '0.1' },
  ]) {
    const answer = await amend(trader, body);
    expect([answer.status, typeof answer.body.detail]).toEqual([400, 'string']);
  }
  // Nothing was cancelled by a refused edit.
  expect((await openOrders(trader)).map((o) => [o.id, o.amount, o.price])).toEqual([[order.id, 0.5, Number(p1)]]);

  // Once filled the order is no longer open.
  await restOnBook(server, { symbol: SYMBOL, base: 'SOL', side: 'buy', price: p1!, amount: '0.5' });
  expect(await amend(trader, { order_id: order.id, amount: '0.1' })).toMatchObject({
    status: 409,
    body: { detail: 'Order is not open' },
  });
  expect(await balanceOf(server, trader.user.id, 'SOL')).toEqual({ available: '0.5', locked: '0' });
  await moneyClean();
});
