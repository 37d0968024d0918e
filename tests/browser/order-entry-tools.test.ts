import Decimal from 'decimal.js';
import type { Browser, Locator, Page } from 'playwright-core';
import { storeToken, toast, uniqueEmail } from './support/browser';
import { api, deskTrade, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';
import { eventually } from '../support/eventually';

/**
 * The order form's tools, used as a person uses them at both sizes: post-only (and the server's
 * refusal shown in the form), take-profit / stop-loss on a limit order, the balance slider with the
 * most the balance buys or sells, an exact Total and clear words for absurd amounts, a stop the last
 * price has already reached refused before it is sent, and an open order edited from its row.
 */
jest.setTimeout(180_000);

const SYMBOL = 'SOLUSDT';
const LAST = 200;
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

let server: ExchangeServer;
let browser: Browser;
let trader: string;

interface OrderView {
  id: string;
  type: string;
  side: string;
  status: string;
  price: number | null;
  stop_price: number | null;
  amount: number;
  list_id: number | null;
}

withExchangeAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

beforeAll(async () => {
  const maker = await registerTrader(server, 'Maker Max', uniqueEmail('maker'));
  const taker = await registerTrader(server, 'Taker Tom', uniqueEmail('taker'));
  trader = await registerTrader(server, 'Tool Tess', uniqueEmail('tools'));
  for (const token of [maker, taker, trader]) await verifyAndFund(server, token, 10_000);
  await deskTrade(server, maker, SYMBOL, 'buy', 2);
  await deskTrade(server, trader, SYMBOL, 'buy', 2);
  // One trade at 200 (the last price stops are judged against), and an ask left resting at 210.
  const order = (token: string, side: string, amount: number, price: number) =>
    api(server, token, 'POST', '/trading/order', { symbol: SYMBOL, side, type: 'limit', amount, price });
  await order(maker, 'sell', 0.2, LAST);
  await order(taker, 'buy', 0.2, LAST);
  await order(maker, 'sell', 0.5, 210);
});

const openOrders = () => api<OrderView[]>(server, trader, 'GET', `/trading/orders/open?symbol=${SYMBOL}`);
const available = async (asset: string) =>
  (await api<{ asset: string; available: number }[]>(server, trader, 'GET', '/user/assets')).find(
    (a) => a.asset === asset,
  )!.available;

afterEach(async () => {
  for (const list of await api<{ id: number }[]>(server, trader, 'GET', '/trading/order-lists/open'))
    await api(server, trader, 'DELETE', '/trading/order-list', { list_id: list.id });
  for (const order of await openOrders()) await api(server, trader, 'DELETE', '/trading/order', { order_id: order.id });
});

/** The trade screen as the trader, its order form open on `side` (on a phone, its sheet). */
async function openForm(viewport: { width: number; height: number }, side: 'Buy' | 'Sell') {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
  const page = await context.newPage();
  await page.goto('/');
  await storeToken(page, trader);
  await page.goto(`/trade?pair=${SYMBOL}`);
  await page.getByText('● Live').waitFor();
  const phone = viewport.width < 600;
  if (phone) await page.locator('.trade-bar').getByRole('button', { name: side }).click();
  const form = phone ? page.getByRole('dialog', { name: 'Place order' }) : page.getByTestId('order-form');
  await form.getByRole('button', { name: side, exact: true }).click();
  return { page, form, phone };
}

const problem = (form: Locator) => form.getByTestId('entry-problem');
const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `/tmp/order-entry-tools-${name}-${width}.png` });

it.each(VIEWPORTS)('post-only rests, and its refusal by the server is shown in the form ($width)', async (viewport) => {
  const { page, form } = await openForm(viewport, 'Buy');
  await form.getByLabel('Post-only').check();
  // At the resting ask it would take: the server refuses, the form says why.
  await form.getByLabel('Price', { exact: true }).fill('210');
  await form.getByLabel('Amount').fill('0.1');
  await form.getByRole('button', { name: 'Buy SOL' }).click();
  await toast(page, 'Post-only order would trade immediately').waitFor();
  await problem(form).getByText('Post-only order would trade immediately').waitFor();
  expect(await openOrders()).toEqual([]);
  // Below it, it rests.
  await form.getByLabel('Price', { exact: true }).fill('195');
  expect(await problem(form).count()).toBe(0);
  await form.getByRole('button', { name: 'Buy SOL' }).click();
  await toast(page, 'BUY order placed!').waitFor();
  expect((await openOrders()).map((o) => [o.type, o.side, o.price, o.status])).toEqual([['limit', 'buy', 195, 'new']]);
  await page.context().close();
});

