import type { Browser, Page } from 'playwright-core';
import { decimalsOf, percent, quantity, signedUsd, usd } from '../../client/src/format';
import type { Portfolio } from '../../client/src/api/types';
import { openPage, storeToken, uniqueEmail } from './support/browser';
import { api, deskTrade, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(120_000);

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const BTC_TICK = '0.01';
const BTC_LOT = '0.00001';

/** How far the page scrolls sideways (0: not at all). */
const horizontalOverflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

describe("the trader's money views: the dashboard's balance card, the Assets page and the profile menu's Today's PnL", () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  const portfolioOf = (token: string) => api<Portfolio>(server, token, 'GET', '/account/assets');
  const rowOf = (portfolio: Portfolio, asset: string) => portfolio.assets.find((row) => row.asset === asset)!;

  /**
   * A funded trader who bought 0.01 BTC on the book from another at a round price, which is then the
   * last price: its average cost is that price plus the fee per coin, its PnL and Today's PnL the fee lost.
   */
  async function traderWithBitcoin(name: string): Promise<{ token: string; price: number }> {
    const seller = await registerTrader(server, `${name}'s Seller`, uniqueEmail('seller'));
    const token = await registerTrader(server, name, uniqueEmail('holder'));
    await verifyAndFund(server, seller, 5000);
    await verifyAndFund(server, token, 20000);
    await deskTrade(server, seller, 'BTCUSDT', 'buy', '0.02');
    const quotes = await api<Array<{ symbol: string; price: number }>>(server, null, 'GET', '/market/quotes');
    const price = Math.round(quotes.find((quote) => quote.symbol === 'BTCUSDT')!.price);
    const order = { symbol: 'BTCUSDT', type: 'limit', amount: 0.01, price };
    await api(server, seller, 'POST', '/trading/order', { ...order, side: 'sell' });
    await api(server, token, 'POST', '/trading/order', { ...order, side: 'buy' });
    return { token, price };
  }

  async function pageOf(token: string, size: { width: number; height: number }, path: string): Promise<Page> {
    const page = await openPage(browser, server.baseUrl);
    await page.setViewportSize(size);
    await page.goto('/');
    await storeToken(page, token);
    await page.goto(path);
    return page;
  }

  it.each([
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ])(
    "on %s, the dashboard's balance card shows total, available and in orders, and follows a new order",
    async (_what, size) => {
      const token = await registerTrader(server, 'Carded Carla', uniqueEmail('carla'));
      await verifyAndFund(server, token, 3000);
      await api(server, token, 'POST', '/withdraw/request?amount=100');
      const page = await pageOf(token, size, '/dashboard');

      const shows = async (portfolio: Portfolio) => {
        const dollars = rowOf(portfolio, 'USD');
        await page
          .getByTestId('balance')
          .filter({ hasText: usd(dollars.available) })
          .waitFor();
        await page
          .getByTestId('balance-available')
          .filter({ hasText: usd(dollars.available) })
          .waitFor();
        await page
          .getByTestId('balance-total')
          .filter({ hasText: usd(dollars.total) })
          .waitFor();
        await page
          .getByTestId('balance-in-orders')
          .filter({ hasText: usd(dollars.in_orders) })
          .waitFor();
      };
      const before = await portfolioOf(token);
      expect(rowOf(before, 'USD')).toMatchObject({
        total: '3000',
        available: '2900',
        in_orders: '0',
        withdrawing: '100',
      });
      await shows(before);
      await page.getByText('Withdrawing').waitFor();

      // An order placed elsewhere (a bot, another tab) moves the card without a reload.
      await api(server, token, 'POST', '/trading/order', {
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'limit',
        amount: 0.01,
        price: 1000,
      });
      const after = await portfolioOf(token);
      expect(Number(rowOf(after, 'USD').in_orders)).toBeGreaterThanOrEqual(10);
      await shows(after);
      expect(await horizontalOverflow(page)).toBe(0);
      await page.context().close();
    },
  );

  it.each([
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ])(
    "on %s, the profile menu's Today's PnL is the day's real figure, and its Assets entry opens each asset's value, average cost and PnL",
    async (_what, size) => {
      const { token, price } = await traderWithBitcoin('Holding Hana');
      const portfolio = await portfolioOf(token);
      const btc = rowOf(portfolio, 'BTC');
      const fee = Number(btc.average_cost) * 0.01 - price * 0.01;
      expect(fee).toBeGreaterThan(0);
      expect(Number(portfolio.portfolio.today_pnl)).toBeCloseTo(-fee, 8);
      expect(btc).toMatchObject({ total: '0.01', value_usd: String(price / 100) });

      const page = await pageOf(token, size, '/trade');
      await page.getByRole('button', { name: 'Profile menu' }).click();
      const todayPnl = `${signedUsd(portfolio.portfolio.today_pnl)} (${percent(portfolio.portfolio.today_pnl_percent)})`;
      await page.getByRole('menu').getByTestId('today-pnl').filter({ hasText: todayPnl }).waitFor();
      await page.getByRole('menu').getByRole('link', { name: 'Assets' }).click();
      await page.waitForURL('**/assets');
      // The router moves in a transition: the address changes before the page, and its title, are drawn.
      await page.waitForFunction("document.title.startsWith('Assets |')");

      await page
        .getByTestId('portfolio-value')
        .filter({ hasText: usd(portfolio.portfolio.value_usd) })
        .waitFor();
      await page
        .getByRole('region', { name: 'Estimated balance' })
        .getByTestId('today-pnl')
        .filter({ hasText: todayPnl })
        .waitFor();
      const row = page.getByTestId('asset-BTC');
      const cells = async () => (await row.locator('td').allTextContents()).map((text) => text.trim());
      await row.waitFor();
      expect(await cells()).toEqual([
        // The coin's icon, its code and name.
        'BTCBTCBitcoin',
        quantity(btc.total, BTC_LOT),
        quantity(btc.available, BTC_LOT),
        quantity(btc.in_orders, BTC_LOT),
        usd(btc.value_usd),
        usd(btc.average_cost, decimalsOf(BTC_TICK)),
        expect.stringMatching(/^-\$\d+\.\d\d \(-\d+\.\d\d%\)$/),
        'Trade',
      ]);
      expect((await cells())[6]).toContain(signedUsd(btc.pnl));
      await page.getByTestId('asset-USD').getByText('Deposit').waitFor();

      // Zero balances can be hidden; the table scrolls inside its card, never the page.
      await page.getByLabel('Hide zero balances').check();
      expect(await page.getByTestId('asset-ETH').count()).toBe(0);
      await page.getByTestId('asset-BTC').waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      if (size === PHONE) {
        const wrap = page.locator('.assets-list .table-wrap');
        expect(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      }

      // An order placed elsewhere moves the page without a reload: half is in orders, the average stays.
      await api(server, token, 'POST', '/trading/order', {
        symbol: 'BTCUSDT',
        side: 'sell',
        type: 'limit',
        amount: 0.005,
        price: price * 2,
      });
      await row
        .locator('td')
        .nth(3)
        .filter({ hasText: quantity('0.005', BTC_LOT) })
        .waitFor();
      expect((await cells())[5]).toBe(usd(btc.average_cost, decimalsOf(BTC_TICK)));
      await page.context().close();
    },
  );
});
