import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, storeToken, uniqueEmail } from './support/browser';
import { api, registerTrader, verifyAndFund } from './support/exchange-api';
import { startExchangeServer, type ExchangeServer } from './support/exchange-server';
import { eventually } from '../support/eventually';

/**
 * The trade screen's order book is the exchange's book, exactly: a snapshot and then the market
 * room's depth updates, while the market maker requotes and traders place, fill and cancel orders.
 * A lost update makes it fetch a fresh snapshot.
 */
jest.setTimeout(180_000);

const SYMBOL = 'XRPUSDT';
let server: ExchangeServer;
let browser: Browser;
let token: string;
let viewerToken: string;

beforeAll(async () => {
  // The market maker quotes and requotes every book: changes the screen did not cause.
  server = await startExchangeServer({ MARKET_MAKER: 'on', MARKET_FEED_SEED: '17' });
  browser = await launchBrowser();
  token = await registerTrader(server, 'Book Betty', uniqueEmail('book'));
  await verifyAndFund(server, token, 100_000);
  viewerToken = await registerTrader(server, 'Viewer Vera', uniqueEmail('viewer'));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Levels = { bids: number[][]; asks: number[][] };

/** What the page shows, read in one go: the update id it is as of, and its rows best first. */
const shownBook = (page: Page) =>
  page.evaluate(`(() => {
    const book = document.querySelector('[data-testid="order-book"]');
    const rows = [...book.querySelectorAll('tr[data-price]')].map((row) => ({
      level: [Number(row.dataset.price), Number(row.dataset.quantity)],
      bid: row.querySelector('td').classList.contains('up'),
    }));
    return {
      updateId: book.dataset.updateId === undefined ? null : Number(book.dataset.updateId),
      bids: rows.filter((r) => r.bid).map((r) => r.level),
      asks: rows.filter((r) => !r.bid).map((r) => r.level).reverse(),
    };
  })()`) as Promise<Levels & { updateId: number | null }>;

/** Waits until the page shows the book as of the exchange's depth at that moment, and expects them equal. */
async function expectExact(page: Page) {
  const [shown, depth] = await eventually(
    async () => {
      const onPage = await shownBook(page);
      const rest = await api<Levels & { last_update_id: number }>(
        server,
        null,
        'GET',
        `/market/depth?symbol=${SYMBOL}&limit=10`,
      );
      return onPage.updateId === rest.last_update_id ? [onPage, rest] : undefined;
    },
    30_000,
    'the page at the update id of the depth',
  );
  expect({ bids: shown.bids, asks: shown.asks }).toEqual({ bids: depth.bids, asks: depth.asks });
  return shown;
}

/** The trade screen of a signed-in viewer (the screen is for traders). */
async function openTrade(page: Page) {
  await page.goto('/');
  await storeToken(page, viewerToken);
  await page.goto(`/trade?pair=${SYMBOL}`);
  await page.getByText('● Live').waitFor();
  await page.locator('[data-testid="order-book"][data-update-id]').waitFor();
}

/** Orders that rest, fill and are cancelled around the book's best prices. */
async function tradeAround(rounds: number) {
  const depth = await api<Levels>(server, null, 'GET', `/market/depth?symbol=${SYMBOL}&limit=1`);
  const bid = depth.bids[0]?.[0] ?? 2.4;
  const ask = depth.asks[0]?.[0] ?? 2.6;
  // A refusal (a sell of what the buy before could not get) is part of a busy book's life.
  const order = (side: 'buy' | 'sell', price: number, amount: number) =>
    api<{ id: string; status: string }>(server, token, 'POST', '/trading/order', {
      symbol: SYMBOL,
      side,
      type: 'limit',
      amount,
      price: price.toFixed(4),
    }).catch(() => ({ id: '', status: 'refused' }));
  for (let i = 0; i < rounds; i++) {
    const resting = await order('buy', bid - 0.001 * (i % 5), 10 + i);
    await order('buy', ask, 5); // takes from the maker's best ask
    await order('sell', ask + 0.002 * (i % 3), 5); // rests on the asks with what was bought
    if (i % 2 === 0 && resting.status === 'new')
      await api(server, token, 'DELETE', '/trading/order', { order_id: resting.id });
  }
}

it('shows exactly the levels the exchange has, after many changes', async () => {
  const page = await openPage(browser, server.baseUrl);
  await openTrade(page);
  await expectExact(page);
  const before = (await shownBook(page)).updateId!;
  await tradeAround(12);
  const after = await expectExact(page);
  expect(after.updateId!).toBeGreaterThan(before);
  expect(after.bids.length + after.asks.length).toBeGreaterThan(0);
  await page.context().close();
});

it('a depth update lost on the way shows as a gap: the page fetches a fresh snapshot and is exact again', async () => {
  const page = await openPage(browser, server.baseUrl);
  let dropping = false;
  let dropped = 0;
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    const toServer = socket.connectToServer();
    toServer.onMessage((message) => {
      // One packet carrying a depth update goes missing, as a message lost between the processes would.
      if (dropping && typeof message === 'string' && message.includes('first_update_id')) {
        dropping = false;
        dropped++;
        return;
      }
      socket.send(message);
    });
  });
  await openTrade(page);
  await expectExact(page);
  const snapshots: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/market/depth')) snapshots.push(request.url());
  });
  dropping = true;
  await tradeAround(4);
  await eventually(async () => (dropped === 1 ? true : undefined), 20_000, 'a depth update dropped');
  await tradeAround(2);
  await eventually(async () => (snapshots.length > 0 ? true : undefined), 20_000, 'a fresh snapshot');
  await expectExact(page);
  await page.context().close();
});