it.each(VIEWPORTS)(
  'a limit buy with take-profit and stop-loss is placed as an OTOCO list ($width)',
  async (viewport) => {
    const { page, form } = await openForm(viewport, 'Buy');
    await form.getByLabel('TP/SL').check();
    await form.getByLabel('Price', { exact: true }).fill('190');
    await form.getByLabel('Amount').fill('0.5');
    await form.getByLabel('Take profit').fill('185');
    await form.getByLabel('Stop loss').fill('180');
    await problem(form).getByText('Take profit must be above the price').waitFor();
    await form.getByLabel('Take profit').fill('230');
    expect(await problem(form).count()).toBe(0);
    await shot(page, 'tpsl', viewport.width);
    await form.getByRole('button', { name: 'Buy SOL' }).click();
    await toast(page, 'BUY order with TP/SL placed!').waitFor();

    const lists = await api<{ kind: string; orders: OrderView[] }[]>(
      server,
      trader,
      'GET',
      '/trading/order-lists/open',
    );
    expect(lists.map((l) => l.kind)).toEqual(['otoco']);
    expect(lists[0]!.orders.map((o) => [o.type, o.side, o.amount, o.price, o.stop_price, o.status])).toEqual([
      ['limit', 'buy', 0.5, 190, null, 'new'],
      ['take_profit_limit', 'sell', 0.5, 230, 230, 'pending_new'],
      ['stop_limit', 'sell', 0.5, 180, 180, 'pending_new'],
    ]);
    await page.context().close();
  },
);

it.each(VIEWPORTS)(
  'the slider uses a share of the balance, up to the most it buys or sells ($width)',
  async (viewport) => {
    const { page, form } = await openForm(viewport, 'Buy');
    const max = form.getByTestId('max-amount');
    await form.getByLabel('Price', { exact: true }).fill('150');
    const quote = await available('USD');
    // What 150 USDT a SOL, its fee and its notional unit per lot leave room for, in whole lots of 0.001.
    const perLot = new Decimal(150).times('1.001').plus('0.01').times('0.001');
    const most = new Decimal(quote).div(perLot).floor().times('0.001');
    await max.getByText(`Max Buy`).waitFor();
    await eventually(async () => ((await max.textContent())?.includes(`${most.toFixed(3)} SOL`) ? true : undefined));
    await form.getByRole('button', { name: '50%' }).click();
    expect(await form.getByLabel('Amount').inputValue()).toBe(
      most.div(2).div('0.001').floor().times('0.001').toFixed(),
    );
    await form.getByRole('button', { name: '100%' }).click();
    expect(await form.getByLabel('Amount').inputValue()).toBe(most.toFixed());
    await shot(page, 'slider', viewport.width);
    // The whole of it is held, and the balance pays for it.
    await form.getByRole('button', { name: 'Buy SOL' }).click();
    await toast(page, 'BUY order placed!').waitFor();
    expect((await openOrders()).map((o) => o.amount)).toEqual([most.toNumber()]);
    expect(await available('USD')).toBeLessThan(perLot.toNumber());

    await form.getByRole('button', { name: 'Sell', exact: true }).click();
    const base = await available('SOL');
    await eventually(async () =>
      (await form.getByTestId('max-amount').textContent())?.includes(`Max Sell${new Decimal(base).toFixed(3)} SOL`)
        ? true
        : undefined,
    );
    await form.getByRole('button', { name: '25%' }).click();
    expect(await form.getByLabel('Amount').inputValue()).toBe(
      new Decimal(base).div(4).div('0.001').floor().times('0.001').toFixed(),
    );
    await page.context().close();
  },
);

