import type { Browser, Page } from 'playwright-core';
import { storedToken, storeToken, uniqueEmail } from './support/browser';
import { adminToken, api, deskTrade, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { eventually } from '../support/eventually';
import { withExchangeAndBrowser } from './support/suite';

/**
 * The screens agree with each other, at a desktop's 1440x900 and a phone's 390x844: one header with
 * the profile menu everywhere, toasts clear of the order form, strips and tables that scroll inside
 * themselves on a phone, a session ended elsewhere said so, currencies named truthfully, checked
 * amounts, a sortable markets table with its sparklines, live landing prices.
 */
jest.setTimeout(180_000);

const SIZES = [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;
type Size = (typeof SIZES)[number][1];

let server: ExchangeServer;
let browser: Browser;

withExchangeAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

/** A page at `size`, signed in with `token` (or a visitor's), on `path`. */
async function pageAt(size: Size, token: string | null, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: size });
  const page = await context.newPage();
  await page.goto('/');
  if (token) await storeToken(page, token);
  await page.goto(path);
  return page;
}

/** Until the tab's title is the page's (the router changes the address first); polled from here, as the CSP forbids a page-side string predicate. */
async function waitForTitle(page: Page, title: string): Promise<void> {
  await eventually(
    async () => ((await page.title()).startsWith(title) ? true : undefined),
    15_000,
    `title "${title}..."`,
  );
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A trader with dollars and SOL, verified. */
async function fundedTrader(name: string): Promise<string> {
  const token = await registerTrader(server, name, uniqueEmail('consistent'));
  await verifyAndFund(server, token, 5000);
  return token;
}

/** One SOL/USDT trade of 0.5 at `price` between two fresh traders; the buyer's token. */
async function solTrade(price: string): Promise<string> {
  // One after the other: each approves every pending KYC submission.
  const seller = await fundedTrader('Sol Seller');
  const buyer = await fundedTrader('Sol Buyer');
  await deskTrade(server, seller, 'SOLUSDT', 'buy', 1);
  const order = { symbol: 'SOL/USDT', type: 'limit', amount: '0.5', price };
  await api(server, seller, 'POST', '/trading/order', { ...order, side: 'sell' });
  await api(server, buyer, 'POST', '/trading/order', { ...order, side: 'buy' });
  return buyer;
}

describe.each(SIZES)('on a %s', (sizeName, size) => {
  it('every screen has the one header, with the wallet and the profile menu', async () => {
    const token = await fundedTrader('Header Hana');
    const page = await pageAt(size, token, '/dashboard');
    const screens: [string, string][] = [
      ['/dashboard', 'Dashboard'],
      ['/settings', 'Settings'],
      // Titled with its live price once the ticker answers.
      ['/trade', ''],
      ['/trading', 'Simple Trading'],
      ['/orders', 'Orders'],
      ['/assets', 'Assets'],
      ['/earn', 'Earn'],
      ['/referral', 'Referral'],
      ['/fees', ''],
    ];
    for (const [path, title] of screens) {
      await page.goto(path);
      if (title) await waitForTitle(page, `${title} |`);
      const header = page.locator('header.site-header');
      await header
        .getByRole('button', { name: 'Profile menu' })
        .waitFor()
        .catch((error: Error) => {
          throw new Error(`${path} (at ${page.url()}): ${error.message}`);
        });
      expect({ path, headers: await page.locator('header').count() }).toEqual({ path, headers: 1 });
      expect(await header.getByRole('link', { name: 'Wallet' }).isVisible()).toBe(true);
      expect(await header.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    }
    // The dashboard keeps its greeting in the header.
    await page.goto('/dashboard');
    await page.locator('header').getByText('Welcome back').waitFor();
    await page.locator('header').getByText('Header Hana').waitFor();
    await page.screenshot({ path: `/tmp/consistency-dashboard-header-${sizeName}.png` });
    // The trade screen's menu opens on its header like everywhere else.
    await page.goto('/trade');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menu').getByRole('link', { name: 'Orders' }).waitFor();
    await page.screenshot({ path: `/tmp/consistency-trade-header-${sizeName}.png` });
    await page.context().close();
  });

  it("toasts on the trade screen never cover the order form's inputs and buttons", async () => {
    const token = await fundedTrader('Toast Toby');
    const page = await pageAt(size, token, '/trade');
    await page.getByText('● Live').waitFor();
    if (sizeName === 'phone') await page.locator('.trade-bar').getByRole('button', { name: 'Buy' }).click();
    const form = page.getByTestId('order-form');
    const submit = form.getByRole('button', { name: 'Buy BTC' });
    // Three refusals: as many toasts as show at once.
    for (let i = 0; i < 3; i++) await submit.click();
    const toasts = page.locator('.notistack-MuiContent');
    await toasts.nth(2).waitFor();
    // Toasts slide in: measure where they come to rest.
    await page.waitForTimeout(600);

    const controls = form.locator('input:visible, button:visible, select:visible');
    const boxes = (await Promise.all((await controls.all()).map((control) => control.boundingBox()))).filter(
      (box): box is Box => box !== null && box.width > 0,
    );
    expect(boxes.length).toBeGreaterThan(3);
    for (const toast of await toasts.all()) {
      const toastBox = (await toast.boundingBox())!;
      expect(boxes.filter((box) => overlaps(toastBox, box))).toEqual([]);
    }
    await page.screenshot({ path: `/tmp/consistency-trade-toasts-${sizeName}.png` });
    await page.context().close();
  });

  it('a server too busy to say who the trader is asks again rather than signing them out', async () => {
    const token = await fundedTrader('Patient Pat');
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: size });
    const page = await context.newPage();
    await page.goto('/');
    await storeToken(page, token);
    // The first two answers to "who am I" are a busy server's and one that cannot tell.
    const busy = [429, 503];
    await page.route('**/api/auth/me', (route) => {
      const status = busy.shift();
      return status ? route.fulfill({ status, json: { detail: 'Try again' } }) : route.continue();
    });
    await page.goto('/dashboard');
    await page.getByText('Welcome back').waitFor();
    expect(busy).toEqual([]);
    expect(page.url()).toMatch(/\/dashboard$/);
    expect(await storedToken(page)).toBe(token);
    await context.close();
  });

  it('a session ended elsewhere sends the page to the login screen, which says so', async () => {
    const token = await fundedTrader('Ended Ed');
    const page = await pageAt(size, token, '/dashboard');
    await page.getByText('Welcome back').waitFor();
    // Logged out from another device: the server ends the session and closes its socket.
    await api(server, token, 'POST', '/auth/logout');
    await page.waitForURL('**/login');
    await page.getByRole('status').filter({ hasText: 'Your session ended. Please log in again.' }).waitFor();

    // Logging out here says nothing of the kind.
    const again = await fundedTrader('Leaving Lou');
    await page.goto('/');
    await storeToken(page, again);
    await page.goto('/dashboard');
    await page.getByText('Welcome back').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await page.getByText('Your session ended').count()).toBe(0);
    await page.context().close();
  });

  it('the simple screen says USDJPY is bought with yen, and totals it in yen', async () => {
    const token = await fundedTrader('Yen Yuki');
    const page = await pageAt(size, token, '/trading?symbol=USDJPY');
    await waitForTitle(page, 'Simple Trading |');
    await page.getByTestId('settles-in').filter({ hasText: 'Buy USD with JPY' }).waitFor();
    await page.getByLabel(/Amount/).fill('10');
    expect(await page.getByTestId('total').textContent()).toMatch(/^[\d,.]+ JPY buy \/ [\d,.]+ JPY sell$/);
    expect(await page.getByTestId('available').textContent()).toBe('0.00 JPY');

    await page.goto('/trading?symbol=BTCUSDT');
    await page.getByTestId('settles-in').filter({ hasText: 'Buy BTC with USD' }).waitFor();
    expect(await page.getByTestId('available').textContent()).toBe('$5,000.00');
    await page.context().close();
  });

  it('Buy Crypto tells what is wrong with an amount, and goes on only with a good one', async () => {
    const page = await pageAt(size, null, '/buy-crypto');
    await waitForTitle(page, 'Buy Crypto |');
    const amount = page.getByLabel('Spend');
    const cont = page.getByRole('button', { name: 'Continue' });
    const cases: [string, string][] = [
      ['', 'Enter an amount to spend'],
      ['abc', 'Enter the amount as a number, e.g. 100 or 250.50'],
      ['0', 'Enter an amount above zero'],
      ['-5', 'Enter an amount above zero'],
      ['12.345', 'Use at most 2 decimals'],
      ['5', 'The least you can spend is $10.00'],
      ['50000.01', 'The most you can spend at once is $50,000.00'],
    ];
    for (const [typed, problem] of cases) {
      await amount.fill(typed);
      expect({ typed, shown: await page.getByRole('alert').textContent() }).toEqual({ typed, shown: problem });
      expect(await cont.isDisabled()).toBe(true);
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
    }
    await amount.fill('250.50');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await cont.isEnabled()).toBe(true);
    await cont.click();
    await page.waitForURL('**/register');
    await page.context().close();
  });

  it('the markets table sorts by any column and draws a traded market’s last day', async () => {
    await solTrade('150.5');
    const page = await pageAt(size, null, '/markets');
    await waitForTitle(page, 'Markets |');
    const rows = page.locator('tbody tr');
    await rows.nth(2).waitFor();
    const column = async (index: number) =>
      (await rows.locator(`td:nth-child(${index})`).allTextContents()).map((text) => text.trim());
    const asNumbers = (texts: string[]) => texts.map((text) => Number(text.replace(/[^\d.-]/g, '')));
    const header = (name: string) => page.getByRole('columnheader', { name });

    await header('Last Price').getByRole('button').click();
    expect(await header('Last Price').getAttribute('aria-sort')).toBe('ascending');
    expect(await header('Last Price').textContent()).toContain('▲');
    const ascending = asNumbers(await column(2));
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await header('Last Price').getByRole('button').click();
    expect(await header('Last Price').getAttribute('aria-sort')).toBe('descending');
    expect(await header('Last Price').textContent()).toContain('▼');
    const descending = asNumbers(await column(2));
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    await header('Pair').getByRole('button').click();
    const pairs = await column(1);
    expect(pairs).toEqual([...pairs].sort((a, b) => a.localeCompare(b)));
    expect(await header('Last Price').getAttribute('aria-sort')).toBe('none');

    // SOL traded: its row draws its candles, in the colour of its direction.
    const sol = rows.filter({ hasText: 'SOL' }).first();
    const line = sol.getByTestId('sparkline');
    await line.waitFor();
    expect((await line.locator('polyline').getAttribute('points'))!.split(' ').length).toBeGreaterThanOrEqual(2);
    expect(['up', 'down']).toContain(await line.getAttribute('data-trend'));
    // Nothing cut off: the table scrolls inside its card, the page does not.
    expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    await page.screenshot({ path: `/tmp/consistency-markets-${sizeName}.png`, fullPage: true });
    await page.context().close();
  });

  it("the landing page's prices follow the market while it is open", async () => {
    const page = await pageAt(size, null, '/');
    const sol = page.getByTestId('price-SOLUSDT');
    await sol.waitFor();
    const traded = sizeName === 'phone' ? '147.25' : '152.75';
    expect(await sol.textContent()).not.toBe(`$${traded}`);
    await solTrade(traded);
    await page
      .getByTestId('price-SOLUSDT')
      .filter({ hasText: `$${traded}` })
      .waitFor();
    await page.context().close();
  });

  it("a fill's fee shows the currency it was charged in", async () => {
    const buyer = await solTrade('149');
    const page = await pageAt(size, buyer, '/orders');
    await waitForTitle(page, 'Orders |');
    await page.getByRole('tab', { name: 'Trade History' }).click();
    const fill = page.getByTestId('history-trade').filter({ hasText: 'Order fill' }).first();
    await fill.waitFor();
    // 0.1% of 0.5 x 149 = 0.0745, in dollars: both sides pay their fees in the quote currency.
    expect(await fill.locator('td:nth-child(7)').textContent()).toBe('0.0745 USD');
    // The trade screen's own Trade History tab says the same.
    await page.goto('/trade?symbol=SOLUSDT');
    await page.getByRole('tab', { name: 'Trade History', exact: true }).click();
    await page.getByTestId('user-orders').locator('td', { hasText: '0.0745 USD' }).first().waitFor();
    await page.context().close();
  });

  it('unknown pages are titled Not found', async () => {
    const page = await pageAt(size, null, '/no-such-page/here');
    await waitForTitle(page, 'Not found');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.context().close();
  });
});

