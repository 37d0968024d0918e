import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, register, uniqueEmail } from './support/browser';
import { startExchangeServer, type ExchangeServer } from './support/exchange-server';

jest.setTimeout(120_000);

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/fees-shots';

describe('the fee schedule page', () => {
  let server: ExchangeServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startExchangeServer({ MARKET_FEED: 'off' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("lists the tiers from the footer's Fees link, with the trader's own tier, as the profile menu's VIP level", async () => {
    const page = await openPage(browser, server.baseUrl);
    await register(page, 'Fee Reader', uniqueEmail('fees'), 'correct-horse-battery');
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/markets');
      await page.getByRole('link', { name: 'Fees', exact: true }).click();
      await page.waitForURL('**/fees');
      const table = page.getByTestId('fee-tiers');
      await table.getByText('Regular User').waitFor();
      await table.getByText('VIP 4').waitFor();
      await table.getByText('0.1%').first().waitFor();
      await page.getByTestId('my-fee-tier').getByText('Regular User').waitFor();
      await page.screenshot({ path: `${SHOTS}/fees-${viewport.width}.png`, fullPage: true });
      // The profile menu's VIP level is the tier the server answers ('--' until it has answered).
      await page.getByRole('button', { name: 'Profile menu' }).click();
      await page
        .getByRole('menu')
        .getByTestId('vip-level')
        .filter({ hasText: /^Regular User$/ })
        .waitFor();
      await page.screenshot({ path: `${SHOTS}/fees-menu-${viewport.width}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
    await page.context().close();
  });
});
