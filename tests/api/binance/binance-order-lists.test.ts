import Decimal from 'decimal.js';
import { pricesInsideSpread } from '../../support/book-trades';
import type { KeyedTrader } from '../../support/binance-client';
import { binanceBook, eight } from '../../support/binance-book';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { balanceOf } from '../../support/trading-fixtures';
import { signedParams, WsApiClient } from '../../support/ws-api-client';

/**
 * Binance's order lists: OCO (orderList/oco and the older order/oco), OTO and OTOCO, placed, read
 * (orderList, openOrderList, allOrderList) and canceled over REST and the WebSocket API; one order
 * of a pair ending the other, an OTO's pending order going in once its working order has filled
 * and funded by that fill; the listStatus and executionReport events; holds released exactly.
 */
let server: TestExchange;
const sockets: WsApiClient[] = [];

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '63' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => server.close());

const SYMBOL = 'BNBUSDT';
const QTY = '0.01';
const book = binanceBook(() => server, { symbol: SYMBOL, base: 'BNB', quantity: QTY, cash: '20' });
const { call, ok, limit, tradeAt, released } = book;
const trader = (balances: Record<string, string>) => book.trader(balances, 'List Trader');

/** A WebSocket API connection subscribed to `who`'s user data stream. */
async function subscribed(who: KeyedTrader): Promise<WsApiClient> {
  const client = await WsApiClient.connect(server.url);
  sockets.push(client);
  expect(await client.request('userDataStream.subscribe.signature', signedParams(who.key))).toMatchObject({
    status: 200,
  });
  return client;
}

/** An OCO sell of QTY: a LIMIT_MAKER above at `above`, a STOP_LOSS_LIMIT below (stop `stop`, limit `floor`). */
const ocoSell = (above: string, stop: string, floor: string) => ({
  symbol: SYMBOL,
  side: 'SELL',
  quantity: QTY,
  aboveType: 'LIMIT_MAKER',
  abovePrice: above,
  belowType: 'STOP_LOSS_LIMIT',
  belowStopPrice: stop,
  belowPrice: floor,
  belowTimeInForce: 'GTC',
});

/** An OTO's or OTOCO's working order: a GTC limit buy of QTY at `price`. */
const workingBuy = (price: string) => ({
  symbol: SYMBOL,
  workingType: 'LIMIT',
  workingSide: 'BUY',
  workingPrice: price,
  workingQuantity: QTY,
  workingTimeInForce: 'GTC',
});

it('exchangeInfo allows OCO and OTO lists', async () => {
  const info: any = await (await fetch(`${server.url}/api/v3/exchangeInfo?symbol=${SYMBOL}`)).json();
  expect(info.symbols[0]).toMatchObject({ ocoAllowed: true, otoAllowed: true });
});

it('an OCO sell holds its quantity once; its limit order filling cancels its stop; the list is done and told so', async () => {
  const [p0, p1, p2, p3] = await pricesInsideSpread(server, SYMBOL, 4);
  await tradeAt(p2!);
  const holder = await trader({ BNB: QTY });
  const stream = await subscribed(holder);
  const placed = await ok(holder, 'POST', '/orderList/oco', {
    ...ocoSell(p3!, p1!, p0!),
    listClientOrderId: 'my-oco-1',
  });
  expect(placed).toMatchObject({
    contingencyType: 'OCO',
    listStatusType: 'EXEC_STARTED',
    listOrderStatus: 'EXECUTING',
    listClientOrderId: 'my-oco-1',
    symbol: SYMBOL,
  });
  const listId = placed.orderListId;
  const [stop, maker] = placed.orderReports;
  expect(placed.orders).toEqual([
    { symbol: SYMBOL, orderId: stop.orderId, clientOrderId: stop.clientOrderId },
    { symbol: SYMBOL, orderId: maker.orderId, clientOrderId: maker.clientOrderId },
  ]);
  expect(stop).toMatchObject({ orderListId: listId, type: 'STOP_LOSS_LIMIT', status: 'NEW', stopPrice: eight(p1!) });
  expect(maker).toMatchObject({ orderListId: listId, type: 'LIMIT_MAKER', status: 'NEW', price: eight(p3!) });
  expect(await balanceOf(server, holder.userId, 'BNB')).toEqual({ available: '0', locked: QTY });
  expect(await stream.event((e) => e.e === 'listStatus' && e.g === listId)).toMatchObject({
    s: SYMBOL,
    c: 'OCO',
    l: 'EXEC_STARTED',
    L: 'EXECUTING',
    r: 'NONE',
    C: 'my-oco-1',
    O: placed.orders.map((o: any) => ({ s: SYMBOL, i: o.orderId, c: o.clientOrderId })),
  });
  expect(await stream.event((e) => e.e === 'executionReport' && e.i === maker.orderId)).toMatchObject({
    g: listId,
    x: 'NEW',
  });
  expect(await ok(holder, 'GET', '/openOrderList')).toEqual([
    expect.objectContaining({ orderListId: listId, listOrderStatus: 'EXECUTING' }),
  ]);

  const buyer = await trader({ USD: '20' });
  expect(await ok(buyer, 'POST', '/order', limit('BUY', p3!))).toMatchObject({ status: 'FILLED' });
  expect(await ok(holder, 'GET', '/orderList', { orderListId: listId })).toMatchObject({
    orderListId: listId,
    listStatusType: 'ALL_DONE',
    listOrderStatus: 'ALL_DONE',
  });
  expect(await ok(holder, 'GET', '/order', { symbol: SYMBOL, orderId: stop.orderId })).toMatchObject({
    status: 'CANCELED',
    orderListId: listId,
  });
  expect(await stream.event((e) => e.e === 'listStatus' && e.g === listId && e.l === 'ALL_DONE')).toMatchObject({
    L: 'ALL_DONE',
  });
  expect(await ok(holder, 'GET', '/openOrderList')).toEqual([]);
  expect(await ok(holder, 'GET', '/allOrderList')).toEqual([
    expect.objectContaining({ orderListId: listId, listOrderStatus: 'ALL_DONE' }),
  ]);
  expect(await balanceOf(server, holder.userId, 'BNB')).toEqual({ available: '0', locked: '0' });
  await released(holder);
});

