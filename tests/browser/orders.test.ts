import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { openPage, storeToken, toast, uniqueEmail } from './support/browser';
import { api, deskTrade, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

/**
 * Every order in one place: the Orders page lists open orders of every pair, order history and
 * trade history, filters, pages, exports CSV and cancels all; the trade screen's lists show every
 * pair's orders until "Hide other pairs" is ticked. At a desktop's 1440x900 and a phone's 390x844.
 */
jest.setTimeout(180_000);

let server: ExchangeServer;
let browser: Browser;

withExchangeAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

type Order = { id: string; symbol: string };
const order = (token: string, body: Record<string, unknown>) =>
  api<Order>(server, token, 'POST', '/trading/order', body);

/** A funded trader with 24 BTC bids and 3 ETH bids resting, a BTC stop waiting, a cancelled ETH bid, a fill and a desk trade. */
async function traderWithOrders(): Promise<string> {
  const token = await registerTrader(server, 'Orders Trader', uniqueEmail('orders'));
  await verifyAndFund(server, token, 50_000);
  for (let i = 0; i < 25; i++)
    await order(token, { symbol: 'BTC/USDT', side: 'buy', type: 'limit', amount: 0.001, price: 50_000 - i });
  await order(token, {
    symbol: 'BTCUSDT',
    side: 'buy',
    type: 'stop_limit',
    amount: 0.0001,
    stop_price: 200_000,
    price: 200_100,
  });
  const eth: Order[] = [];
  for (let i = 0; i < 4; i++)
    eth.push(await order(token, { symbol: 'ETH/USDT', side: 'buy', type: 'limit', amount: 0.01, price: 1000 + i }));
  await api(server, token, 'DELETE', '/trading/order', { order_id: eth[0]!.id });
  // Another trader sells into the best bid: a fill of the trader's order.
  const seller = await registerTrader(server, 'Seller', uniqueEmail('seller'));
  await verifyAndFund(server, seller, 1000);
  await deskTrade(server, seller, 'BTCUSDT', 'buy', '0.001');
  await order(seller, { symbol: 'BTCUSDT', side: 'sell', type: 'market', amount: 0.001 });
  await deskTrade(server, token, 'SOLUSDT', 'buy', '0.1');
  return token;
}

async function signedIn(token: string, size: { width: number; height: number }): Promise<Page> {
  const page = await openPage(browser, server.baseUrl);
  await page.setViewportSize(size);
  await page.goto('/');
  await storeToken(page, token);
  return page;
}

/** Clicks what starts a download and returns the file's name and text. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

/** How much wider than the window the page is (0: no sideways scroll), and whether the list scrolls inside its box. */
const widths = (page: Page) =>
  page.evaluate(`(() => {
    const box = document.querySelector('.orders-table');
    return {
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      listScrolls: box.scrollWidth > box.clientWidth,
    };
  })()`) as Promise<{ overflow: number; listScrolls: boolean }>;

describe.each(SIZES)('the Orders page at $width x $height', (size) => {
  it('lists two pairs, filters, pages, exports CSV and cancels all', async () => {
    const token = await traderWithOrders();
    const page = await signedIn(token, size);
    await page.goto('/markets');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menu').getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/orders');
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    await page.waitForFunction("document.title.startsWith('Orders |')");

    // 24 BTC bids, the BTC stop and 3 ETH bids, newest first, 20 a page.
    const rows = page.getByTestId('open-order');
    await page.getByTestId('page-range').getByText('1-20 of 28').waitFor();
    expect(await rows.count()).toBe(20);
    await rows.filter({ hasText: 'ETHUSDT' }).first().waitFor();
    await rows.filter({ hasText: 'BTCUSDT' }).first().waitFor();
    await rows.filter({ hasText: 'Stop Limit' }).getByText('Waiting').waitFor();
    const layout = await widths(page);
    expect(layout.overflow).toBe(0);
    if (size.name === 'phone') expect(layout.listScrolls).toBe(true);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('page-range').getByText('21-28 of 28').waitFor();
    expect(await rows.count()).toBe(8);

    await page.getByLabel('Pair').selectOption('ETHUSDT');
    await page.getByTestId('page-range').getByText('1-3 of 3').waitFor();
    expect(await rows.filter({ hasText: 'BTCUSDT' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByLabel('Type').selectOption('stop_limit');
    await page.getByTestId('page-range').getByText('1-1 of 1').waitFor();
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByTestId('page-range').getByText('1-20 of 28').waitFor();

    const open = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(open.name).toBe('open-orders.csv');
    const lines = open.text.trim().split('\r\n');
    expect(lines[0]).toBe('created_at,order_id,symbol,type,side,price,stop_price,amount,filled,average_price,status');
    expect(lines).toHaveLength(29);
    expect(lines.filter((line) => line.includes(',ETH/USDT,limit,buy,'))).toHaveLength(3);
    expect(
      lines.filter((line) => line.includes(',BTC/USDT,stop_limit,buy,200100,200000,0.0001,0,,waiting')),
    ).toHaveLength(1);

    await page.getByRole('tab', { name: 'Order History' }).click();
    const history = page.getByTestId('history-order');
    await history.filter({ hasText: 'ETHUSDT' }).getByText('canceled').waitFor();
    await history.filter({ hasText: 'BTCUSDT' }).getByText('filled').waitFor();

    await page.getByRole('tab', { name: 'Trade History' }).click();
    const trades = page.getByTestId('history-trade');
    await trades.filter({ hasText: 'Order fill' }).filter({ hasText: 'BTCUSDT' }).waitFor();
    await trades.filter({ hasText: 'Desk trade' }).filter({ hasText: 'SOLUSDT' }).waitFor();
    await page.getByLabel('Kind').selectOption('desk');
    await page.getByTestId('page-range').getByText('1-1 of 1').waitFor();
    const deskOnly = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(deskOnly.name).toBe('trade-history.csv');
    const deskLines = deskOnly.text.trim().split('\r\n');
    expect(deskLines[0]).toBe('created_at,trade_id,kind,order_id,symbol,side,price,amount,fee,total');
    expect(deskLines).toHaveLength(2);
    expect(deskLines[1]).toMatch(/,desk,,SOLUSDT,buy,[\d.]+,0\.1,,[\d.]+$/);

    await page.getByRole('tab', { name: 'Open Orders' }).click();
    await page.getByRole('button', { name: 'Cancel all' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel all open orders?' });
    await dialog.getByText('every pair').waitFor();
    await dialog.getByRole('button', { name: 'Cancel all' }).click();
    await toast(page, 'All open orders cancelled').waitFor();
    await page.getByText('You have no open orders').waitFor();
    expect(await api<Order[]>(server, token, 'GET', '/trading/orders/open')).toEqual([]);
    await page.context().close();
  });
});

describe.each(SIZES)('the trade screen at $width x $height', (size) => {
  it("shows another pair's orders until Hide other pairs is ticked, and cancels all of what it shows", async () => {
    const token = await registerTrader(server, 'Two Pairs', uniqueEmail('pairs'));
    await verifyAndFund(server, token, 10_000);
    const btc = await order(token, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: 0.001, price: 40_000 });
    const eth = await order(token, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', amount: 0.01, price: 900 });
    const page = await signedIn(token, size);
    await page.goto('/trade?pair=BTCUSDT');

    const lists = page.getByTestId('user-orders');
    await page.getByRole('tab', { name: 'Open Orders(2)' }).waitFor();
    await lists.getByText('ETHUSDT').waitFor();
    await lists.getByText('BTCUSDT').waitFor();

    await page.getByLabel('Hide other pairs').check();
    await page.getByRole('tab', { name: 'Open Orders(1)' }).waitFor();
    expect(await lists.getByText('ETHUSDT').count()).toBe(0);
    await lists.getByText('BTCUSDT').waitFor();

    // Cancel all with other pairs hidden cancels this pair's only.
    await page.getByRole('button', { name: 'Cancel all' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel all open orders?' });
    await dialog.getByText('on BTC/USDT').waitFor();
    await dialog.getByRole('button', { name: 'Cancel all' }).click();
    await toast(page, 'All open orders cancelled').waitFor();
    await page.getByRole('tab', { name: 'Open Orders(0)' }).waitFor();
    await page.getByLabel('Hide other pairs').uncheck();
    await page.getByRole('tab', { name: 'Open Orders(1)' }).waitFor();
    await lists.getByText('ETHUSDT').waitFor();
    const open = await api<Order[]>(server, token, 'GET', '/trading/orders/open');
    expect(open.map((o) => o.id)).toEqual([eth.id]);

    // Order history likewise: the cancelled BTC order, hidden with other pairs on the ETH screen.
    await page.getByRole('tab', { name: 'Order History' }).click();
    await lists.getByText('BTCUSDT').waitFor();
    await page.goto('/trade?pair=ETHUSDT');
    await page.getByRole('tab', { name: 'Order History' }).click();
    await lists.getByText('BTCUSDT').waitFor();
    await page.getByLabel('Hide other pairs').check();
    await lists.getByText('No order history').waitFor();
    expect(btc.symbol).toBe('BTC/USDT');
    await page.context().close();
  });
});