it.each(VIEWPORTS)('the Total is exact, and an absurd amount is named, not totalled ($width)', async (viewport) => {
  const { page, form } = await openForm(viewport, 'Buy');
  const total = form.getByTestId('order-total');
  await form.getByLabel('Price', { exact: true }).fill('200.01');
  await form.getByLabel('Amount').fill('12345.678');
  expect(await total.textContent()).toBe('2,469,259.05678 USDT');
  await form.getByLabel('Amount').fill('1e308');
  await problem(form).getByText('Amount is too large').waitFor();
  expect(await total.textContent()).toBe('--');
  await shot(page, 'absurd', viewport.width);
  await form.getByRole('button', { name: 'Buy SOL' }).click();
  await toast(page, 'Amount is too large').waitFor();
  await form.getByLabel('Amount').fill('0.0001');
  await problem(form).getByText('Amount must be a multiple of the lot size 0.001').waitFor();
  await form.getByLabel('Amount').fill('-1');
  await problem(form).getByText('Amount must be a positive number').waitFor();
  await form.getByLabel('Amount').fill('0.5');
  expect(await total.textContent()).toBe('100.005 USDT');
  expect(await problem(form).count()).toBe(0);
  expect(await openOrders()).toEqual([]);
  await page.context().close();
});

it.each(VIEWPORTS)(
  'a stop the last price has already reached is refused before it is sent ($width)',
  async (viewport) => {
    const { page, form } = await openForm(viewport, 'Buy');
    await form.getByRole('button', { name: 'Stop-Limit' }).click();
    await form.getByLabel('Stop', { exact: true }).fill('190');
    await form.getByLabel('Price', { exact: true }).fill('191');
    await form.getByLabel('Amount').fill('0.5');
    const words = 'Stop price would trigger immediately: it must be above the last price 200.00';
    await problem(form).getByText(words).waitFor();
    await shot(page, 'stop', viewport.width);
    await form.getByRole('button', { name: 'Buy SOL' }).click();
    await toast(page, words).waitFor();
    expect(await openOrders()).toEqual([]);
    // Above the last price it waits.
    await form.getByLabel('Stop', { exact: true }).fill('205');
    await form.getByLabel('Price', { exact: true }).fill('206');
    await form.getByRole('button', { name: 'Buy SOL' }).click();
    await toast(page, 'BUY order placed!').waitFor();
    expect((await openOrders()).map((o) => [o.type, o.stop_price, o.status])).toEqual([['stop_limit', 205, 'waiting']]);
    await page.context().close();
  },
);

it.each(VIEWPORTS)("an open order's amount and price are edited from its row ($width)", async (viewport) => {
  const order = await api<OrderView>(server, trader, 'POST', '/trading/order', {
    symbol: SYMBOL,
    side: 'buy',
    type: 'limit',
    amount: 1,
    price: 150,
  });
  const { page, form, phone } = await openForm(viewport, 'Buy');
  if (phone) await form.getByRole('button', { name: 'Close' }).click();
  const rows = page.getByTestId('user-orders').locator('tbody tr');
  await rows.first().scrollIntoViewIfNeeded();
  await rows.first().getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit order' });
  expect(await dialog.getByLabel('New amount').inputValue()).toBe('1');
  await dialog.getByLabel('New amount').fill('0.6');
  await shot(page, 'edit', viewport.width);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await toast(page, 'Order amended').waitFor();
  expect((await openOrders()).map((o) => [o.id, o.amount, o.price])).toEqual([[order.id, 0.6, 150]]);
  await eventually(async () => ((await rows.first().textContent())?.includes('0.600') ? true : undefined));

  await rows.first().getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('New price').fill('150.005');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.getByText('Price must be a multiple of the tick size 0.01').waitFor();
  await dialog.getByLabel('New price').fill('151');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await toast(page, 'Order replaced').waitFor();
  const replaced = await openOrders();
  expect(replaced.map((o) => [o.side, o.type, o.amount, o.price, o.status])).toEqual([
    ['buy', 'limit', 0.6, 151, 'new'],
  ]);
  expect(replaced[0]!.id).not.toBe(order.id);
  await eventually(async () => ((await rows.first().textContent())?.includes('151.00') ? true : undefined));
  await page.context().close();
});

it('the Orders page edits an open order too', async () => {
  await api(server, trader, 'POST', '/trading/order', {
    symbol: SYMBOL,
    side: 'buy',
    type: 'limit',
    amount: 1,
    price: 150,
  });
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORTS[0] });
  const page = await context.newPage();
  await page.goto('/');
  await storeToken(page, trader);
  await page.goto('/orders');
  await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Edit' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit order' });
  await dialog.getByLabel('New amount').fill('0.4');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await toast(page, 'Order amended').waitFor();
  expect((await openOrders()).map((o) => o.amount)).toEqual([0.4]);
  await context.close();
});