it("an OTO buy's pending sell waits unplaced, goes in once the buy has filled, and is funded by what it bought", async () => {
  const [p0, p1, , p3] = await pricesInsideSpread(server, SYMBOL, 4);
  await tradeAt(p0!);
  const holder = await trader({ USD: '20' });
  const stream = await subscribed(holder);
  const placed = await ok(holder, 'POST', '/orderList/oto', {
    ...workingBuy(p1!),
    pendingType: 'LIMIT_MAKER',
    pendingSide: 'SELL',
    pendingPrice: p3!,
    pendingQuantity: QTY,
  });
  expect(placed).toMatchObject({ contingencyType: 'OTO', listOrderStatus: 'EXECUTING' });
  const [working, pending] = placed.orderReports;
  expect(working).toMatchObject({ type: 'LIMIT', side: 'BUY', status: 'NEW' });
  expect(pending).toMatchObject({ type: 'LIMIT_MAKER', side: 'SELL', status: 'PENDING_NEW' });
  expect(await stream.event((e) => e.e === 'executionReport' && e.i === pending.orderId)).toMatchObject({
    x: 'NEW',
    X: 'PENDING_NEW',
    g: placed.orderListId,
  });
  // Nothing of the pending sell is on the book: a buyer at its price finds nothing of the holder's.
  const depth: any = await (await fetch(`${server.url}/api/v3/depth?symbol=${SYMBOL}&limit=100`)).json();
  expect(depth.asks.find(([price]: [string]) => price === eight(p3!))).toBeUndefined();

  const seller = await trader({ BNB: QTY });
  expect(await ok(seller, 'POST', '/order', limit('SELL', p1!))).toMatchObject({ status: 'FILLED' });
  expect(await ok(holder, 'GET', '/order', { symbol: SYMBOL, orderId: pending.orderId })).toMatchObject({
    status: 'NEW',
    orderListId: placed.orderListId,
  });
  expect(
    await stream.event((e) => e.e === 'executionReport' && e.i === pending.orderId && e.X === 'NEW'),
  ).toMatchObject({ x: 'NEW', w: true });
  // What the buy brought is held for the sell.
  expect(await balanceOf(server, holder.userId, 'BNB')).toEqual({ available: '0', locked: QTY });

  const buyer = await trader({ USD: '20' });
  expect(await ok(buyer, 'POST', '/order', limit('BUY', p3!))).toMatchObject({ status: 'FILLED' });
  expect(await ok(holder, 'GET', '/orderList', { orderListId: placed.orderListId })).toMatchObject({
    listOrderStatus: 'ALL_DONE',
  });
  await released(holder);
});

it('an OTOCO canceled by its list id cancels every order of it and releases every hold; canceling it again is refused', async () => {
  const [p0, p1, p2, p3] = await pricesInsideSpread(server, SYMBOL, 4);
  await tradeAt(p2!);
  const holder = await trader({ USD: '20' });
  const placed = await ok(holder, 'POST', '/orderList/otoco', {
    ...workingBuy(p1!),
    pendingSide: 'SELL',
    pendingQuantity: QTY,
    pendingAboveType: 'LIMIT_MAKER',
    pendingAbovePrice: p3!,
    pendingBelowType: 'STOP_LOSS',
    pendingBelowStopPrice: p0!,
  });
  expect(placed.orderReports.map((o: any) => [o.type, o.status])).toEqual([
    ['LIMIT', 'NEW'],
    ['STOP_LOSS', 'PENDING_NEW'],
    ['LIMIT_MAKER', 'PENDING_NEW'],
  ]);
  expect(new Decimal((await balanceOf(server, holder.userId, 'USD')).locked).gt(0)).toBe(true);
  const canceled = await ok(holder, 'DELETE', '/orderList', { symbol: SYMBOL, orderListId: placed.orderListId });
  expect(canceled).toMatchObject({ listStatusType: 'ALL_DONE', listOrderStatus: 'ALL_DONE' });
  expect(canceled.orderReports.map((o: any) => o.status)).toEqual(['CANCELED', 'CANCELED', 'CANCELED']);
  await released(holder);
  expect(await call(holder, 'DELETE', '/orderList', { symbol: SYMBOL, orderListId: placed.orderListId })).toEqual({
    status: 400,
    body: { code: -2011, msg: 'Unknown order list sent.' },
  });
  expect(await call(holder, 'GET', '/orderList', { orderListId: 999_999_999 })).toEqual({
    status: 400,
    body: { code: -2013, msg: 'Order list does not exist.' },
  });
});