describe('on a phone, nothing is cut off', () => {
  const PHONE = SIZES[1][1];
  /**
   * Every tab strip and table sits inside the screen, scrolling inside its own box when it is wider
   * (itself, or the box around it, scrolls sideways); the page itself never does.
   */
  const clipped = (page: Page) =>
    page.evaluate(`(() => {
      const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
      const box = (el) => {
        for (let at = el; at && at !== document.body; at = at.parentElement) if (scrolls(at)) return at;
        return el;
      };
      const bad = [...document.querySelectorAll('[role=tablist], table')]
        .filter((el) => el.getBoundingClientRect().width > 0)
        .filter((el) => {
          const r = box(el).getBoundingClientRect();
          const wider = el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().width > r.width + 1;
          return r.left < 0 || r.right > innerWidth + 0.5 || (wider && !scrolls(box(el)));
        })
        .map((el) => el.tagName + '.' + el.className);
      return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, bad };
    })()`) as Promise<{ page: number; bad: string[] }>;

  it('on every page, strips and tables scroll inside their boxes', async () => {
    const token = await fundedTrader('Phone Pat');
    await deskTrade(server, token, 'BTCUSDT', 'buy', 0.001);
    const admin = await adminToken(server);
    const pages: [string | null, string][] = [
      [token, '/dashboard'],
      [token, '/trade'],
      [token, '/orders'],
      [token, '/assets'],
      [token, '/settings'],
      [token, '/trading'],
      [null, '/earn'],
      [null, '/markets'],
      [admin, '/admin'],
    ];
    for (const [who, path] of pages) {
      const page = await pageAt(PHONE, who, path);
      await page.locator('main, .trade-page').first().waitFor();
      await page.waitForLoadState('networkidle');
      // The dashboard's trades, the orders' history: their widest tabs.
      if (path === '/dashboard') await page.getByRole('tab', { name: 'Trade History' }).click();
      if (path === '/orders') await page.getByRole('tab', { name: 'Trade History' }).click();
      expect({ path, ...(await clipped(page)) }).toEqual({ path, page: 0, bad: [] });
      await page.screenshot({ path: `/tmp/consistency-phone${path.replace(/\//g, '-')}.png` });
      await page.context().close();
    }
  });
});
