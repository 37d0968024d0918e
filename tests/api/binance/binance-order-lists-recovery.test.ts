import { money } from '../../../server/kernel/money';
import { pricesInsideSpread } from '../../support/book-trades';
import type { CreatedApiKey } from '../../support/binance-client';
import { crashTestExchange, restartedTraders, signedOk, stoppedState } from '../../support/restarted-traders';

/**
 * Order lists survive a crash: an OCO and an OTO with its pending order are rebuilt as they were
 * (the list rows, each order's list, the pending order unplaced with its hold), then play out: the
 * OTO's working order fills and its pending order goes in, funded; the OCO is canceled whole.
 */
const exchange = crashTestExchange('order-lists', { ENCRYPTION_KEY: 'ef'.repeat(32) });
const SYMBOL = 'BNBUSDT';
const QTY = '0.01';

it('an OCO and an OTO with its pending order are rebuilt after a SIGKILL, then fill and cancel as lists; the ledger balances', async () => {
  const { process: second, traders } = await restartedTraders(exchange, {
    'List holder': { USD: '20', BNB: QTY },
    'List seller': { BNB: '1' },
    'List buyer': { USD: '1000' },
  });
  const [holder, seller, buyer] = traders.map((t) => t.key) as [CreatedApiKey, CreatedApiKey, CreatedApiKey];
  let url = second.url;
  const ok = (key: CreatedApiKey, method: string, route: string, params: Record<string, string> = {}) =>
    signedOk(url, key, method, route, params);
  const limit = (side: 'BUY' | 'SELL', price: string) => ({
    symbol: SYMBOL,
    side,
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: QTY,
    price,
  });
  const [p0, p1, p2, p3] = (await pricesInsideSpread({ url }, SYMBOL, 4)) as [string, string, string, string];
  await ok(seller, 'POST', '/order', limit('SELL', p2));
  await ok(buyer, 'POST', '/order', limit('BUY', p2));
  const oto = await ok(holder, 'POST', '/orderList/oto', {
    symbol: SYMBOL,
    workingType: 'LIMIT',
    workingSide: 'BUY',
    workingPrice: p1,
    workingQuantity: QTY,
    workingTimeInForce: 'GTC',
    pendingType: 'LIMIT_MAKER',
    pendingSide: 'SELL',
    pendingPrice: p3,
    pendingQuantity: QTY,
  });
  const oco = await ok(holder, 'POST', '/orderList/oco', {
    symbol: SYMBOL,
    side: 'SELL',
    quantity: QTY,
    aboveType: 'LIMIT_MAKER',
    abovePrice: p3,
    belowType: 'STOP_LOSS',
    belowStopPrice: p0,
  });
  await second.kill('SIGKILL');

  const third = await exchange.startReady(traders[0]!.token);
  url = third.url;
  const lists = await ok(holder, 'GET', '/openOrderList');
  expect(lists.map((l: any) => [l.orderListId, l.contingencyType, l.listOrderStatus])).toEqual([
    [oto.orderListId, 'OTO', 'EXECUTING'],
    [oco.orderListId, 'OCO', 'EXECUTING'],
  ]);
  const pendingId = String(oto.orderReports[1].orderId);
  expect(await ok(holder, 'GET', '/order', { symbol: SYMBOL, orderId: pendingId })).toMatchObject({
    status: 'PENDING_NEW',
  });

  // The OTO's buy fills: its pending sell goes in, holding what the buy brought.
  await ok(seller, 'POST', '/order', limit('SELL', p1));
  expect(await ok(holder, 'GET', '/order', { symbol: SYMBOL, orderId: pendingId })).toMatchObject({ status: 'NEW' });
  const canceled = await ok(holder, 'DELETE', '/orderList', { symbol: SYMBOL, orderListId: String(oco.orderListId) });
  expect(canceled.orderReports.map((o: any) => o.status)).toEqual(['CANCELED', 'CANCELED']);
  await ok(buyer, 'POST', '/order', limit('BUY', p3));
  expect(await ok(holder, 'GET', '/orderList', { orderListId: String(oto.orderListId) })).toMatchObject({
    listOrderStatus: 'ALL_DONE',
  });
  await third.kill('SIGTERM');
  expect(third.output()).not.toContain('RECOVERY MISMATCH');

  const { accounts, ledger } = await stoppedState(traders[0]!.userId);
  // It bought QTY and sold QTY: its own BNB is back, free; nothing is held.
  expect(money(accounts.BNB!.available).toFixed()).toBe(QTY);
  expect(money(accounts.BNB!.locked).toFixed()).toBe('0');
  expect(money(accounts.USD!.locked).toFixed()).toBe('0');
  expect(ledger.mismatches).toEqual([]);
  expect(ledger.ok).toBe(true);
});
