import { money } from '../../../server/kernel/money';
import { pricesInsideSpread } from '../../support/book-trades';
import { signedCall, type CreatedApiKey } from '../../support/binance-client';
import { crashTestExchange, restartedTraders, signedOk, stoppedState } from '../../support/restarted-traders';

/**
 * Take-profit and stop-loss orders, icebergs and trailing stops survive a crash: the command log
 * carries their kind, slice and delta, so the rebuilt book holds them as they were, refuses a stop the recovered last price already reaches, and
 * triggers and fills them as the price moves after; every hold is released exactly.
 */
const exchange = crashTestExchange('stop-kinds', { ENCRYPTION_KEY: 'cd'.repeat(32) });
const SYMBOL = 'ADAUSDT';
const QTY = '20';

it('waiting take-profit and stop-loss orders, an iceberg and a trailing stop are rebuilt after a SIGKILL, then trigger and fill; the ledger balances', async () => {
  const { process: second, traders } = await restartedTraders(exchange, {
    'Stop holder': { ADA: '80', USD: '100' },
    'Stop seller': { ADA: '100' },
    'Stop buyer': { USD: '1000' },
  });
  const [holder, seller, buyer] = traders.map((t) => t.key) as [CreatedApiKey, CreatedApiKey, CreatedApiKey];
  let url = second.url;
  const ok = (key: CreatedApiKey, method: string, route: string, params: Record<string, string> = {}) =>
    signedOk(url, key, method, route, params);
  const limit = (side: 'BUY' | 'SELL', price: string, quantity = QTY) => ({
    symbol: SYMBOL,
    side,
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity,
    price,
  });
  const [p0, p1, p2, p3] = (await pricesInsideSpread({ url }, SYMBOL, 4)) as [string, string, string, string];
  await ok(seller, 'POST', '/order', limit('SELL', p1));
  await ok(buyer, 'POST', '/order', limit('BUY', p1));
  const takeProfit = await ok(holder, 'POST', '/order', {
    symbol: SYMBOL,
    side: 'SELL',
    type: 'TAKE_PROFIT_LIMIT',
    timeInForce: 'GTC',
    quantity: QTY,
    price: p2,
    stopPrice: p2,
  });
  const stopLoss = await ok(holder, 'POST', '/order', {
    symbol: SYMBOL,
    side: 'SELL',
    type: 'STOP_LOSS',
    quantity: QTY,
    stopPrice: p0,
  });
  const iceberg = await ok(holder, 'POST', '/order', { ...limit('SELL', p3), icebergQty: '5' });
  // The holder's own buy meets the iceberg, one slice then the next: DECREMENT takes 10 off both, and ends the buy.
  const decrement = await ok(holder, 'POST', '/order', {
    ...limit('BUY', p3, '10'),
    selfTradePreventionMode: 'DECREMENT',
    newOrderRespType: 'RESULT',
  });
  expect(decrement).toMatchObject({
    status: 'CANCELED',
    origQty: money(10).toFixed(8),
    executedQty: money(0).toFixed(8),
  });
  // 20% from its peak: the moves below never reach it.
  const trailing = await ok(holder, 'POST', '/order', {
    symbol: SYMBOL,
    side: 'SELL',
    type: 'STOP_LOSS',
    quantity: QTY,
    trailingDelta: '2000',
  });
  await second.kill('SIGKILL');

  const third = await exchange.startReady(traders[0]!.token);
  url = third.url;
  const open = await ok(holder, 'GET', '/openOrders', { symbol: SYMBOL });
  expect(
    open.map((o: any) => [
      o.orderId,
      o.type,
      o.status,
      o.isWorking,
      money(o.stopPrice).toFixed(),
      money(o.icebergQty).toFixed(),
      o.trailingDelta,
      o.trailingTime,
      money(o.origQty).toFixed(),
      o.preventedQuantity && money(o.preventedQuantity).toFixed(),
    ]),
  ).toEqual([
    [takeProfit.orderId, 'TAKE_PROFIT_LIMIT', 'NEW', false, p2, '0', undefined, undefined, QTY, undefined],
    [stopLoss.orderId, 'STOP_LOSS', 'NEW', false, p0, '0', undefined, undefined, QTY, undefined],
    [iceberg.orderId, 'LIMIT', 'NEW', true, '0', '5', undefined, undefined, QTY, '10'],
    // Trailing since it was placed (it has no stop price to wait for).
    [trailing.orderId, 'STOP_LOSS', 'NEW', false, '0', '0', 2000, trailing.transactTime, QTY, undefined],
  ]);
  // The rebuilt book shows the iceberg's slice alone.
  const depth: any = await (await fetch(`${url}/api/v3/depth?symbol=${SYMBOL}&limit=1000`)).json();
  expect(depth.asks.find(([level]: string[]) => money(level!).eq(p3))).toEqual([money(p3).toFixed(8), '5.00000000']);
  // The recovered last price is p1: a take-profit sell at it is due.
  const due = await signedCall(url, holder, 'POST', '/order', {
    symbol: SYMBOL,
    side: 'SELL',
    type: 'TAKE_PROFIT',
    quantity: QTY,
    stopPrice: p1,
  });
  expect(due).toMatchObject({ status: 400, body: { code: -2010, msg: 'Stop price would trigger immediately.' } });

  // The price rises to p2: the take-profit triggers and rests at p2, where the buyer takes it.
  await ok(seller, 'POST', '/order', limit('SELL', p2));
  await ok(buyer, 'POST', '/order', limit('BUY', p2));
  await ok(buyer, 'POST', '/order', limit('BUY', p2));
  // The price falls to p0: the stop-loss sells at the market, into the buyer's bid.
  await ok(buyer, 'POST', '/order', limit('BUY', p0, '40'));
  await ok(seller, 'POST', '/order', limit('SELL', p0));
  for (const [placed, type] of [
    [takeProfit, 'TAKE_PROFIT_LIMIT'],
    [stopLoss, 'STOP_LOSS'],
  ] as const)
    expect(await ok(holder, 'GET', '/order', { symbol: SYMBOL, orderId: String(placed.orderId) })).toMatchObject({
      type,
      status: 'FILLED',
      executedQty: money(QTY).toFixed(8),
    });
  // Their answers come from the rebuilt orders in memory: what prevention took, and since when it trails, kept.
  expect(await ok(holder, 'DELETE', '/order', { symbol: SYMBOL, orderId: String(iceberg.orderId) })).toMatchObject({
    status: 'CANCELED',
    origQty: money(QTY).toFixed(8),
    preventedQuantity: money(10).toFixed(8),
  });
  expect(await ok(holder, 'DELETE', '/order', { symbol: SYMBOL, orderId: String(trailing.orderId) })).toMatchObject({
    status: 'CANCELED',
    trailingTime: trailing.transactTime,
  });
  await third.kill('SIGTERM');
  expect(third.output()).not.toContain('RECOVERY MISMATCH');

  const { accounts, ledger } = await stoppedState(traders[0]!.userId);
  expect(money(accounts.ADA!.available).toFixed()).toBe('40');
  expect(money(accounts.ADA!.locked).toFixed()).toBe('0');
  expect(money(accounts.USD!.locked).toFixed()).toBe('0');
  // Its 100, and what both sold for, less the fees.
  const gross = money(p2).plus(p0).times(QTY);
  const earned = money(accounts.USD!.available).minus(100);
  expect(earned.gt(gross.times(0.99))).toBe(true);
  expect(earned.lte(gross)).toBe(true);
  expect(ledger.mismatches).toEqual([]);
  expect(ledger.ok).toBe(true);
});
