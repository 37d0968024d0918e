import type { Browser, Page } from 'playwright-core';
import { storeToken, uniqueEmail } from './support/browser';
import { adminToken, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

/**
 * Every page at a desktop's 1440x900 and a phone's 390x844: nothing wider than the screen (no
 * sideways scroll), and every heading clear of the screen's edges.
 */
jest.setTimeout(180_000);

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
/** The least room between a heading and the screen's edge. */
const EDGE = 12;

const PUBLIC_PAGES = ['/', '/login', '/register', '/markets', '/buy-crypto', '/derivatives', '/earn', '/fees'];
const TRADER_PAGES = [
  '/dashboard',
  '/trading',
  '/trade',
  '/settings',
  '/account/api',
  '/referral',
  '/orders',
  '/assets',
];
const ADMIN_PAGES = ['/admin'];

let server: ExchangeServer;
let browser: Browser;

withExchangeAndBrowser(
  (started, launched) => {
    server = started;
    browser = launched;
  },
  { MARKET_MAKER: 'on' },
);

interface Layout {
  /** How much wider than the screen the page is: 0 when nothing scrolls sideways. */
  overflow: number;
  /** Visible headings closer to an edge than EDGE, with their text and box. */
  crowded: string[];
}

const layoutOf = (page: Page) =>
  page.evaluate(`(() => {
    const crowded = [...document.querySelectorAll('h1, h2, h3, h4')]
      .map((h) => ({ text: h.textContent.trim(), r: h.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.left < ${EDGE} || r.right > innerWidth - ${EDGE}))
      .map(({ text, r }) => text + ' [' + Math.round(r.left) + ', ' + Math.round(r.right) + ']');
    return { overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth, crowded };
  })()`) as Promise<Layout>;

async function checkPages(paths: string[], token: string | null): Promise<void> {
  for (const size of SIZES) {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: size });
    const page = await context.newPage();
    await page.goto('/');
    if (token) await storeToken(page, token);
    for (const path of paths) {
      await page.goto(path);
      // The screen is up and its data in: lists and tables are at their width.
      await page.locator('main, .trade-page').first().waitFor();
      await page.waitForLoadState('networkidle');
      const layout = await layoutOf(page);
      expect({ page: `${path} ${size.name}`, ...layout }).toEqual({
        page: `${path} ${size.name}`,
        overflow: 0,
        crowded: [],
      });
    }
    await context.close();
  }
}

it('lays out every public page within the screen, at both sizes', async () => {
  await checkPages(PUBLIC_PAGES, null);
});

it("lays out every trader's page within the screen, at both sizes", async () => {
  const token = await registerTrader(server, 'Layout Lee', uniqueEmail('layout'));
  await verifyAndFund(server, token, 1000);
  await checkPages(TRADER_PAGES, token);
});

it("lays out the administrator's page within the screen, at both sizes", async () => {
  await checkPages(ADMIN_PAGES, await adminToken(server));
});
