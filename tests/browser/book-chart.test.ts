import type { Browser, Page } from 'playwright-core';
import { storeToken, uniqueEmail } from './support/browser';
import { api, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';
import { eventually } from '../support/eventually';

/**
 * The trade screen's book and chart to work with, on a desktop and a phone: the book grouped by
 * multiples of the tick, one side or both, the cumulative amounts and the buy/sell ratio, the
 * trader's own order marked; the depth chart; the chart's indicators and full screen.
 */
jest.setTimeout(240_000);

const SYMBOL = 'BNBUSDT'; // tick 0.01
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/book-chart-shots';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

let server: ExchangeServer;
let browser: Browser;
let trader: string;
/** The trader's own resting buy: between the maker's bids, so it has a level of its own. */
let ownPrice: number;

withExchangeAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

/** A maker's 12 asks and 12 bids at uneven steps around the market's price, and the trader's own bid. */
beforeAll(async () => {
  const maker = await registerTrader(server, 'Maker Mia', uniqueEmail('maker'));
  trader = await registerTrader(server, 'Trader Tess', uniqueEmail('trader'));
  await verifyAndFund(server, maker, 200_000);
  await verifyAndFund(server, trader, 100_000);
  const quotes = await api<{ symbol: string; price: number }[]>(server, null, 'GET', '/market/quotes');
  const mid = Math.round(quotes.find((q) => q.symbol === SYMBOL)!.price);
  await api(server, maker, 'POST', `/trade?symbol=${SYMBOL}&trade_type=buy&amount=3&price=${mid}`);
  const order = (token: string, side: 'buy' | 'sell', price: number, amount: number) =>
    api(server, token, 'POST', '/trading/order', {
      symbol: SYMBOL,
      side,
      type: 'limit',
      amount: amount.toFixed(3),
      price: price.toFixed(2),
    });
  for (let i = 0; i < 12; i++) {
    await order(maker, 'sell', mid + 1.03 + i * 0.37, 0.1 + i * 0.01);
    await order(maker, 'buy', mid - 1.01 - i * 0.43, 0.2 + i * 0.01);
  }
  ownPrice = Number((mid - 2.09).toFixed(2));
  await order(trader, 'buy', ownPrice, 0.05);
});

type Row = { price: number; quantity: number; cumulative: number; own: boolean; bid: boolean };

const rows = (page: Page) =>
  page.evaluate(`[...document.querySelectorAll('[data-testid="order-book"] tr[data-price]')].map((row) => ({
    price: Number(row.dataset.price),
    quantity: Number(row.dataset.quantity),
    cumulative: Number(row.dataset.cumulative),
    own: row.dataset.own === 'true',
    bid: row.querySelector('td').classList.contains('up'),
  }))`) as Promise<Row[]>;

async function openTrade(size: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: size });
  const page = await context.newPage();
  await page.goto('/');
  await storeToken(page, trader);
  await page.goto(`/trade?pair=${SYMBOL}`);
  await until(page, "document.title.includes('| BNBUSDT |')");
  return page;
}

/** Waits until an expression is true in the page (read over the debugging protocol: the page's CSP forbids eval). */
const until = (page: Page, expression: string) =>
  eventually(async () => ((await page.evaluate(expression)) ? true : undefined), 10_000, expression);

const phone = (size: { width: number }) => size.width < 600;
const showPane = async (page: Page, size: { width: number }, tab: 'Chart' | 'Order Book') => {
  if (phone(size)) await page.getByRole('tab', { name: tab, exact: true }).click();
};

