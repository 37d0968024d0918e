import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, storeToken, uniqueEmail } from './support/browser';
import { registerTrader } from './support/exchange-api';
import { startExchangeServer, type ExchangeServer } from './support/exchange-server';
import { eventually } from '../support/eventually';

/**
 * A fresh install as `npm start` runs it (market maker and simulated takers on): the trade screen
 * opens on a full book, a day of statistics and a list of trades, and the trades keep coming.
 */
jest.setTimeout(180_000);

let server: ExchangeServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  server = await startExchangeServer({ MARKET_MAKER: 'on', MARKET_FLOW: 'on', MARKET_FEED_SEED: '19' });
  browser = await launchBrowser();
  token = await registerTrader(server, 'Viewer Vince', uniqueEmail('life'));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openTrade(page: Page, pair: string) {
  await page.goto('/');
  await storeToken(page, token);
  await page.goto(`/trade?pair=${pair}`);
  await page.locator('[data-testid="order-book"][data-update-id]').waitFor();
}

/** The book's rows as the page shows them, best first on each side. */
const shownBook = (page: Page) =>
  page.evaluate(`(() => {
    const rows = [...document.querySelectorAll('[data-testid="order-book"] tr[data-price]')].map((row) => ({
      price: Number(row.dataset.price),
      quantity: Number(row.dataset.quantity),
      bid: row.querySelector('td').classList.contains('up'),
    }));
    return { bids: rows.filter((r) => r.bid), asks: rows.filter((r) => !r.bid).reverse() };
  })()`) as Promise<Record<'bids' | 'asks', Array<{ price: number; quantity: number }>>>;

/** The market trades panel's rows: price, amount, time as shown. */
const shownTrades = (page: Page) =>
  page.locator('.trade-panel', { hasText: 'Market Trades' }).locator('tbody tr').allInnerTexts();

it('opens on ten levels a side of varied sizes around a tight spread, a day of volume and a list of trades', async () => {
  const page = await openPage(browser, server.baseUrl);
  await openTrade(page, 'BTCUSDT');
  const book = await eventually(
    async () => {
      const shown = await shownBook(page);
      return shown.bids.length === 10 && shown.asks.length === 10 ? shown : undefined;
    },
    30_000,
    'ten levels a side',
  );
  expect(new Set(book.asks.map((level) => level.quantity)).size).toBeGreaterThan(5);
  expect(new Set(book.bids.map((level) => level.quantity)).size).toBeGreaterThan(5);
  expect((book.asks[0]!.price - book.bids[0]!.price) / book.bids[0]!.price).toBeLessThan(0.001);
  const volume = await page
    .getByTestId('ticker-strip')
    .locator('.stat', { hasText: '24h Volume(USDT)' })
    .locator('.num')
    .innerText();
  expect(Number(volume.replace('M', ''))).toBeGreaterThan(0.5);
  expect((await shownTrades(page)).length).toBe(30);
  await page.context().close();
});

it('keeps showing new trades as the takers trade', async () => {
  const page = await openPage(browser, server.baseUrl);
  await openTrade(page, 'ETHUSDT');
  await page.locator('.trade-panel', { hasText: 'Market Trades' }).locator('tbody tr').first().waitFor();
  const first = await shownTrades(page);
  await eventually(
    async () => ((await shownTrades(page))[0] !== first[0] ? true : undefined),
    90_000,
    'a new trade on the screen',
  );
  await page.context().close();
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  it(`charts three months of daily candles and a month of 4-hour ones (${viewport.width}x${viewport.height})`, async () => {
    const page = await openPage(browser, server.baseUrl);
    await page.setViewportSize(viewport);
    await page.goto('/');
    await storeToken(page, token);
    // On a phone the book is behind a tab of its own: the chart is what this waits for.
    await page.goto('/trade?pair=BTCUSDT');
    const chart = page.getByTestId('price-chart');
    await chart.scrollIntoViewIfNeeded();
    /** The candles the chart is given for an interval: what it asks for when the interval is picked. */
    const candlesFor = async (interval: string) => {
      const answer = page.waitForResponse(
        (r) => r.url().includes('klines') && r.url().includes(`interval=${interval}`),
      );
      await page.locator('.chart-toolbar').getByRole('tab', { name: interval, exact: true }).click();
      const body: unknown[] = await (await answer).json();
      return body.map((k) => (Array.isArray(k) ? Number(k[0]) : (k as { time: number }).time));
    };
    const days = await candlesFor('1d');
    expect(days.length).toBeGreaterThanOrEqual(90);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/market-life-1d-${viewport.width}.png` });
    const fourHours = await candlesFor('4h');
    expect(Math.max(...fourHours) - Math.min(...fourHours)).toBeGreaterThanOrEqual(30 * 24 * 3_600_000);
    expect(await chart.getByText('No candles yet').count()).toBe(0);
    await page.context().close();
  });
}
