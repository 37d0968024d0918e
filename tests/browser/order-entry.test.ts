import type { Browser, Page } from 'playwright-core';
import { storeToken, toast, uniqueEmail } from './support/browser';
import { api, deskTrade, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';
import { eventually } from '../support/eventually';

/**
 * The order form's kinds beyond Limit, Market and Stop-Limit, placed as a person places them: a
 * trailing stop-market, a take-profit limit, an OCO pair (and its cancel as a list), on a book whose
 * last trade was at 200; the open orders show each with its trigger, trailing delta and list.
 */
jest.setTimeout(120_000);

const SYMBOL = 'SOLUSDT';
const LAST = 200;

let server: ExchangeServer;
let browser: Browser;
let trader: string;

interface OrderView {
  type: string;
  side: string;
  status: string;
  price: number | null;
  stop_price: number | null;
  trailing_delta: number | null;
  list_id: number | null;
}

withExchangeAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

beforeAll(async () => {
  const maker = await registerTrader(server, 'Maker Mo', uniqueEmail('maker'));
  const taker = await registerTrader(server, 'Taker Tia', uniqueEmail('taker'));
  trader = await registerTrader(server, 'Entry Eve', uniqueEmail('entry'));
  for (const token of [maker, taker, trader]) await verifyAndFund(server, token, 10_000);
  await deskTrade(server, maker, SYMBOL, 'buy', 1);
  await deskTrade(server, trader, SYMBOL, 'buy', 2);
  // One trade at 200: the last price the stops are judged against.
  const order = (token: string, side: string) =>
    api(server, token, 'POST', '/trading/order', { symbol: SYMBOL, side, type: 'limit', amount: 0.2, price: LAST });
  await order(maker, 'sell');
  await order(taker, 'buy');
});

async function openForm(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
  const page = await context.newPage();
  await page.goto('/');
  await storeToken(page, trader);
  await page.goto(`/trade?pair=${SYMBOL}`);
  await page.getByText('● Live').waitFor();
  return page;
}

const openOrders = () => api<OrderView[]>(server, trader, 'GET', `/trading/orders/open?symbol=${SYMBOL}`);

async function cancelEverything() {
  for (const order of await openOrders())
    if (order.list_id === null)
      await api(server, trader, 'DELETE', '/trading/order', { order_id: (order as unknown as { id: string }).id });
  for (const list of await api<{ id: number }[]>(server, trader, 'GET', '/trading/order-lists/open'))
    await api(server, trader, 'DELETE', '/trading/order-list', { list_id: list.id });
}
afterEach(cancelEverything);

it('places a trailing stop-market sell and a take-profit-limit buy, shown with their triggers', async () => {
  const page = await openForm({ width: 1440, height: 900 });
  const form = page.getByTestId('order-form');
  await form.getByRole('button', { name: 'Sell', exact: true }).click();
  await form.getByLabel('More order types').selectOption({ label: 'Stop-Market' });
  expect(await form.getByLabel('Price').count()).toBe(0);
  await form.getByLabel('Trailing', { exact: true }).check();
  await form.getByLabel('Trailing delta').fill('0.005');
  await form.getByLabel('Amount').fill('0.5');
  await form.getByRole('button', { name: 'Sell SOL' }).click();
  await toast(page, 'Trailing delta must be 0.01% to 99.99%, in steps of 0.01%').waitFor();
  await form.getByLabel('Trailing delta').fill('2.5');
  await form.getByRole('button', { name: 'Sell SOL' }).click();
  await toast(page, 'SELL order placed!').waitFor();

  await form.getByRole('button', { name: 'Buy', exact: true }).click();
  await form.getByLabel('More order types').selectOption({ label: 'Take-Profit-Limit' });
  await form.getByLabel('Stop', { exact: true }).fill('180');
  await form.getByLabel('Price').fill('181');
  await form.getByLabel('Amount').fill('0.5');
  await form.getByRole('button', { name: 'Buy SOL' }).click();
  await toast(page, 'BUY order placed!').waitFor();

  const placed = await openOrders();
  expect(placed.map((o) => [o.type, o.side, o.stop_price, o.price, o.trailing_delta]).sort()).toEqual([
    ['stop_market', 'sell', null, null, 250],
    ['take_profit_limit', 'buy', 180, 181, null],
  ]);
  const rows = page.getByTestId('user-orders').locator('tbody tr');
  await eventually(async () => ((await rows.count()) === 2 ? true : undefined));
  await rows.filter({ hasText: 'Stop Market' }).getByText('trailing 2.5%').waitFor();
  await rows.filter({ hasText: 'Take Profit Limit' }).getByText('@ 180.00').waitFor();

  // A buy stop-loss at or below the last price would trigger at once: the form says so before sending it.
  await form.getByRole('button', { name: 'Stop-Limit' }).click();
  await form.getByLabel('Stop', { exact: true }).fill('190');
  await form.getByLabel('Price').fill('191');
  await form.getByLabel('Amount').fill('0.5');
  await form.getByRole('button', { name: 'Buy SOL' }).click();
  await toast(page, 'Stop price would trigger immediately: it must be above the last price 200.00').waitFor();
  expect(await openOrders()).toHaveLength(2);
  await page.context().close();
});

it('places an OCO sell from the form and cancels it as a list', async () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const page = await openForm(viewport);
    // On a phone the form opens from the bar under the screen, as a dialog.
    const phone = viewport.width < 600;
    if (phone) await page.locator('.trade-bar').getByRole('button', { name: 'Sell' }).click();
    const form = phone ? page.getByRole('dialog', { name: 'Place order' }) : page.getByTestId('order-form');
    await form.getByRole('button', { name: 'Sell', exact: true }).click();
    await form.getByRole('button', { name: 'OCO' }).click();
    await form.getByLabel('Price', { exact: true }).fill('230');
    await form.getByLabel('Stop', { exact: true }).fill('170');
    await form.getByLabel('Stop limit price').fill('169');
    await form.getByLabel('Amount').fill('1');
    await page.screenshot({ path: `/tmp/order-entry-form-${viewport.width}.png` });
    await form.getByRole('button', { name: 'Sell SOL' }).click();
    await toast(page, 'SELL OCO placed!').waitFor();
    if (phone) await form.getByRole('button', { name: 'Close' }).click();

    const lists = await api<{ id: number; kind: string; orders: OrderView[] }[]>(
      server,
      trader,
      'GET',
      '/trading/order-lists/open',
    );
    expect(lists).toHaveLength(1);
    expect(lists[0]!.kind).toBe('oco');
    expect(lists[0]!.orders.map((o) => [o.type, o.side, o.price, o.stop_price, o.status])).toEqual([
      ['limit', 'sell', 230, null, 'new'],
      ['stop_limit', 'sell', 169, 170, 'waiting'],
    ]);
    // The pair holds the amount once.
    const assets = await api<{ asset: string; locked: number }[]>(server, trader, 'GET', '/user/assets');
    expect(assets.find((a) => a.asset === 'SOL')!.locked).toBe(1);

    const orders = page.getByTestId('user-orders');
    await orders.scrollIntoViewIfNeeded();
    const rows = orders.locator('tbody tr');
    await eventually(async () => ((await rows.count()) === 2 ? true : undefined));
    await rows.first().getByText(`List ${lists[0]!.id}`).waitFor();
    await page.screenshot({ path: `/tmp/order-entry-orders-${viewport.width}.png` });
    await rows.first().getByRole('button', { name: 'Cancel list' }).click();
    await toast(page, 'Order list cancelled').waitFor();
    await eventually(async () => {
      const open = await api<unknown[]>(server, trader, 'GET', '/trading/order-lists/open');
      return open.length === 0 ? true : undefined;
    });
    await orders.getByText('You have no open orders').waitFor();
    await page.context().close();
  }
});
