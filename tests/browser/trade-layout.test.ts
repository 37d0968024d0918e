import type { Browser, Page } from 'playwright-core';
import { storeToken, uniqueEmail } from './support/browser';
import { api, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';
import { eventually } from '../support/eventually';

/**
 * The trade screen on a 1440x900 desktop: ten asks and ten bids of a deeper book, the whole screen
 * in the window (no page scroll), the three columns ending level with no empty space under them, and
 * long lists scrolling inside their panels.
 */
jest.setTimeout(180_000);

const SYMBOL = 'SOLUSDT';
const DESKTOP = { width: 1440, height: 900 };
/** More levels a side than the screen shows, and more trades than the panel has room for. */
const ASK_LEVELS = 14;
const BID_LEVELS = 12;
const TRADES = 30;

type Box = { top: number; bottom: number; left: number; right: number };

let server: ExchangeServer;
let browser: Browser;
let viewerToken: string;

withExchangeAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

/** A maker with 14 asks and 12 bids on the book, and a taker whose 30 buys fill against the asks. */
beforeAll(async () => {
  const maker = await registerTrader(server, 'Maker Mona', uniqueEmail('maker'));
  const taker = await registerTrader(server, 'Taker Tom', uniqueEmail('taker'));
  await verifyAndFund(server, maker, 100_000);
  await verifyAndFund(server, taker, 100_000);
  const quotes = await api<{ symbol: string; price: number }[]>(server, null, 'GET', '/market/quotes');
  const quote = quotes.find((q) => q.symbol === SYMBOL)!.price;
  await api(server, maker, 'POST', `/trade?symbol=${SYMBOL}&trade_type=buy&amount=5&price=${quote}`);

  const order = (token: string, side: 'buy' | 'sell', price: number, amount: number) =>
    api(server, token, 'POST', '/trading/order', { symbol: SYMBOL, side, type: 'limit', amount, price });
  for (let i = 0; i < ASK_LEVELS; i++) await order(maker, 'sell', 250 + i, 0.2);
  for (let i = 0; i < BID_LEVELS; i++) await order(maker, 'buy', 150 - i, 0.1);
  for (let i = 0; i < TRADES; i++) await order(taker, 'buy', 300, 0.025);
  viewerToken = await registerTrader(server, 'Viewer Vic', uniqueEmail('viewer'));
});

async function openTrade(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/');
  await storeToken(page, viewerToken);
  await page.goto(`/trade?pair=${SYMBOL}`);
  await page.locator('[data-testid="order-book"][data-update-id]').waitFor();
  await page
    .locator('.market-trades tbody tr')
    .nth(TRADES - 1)
    .waitFor();
  return page;
}

const box = (page: Page, selector: string) =>
  page.evaluate(`(() => {
    const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  })()`) as Promise<Box>;

it('shows the ten best asks and the ten best bids of a deeper book', async () => {
  const page = await openTrade();
  const depth = await api<{ bids: number[][]; asks: number[][] }>(
    server,
    null,
    'GET',
    `/market/depth?symbol=${SYMBOL}&limit=10`,
  );
  expect(depth.asks).toHaveLength(10);
  expect(depth.bids).toHaveLength(10);
  const shown = (await page.evaluate(`(() => {
    const rows = [...document.querySelectorAll('[data-testid="order-book"] tr[data-price]')];
    const side = (bid) => rows
      .filter((row) => row.querySelector('td').classList.contains('up') === bid)
      .map((row) => [Number(row.dataset.price), Number(row.dataset.quantity)]);
    return { asks: side(false).reverse(), bids: side(true) };
  })()`)) as { asks: number[][]; bids: number[][] };
  expect(shown).toEqual({ asks: depth.asks, bids: depth.bids });
  await page.context().close();
});

it('fits 1440x900 without a page scroll, every book row in sight', async () => {
  const page = await openTrade();
  const size = (await page.evaluate(
    '({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight })',
  )) as { width: number; height: number };
  expect(size.width).toBeLessThanOrEqual(DESKTOP.width);
  expect(size.height).toBeLessThanOrEqual(DESKTOP.height);

  const book = await box(page, '[data-testid="order-book"]');
  const rows = (await page.evaluate(`[...document.querySelectorAll('[data-testid="order-book"] tr[data-price]')]
    .map((row) => { const r = row.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; })`)) as Box[];
  expect(rows).toHaveLength(20);
  for (const row of rows) {
    expect(row.top).toBeGreaterThanOrEqual(book.top);
    expect(row.bottom).toBeLessThanOrEqual(Math.min(book.bottom, DESKTOP.height));
  }
  await page.context().close();
});

it('ends the three columns level at the bottom of the window, with no space left under them', async () => {
  const page = await openTrade();
  const columns = (await page.evaluate(`[...document.querySelectorAll('.trade-grid > .trade-col')].map((col) => ({
    column: col.getBoundingClientRect().bottom,
    panels: [...col.children].map((panel) => {
      const r = panel.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    }),
  }))`)) as { column: number; panels: { top: number; bottom: number }[] }[];
  expect(columns).toHaveLength(3);
  const bottoms = columns.map((c) => c.panels[c.panels.length - 1].bottom);
  // The grid's 4 px padding is all that separates the last panels from the window's edge.
  for (const bottom of bottoms) expect(Math.abs(bottom - (DESKTOP.height - 4))).toBeLessThanOrEqual(1);
  // Panels follow each other with only the 4 px gap between them: nothing empty within a column.
  for (const { panels } of columns)
    for (let i = 1; i < panels.length; i++)
      expect(Math.abs(panels[i].top - panels[i - 1].bottom - 4)).toBeLessThanOrEqual(1);
  await page.context().close();
});

it('scrolls a long list inside its panel, not the page', async () => {
  const page = await openTrade();
  const panelScroll = (what: string) =>
    page.evaluate(`document.querySelector('.market-trades').${what}`) as Promise<number>;
  expect((await panelScroll('scrollHeight')) - (await panelScroll('clientHeight'))).toBeGreaterThan(0);
  await page.locator('.market-trades').hover();
  await page.mouse.wheel(0, 400);
  await eventually(async () => ((await panelScroll('scrollTop')) > 0 ? true : undefined), 5000, 'the panel scrolled');
  expect(await page.evaluate('window.scrollY')).toBe(0);
  // Its column heads stay in sight while it scrolls.
  const head = await box(page, '.market-trades thead th');
  const panel = await box(page, '.market-trades');
  expect(head.top).toBeGreaterThanOrEqual(panel.top);
  expect(head.bottom).toBeLessThanOrEqual(panel.bottom);
  await page.context().close();
});
