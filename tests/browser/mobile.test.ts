import type { Browser, Page } from 'playwright-core';
import { PUSHED_MS, storeToken, toast, uniqueEmail } from './support/browser';
import { adminToken, api, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

/**
 * On a phone (390x844): the public pages' links behind a menu, and the trade screen as tabs for the
 * chart, the book, the trades and the pairs, with a Buy / Sell bar always in reach.
 */
jest.setTimeout(120_000);

const PHONE = { width: 390, height: 844 };

let server: ExchangeServer;
let browser: Browser;
let traderToken: string;

withExchangeAndBrowser(
  (started, launched) => {
    server = started;
    browser = launched;
  },
  { MARKET_MAKER: 'on' },
);

beforeAll(async () => {
  traderToken = await registerTrader(server, 'Phone Phil', uniqueEmail('phone'));
  await verifyAndFund(server, traderToken, 10_000);
});

async function openPhone(path: string, token: string | null = null): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: PHONE, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/');
  if (token) await storeToken(page, token);
  await page.goto(path);
  return page;
}

/** Whether the element's whole box is inside the phone's screen. */
const onScreen = async (page: Page, selector: string) =>
  page.evaluate(`(() => {
    const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  })()`) as Promise<boolean>;

describe('public pages on a phone', () => {
  it('offer every nav link, and Log In and Register, through a menu', async () => {
    const page = await openPhone('/');
    const header = page.locator('header');
    expect(await header.getByRole('link', { name: 'Markets' }).isVisible()).toBe(false);
    await header.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    for (const name of ['Log In', 'Register', 'Buy Crypto', 'Markets', 'Trade', 'Futures', 'Earn'])
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Markets' }).click();
    await page.waitForURL('**/markets');
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Markets Overview' }).waitFor();

    // Escape closes it too.
    await header.getByRole('button', { name: 'Menu', exact: true }).click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('the trade screen on a phone', () => {
  it('keeps the Buy / Sell bar on screen, at the top of the page and at its bottom', async () => {
    const page = await openPhone('/trade', traderToken);
    // The book's twenty rows make the page taller than the screen.
    await page.getByRole('tab', { name: 'Order Book' }).click();
    await page.locator('[data-testid="order-book"] tr').nth(20).waitFor();
    expect(await onScreen(page, '.trade-bar')).toBe(true);
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    expect(await page.evaluate('window.scrollY')).toBeGreaterThan(0);
    expect(await onScreen(page, '.trade-bar')).toBe(true);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });

  it('opens the profile menu whole on the screen', async () => {
    const page = await openPhone('/trade', traderToken);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menu').getByText('API Management').waitFor();
    expect(await onScreen(page, '[role="menu"]')).toBe(true);
    await page.context().close();
  });

  it('shows the chart, the book, the trades and the pairs as tabs', async () => {
    const page = await openPhone('/trade', traderToken);
    const pane = page.getByTestId('phone-pane');
    await pane.getByTestId('price-chart').waitFor();
    expect(await pane.getByTestId('order-book').count()).toBe(0);

    await page.getByRole('tab', { name: 'Order Book' }).click();
    await pane.locator('[data-testid="order-book"] tr[data-price]').first().waitFor();
    expect(await pane.getByTestId('price-chart').count()).toBe(0);
    expect(await onScreen(page, '[data-testid="order-book"] tr[data-price]')).toBe(true);

    await page.getByRole('tab', { name: 'Trades' }).click();
    await pane.getByText('Market Trades').waitFor();

    // A pair picked from the list opens on its chart.
    await page.getByRole('tab', { name: 'Markets' }).click();
    await pane.getByText('ETH', { exact: true }).click();
    await page.waitForURL('**/trade?pair=ETHUSDT');
    await pane.getByTestId('price-chart').waitFor();
    expect(await page.getByRole('tab', { name: 'Chart' }).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('ticker-strip').getByText('ETH/USDT').waitFor();
    await page.context().close();
  });

  it('opens the order form from the bar on the side tapped, and places the order', async () => {
    const page = await openPhone('/trade', traderToken);
    await page.getByText('● Live').waitFor();
    const bar = page.locator('.trade-bar');
    const form = page.getByRole('dialog', { name: 'Place order' });

    await bar.getByRole('button', { name: 'Sell' }).click();
    await form.getByRole('button', { name: 'Sell BTC' }).waitFor();
    expect(await onScreen(page, '[role="dialog"] button[type="submit"]')).toBe(true);
    await form.getByRole('button', { name: 'Close' }).click();
    await form.waitFor({ state: 'detached' });

    await bar.getByRole('button', { name: 'Buy' }).click();
    await form.getByLabel('Price').fill('50000');
    await form.getByLabel('Amount').fill('0.001');
    await form.getByRole('button', { name: 'Buy BTC' }).click();
    await toast(page, 'BUY order placed!').waitFor();
    await form.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('tab', { name: 'Open Orders(1)' }).waitFor();
    await page.context().close();
  });

  it("turns the bar's buttons off with the reason while the market takes no orders, as the push tells it", async () => {
    const page = await openPhone('/trade?pair=SOLUSDT', traderToken);
    await page.getByText('● Live').waitFor();
    const bar = page.locator('.trade-bar');
    const buy = bar.getByRole('button', { name: 'Buy' });
    const sell = bar.getByRole('button', { name: 'Sell' });
    expect(await buy.isDisabled()).toBe(false);
    expect(await bar.getByRole('status').count()).toBe(0);

    // The catalog's refresh is held back: only the market room's push can tell the screen.
    await page.route('**/api/markets', (route) => route.abort());
    const admin = await adminToken(server);
    const setStatus = (status: string) => api(server, admin, 'PATCH', '/admin/markets/SOLUSDT', { status });
    const reason = (text: string) => bar.getByRole('status').filter({ hasText: text }).waitFor({ timeout: PUSHED_MS });

    await setStatus('halted');
    await reason('Market is halted');
    expect(await buy.isDisabled()).toBe(true);
    expect(await sell.isDisabled()).toBe(true);

    await setStatus('cancel_only');
    await reason('Market is in cancel-only mode');
    expect(await buy.isDisabled()).toBe(true);

    await setStatus('trading');
    await bar.locator('button:not([disabled])', { hasText: 'Buy' }).waitFor({ timeout: PUSHED_MS });
    expect(await sell.isDisabled()).toBe(false);
    expect(await bar.getByRole('status').count()).toBe(0);
    await page.context().close();
  });
});