it('the older order/oco and the WebSocket API place, read and cancel OCOs by their client ids', async () => {
  const [p0, p1, p2, p3] = await pricesInsideSpread(server, SYMBOL, 4);
  await tradeAt(p2!);
  const holder = await trader({ BNB: new Decimal(QTY).times(2).toFixed() });
  const legacy = await ok(holder, 'POST', '/order/oco', {
    symbol: SYMBOL,
    side: 'SELL',
    quantity: QTY,
    price: p3!,
    stopPrice: p1!,
    stopLimitPrice: p0!,
    stopLimitTimeInForce: 'GTC',
    listClientOrderId: 'legacy-oco',
  });
  expect(legacy.orderReports.map((o: any) => o.type)).toEqual(['STOP_LOSS_LIMIT', 'LIMIT_MAKER']);

  const socket = await WsApiClient.connect(server.url);
  sockets.push(socket);
  const viaWs = await socket.request(
    'orderList.place.oco',
    signedParams(holder.key, { ...ocoSell(p3!, p1!, p0!), listClientOrderId: 'ws-oco' }),
  );
  expect(viaWs).toMatchObject({ status: 200, result: { contingencyType: 'OCO', listClientOrderId: 'ws-oco' } });
  const status = await socket.request('orderList.status', signedParams(holder.key, { origClientOrderId: 'ws-oco' }));
  expect(status.result).toMatchObject({ orderListId: viaWs.result.orderListId, listOrderStatus: 'EXECUTING' });
  const open = await socket.request('openOrderLists.status', signedParams(holder.key));
  expect(open.result.map((l: any) => l.listClientOrderId)).toEqual(['legacy-oco', 'ws-oco']);
  for (const id of ['legacy-oco', 'ws-oco'])
    expect(
      await socket.request('orderList.cancel', signedParams(holder.key, { symbol: SYMBOL, listClientOrderId: id })),
    ).toMatchObject({ status: 200, result: { listOrderStatus: 'ALL_DONE' } });
  const all = await socket.request('allOrderLists', signedParams(holder.key));
  expect(all.result.map((l: any) => [l.listClientOrderId, l.listOrderStatus])).toEqual([
    ['legacy-oco', 'ALL_DONE'],
    ['ws-oco', 'ALL_DONE'],
  ]);
  await released(holder);
});

describe("a list's parameters, in Binance's words", () => {
  it.each([
    [{ aboveType: 'STOP_LOSS' }, -1130, "Data sent for parameter 'aboveType' is not valid."],
    [{ abovePrice: '' }, -1102, "Mandatory parameter 'abovePrice' was not sent, was empty/null, or malformed."],
    [
      { belowTimeInForce: '' },
      -1102,
      "Mandatory parameter 'belowTimeInForce' was not sent, was empty/null, or malformed.",
    ],
    [{ belowType: 'MARKET' }, -1116, 'Invalid orderType.'],
  ])('%j is refused', async (change, code, msg) => {
    const holder = await trader({ BNB: QTY });
    const params = Object.fromEntries(
      Object.entries({ ...ocoSell('800', '600', '599.99'), ...change }).filter(([, value]) => value !== ''),
    );
    expect(await call(holder, 'POST', '/orderList/oco', params)).toEqual({ status: 400, body: { code, msg } });
  });

  it('a list the trader cannot pay for is refused whole, holding nothing', async () => {
    const holder = await trader({ USD: '1' });
    const [p0, p1] = await pricesInsideSpread(server, SYMBOL, 2);
    expect(
      await call(holder, 'POST', '/orderList/oto', {
        ...workingBuy(p0!),
        pendingType: 'LIMIT',
        pendingSide: 'SELL',
        pendingPrice: p1!,
        pendingQuantity: QTY,
        pendingTimeInForce: 'GTC',
      }),
    ).toEqual({ status: 400, body: { code: -2010, msg: 'Account has insufficient balance for requested action.' } });
    expect(await ok(holder, 'GET', '/openOrderList')).toEqual([]);
    await released(holder);
  });
});