describe.each(SIZES)('at $width x $height', (size) => {
  it('groups the book by the tick, shows a side or both, the sums, the ratio and the own order', async () => {
    const page = await openTrade(size);
    await showPane(page, size, 'Order Book');
    const book = page.getByTestId('order-book');
    await book.locator('tr[data-own="true"]').waitFor();

    // At the tick: the exchange's levels, the own order's price marked.
    const exact = await rows(page);
    expect(exact.filter((r) => r.own).map((r) => [r.price, r.bid])).toEqual([[ownPrice, true]]);
    const depth = await api<{ bids: number[][]; asks: number[][] }>(
      server,
      null,
      'GET',
      `/market/depth?symbol=${SYMBOL}&limit=100`,
    );

    // At 0.1: every price a multiple of 0.1, bids rounded down and asks up, amounts summed.
    await book.getByLabel('Price grouping').selectOption('0.1');
    await until(
      page,
      `[...document.querySelectorAll('[data-testid="order-book"] tr[data-price]')].every((row) => Math.abs(row.dataset.price * 10 - Math.round(row.dataset.price * 10)) < 1e-9)`,
    );
    const grouped = await rows(page);
    const step = (price: number, bid: boolean) =>
      (bid ? Math.floor(price * 10 + 1e-9) : Math.ceil(price * 10 - 1e-9)) / 10;
    for (const row of grouped) {
      const levels = (row.bid ? depth.bids : depth.asks).filter(([price]) => step(price, row.bid) === row.price);
      expect(levels.length).toBeGreaterThan(0);
      expect(row.quantity).toBeCloseTo(
        levels.reduce((sum, [, quantity]) => sum + quantity, 0),
        6,
      );
    }
    expect(grouped.filter((r) => r.own).map((r) => r.price)).toEqual([step(ownPrice, true)]);

    // The running sums from the best price, and the hovered row's sums.
    const bids = grouped.filter((r) => r.bid);
    const asks = grouped.filter((r) => !r.bid).reverse();
    let sum = 0;
    for (const row of bids) expect(row.cumulative).toBeCloseTo((sum += row.quantity), 6);
    await book
      .locator('tr[data-price]')
      .filter({ has: page.locator('td.up') })
      .nth(2)
      .hover();
    const tip = page.getByTestId('book-sum');
    await tip.getByText('Sum BNB:').waitFor();
    expect(await tip.innerText()).toContain(bids[2].cumulative.toFixed(3));

    // B and S: the shares of the amount on each side.
    const total = (list: Row[]) => list.reduce((s, r) => s + r.quantity, 0);
    const bidShare = Math.round((total(bids) / (total(bids) + total(asks))) * 100);
    const ratio = (await page.getByTestId('book-ratio').innerText()).replace(/\s+/g, ' ');
    expect(ratio).toBe(`B ${bidShare}% ${100 - bidShare}% S`);
    await page.screenshot({ path: `${SHOTS}/book-grouped-${size.width}.png` });

    // One side only: the other side's rows are gone, more of the side shown.
    await book.getByRole('button', { name: 'Bids only' }).click();
    await until(page, `!document.querySelector('[data-testid="order-book"] tr[data-price] td.down')`);
    expect((await rows(page)).length).toBeGreaterThan(bids.length);
    await page.screenshot({ path: `${SHOTS}/book-bids-${size.width}.png` });
    await book.getByRole('button', { name: 'Asks only' }).click();
    await until(page, `!document.querySelector('[data-testid="order-book"] tr[data-price] td.up')`);
    expect((await rows(page)).every((r) => !r.bid)).toBe(true);
    await book.getByRole('button', { name: 'Bids and asks' }).click();
    await until(page, `document.querySelector('[data-testid="order-book"] tr[data-price] td.up')`);
    await page.context().close();
  });

  it('draws the depth chart, toggles indicators and enters and leaves full screen', async () => {
    const page = await openTrade(size);
    await showPane(page, size, 'Chart');
    const legend = page.getByTestId('chart-legend');
    await legend.locator('[data-indicator="MA"]').first().waitFor();

    // RSI on: its legend and a pane of its own; MA off: its legend gone.
    const panes = () => page.locator('[data-testid="price-chart"] .tv-lightweight-charts table > tr').count();
    const before = await panes();
    await page.getByRole('button', { name: 'Indicators' }).click();
    const list = page.getByRole('group', { name: 'Indicators' });
    await list.getByLabel('RSI (14)').check();
    await list.getByLabel('Bollinger bands (20, 2)').check();
    await list.getByLabel('MA (7, 25, 99)').uncheck();
    await legend.locator('[data-indicator="RSI"]').waitFor();
    await legend.locator('[data-indicator="BOLL"]').first().waitFor();
    expect(await legend.locator('[data-indicator="MA"]').count()).toBe(0);
    expect(await panes()).toBeGreaterThan(before);
    await page.screenshot({ path: `${SHOTS}/chart-indicators-${size.width}.png` });
    await page.getByRole('button', { name: 'Indicators' }).click();
    // The choice stays on this browser.
    await page.reload();
    await showPane(page, size, 'Chart');
    await legend.locator('[data-indicator="RSI"]').waitFor();
    expect(await legend.locator('[data-indicator="MA"]').count()).toBe(0);

    // Full screen: the panel fills the screen; the exit button leaves it.
    await page.getByRole('button', { name: 'Full screen' }).click();
    await until(page, 'document.fullscreenElement?.classList.contains("chart-panel")');
    await page.getByRole('button', { name: 'Exit full screen' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/chart-full-${size.width}.png` });
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await until(page, 'document.fullscreenElement === null');
    await page.getByRole('button', { name: 'Full screen' }).waitFor();

    // Depth: green bids and red asks drawn on the canvas.
    await page.getByRole('tab', { name: 'Depth' }).click();
    await page.getByTestId('depth-chart').locator('canvas').waitFor();
    const colours = () =>
      page.evaluate(`(() => {
        const canvas = document.querySelector('[data-testid="depth-chart"] canvas');
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        let green = 0;
        let red = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3] === 0) continue;
          if (data[i + 1] > data[i] + 60) green++;
          if (data[i] > data[i + 1] + 60) red++;
        }
        return { green, red };
      })()`) as Promise<{ green: number; red: number }>;
    // Drawn once the canvas has its size: a frame or two after it shows.
    await eventually(
      async () => {
        const { green, red } = await colours();
        return green > 500 && red > 500 ? true : undefined;
      },
      10_000,
      'bids and asks drawn',
    );
    await page.screenshot({ path: `${SHOTS}/depth-${size.width}.png` });
    await page.context().close();
  });
});
