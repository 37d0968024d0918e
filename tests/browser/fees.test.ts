import type { Browser } from 'playwright-core';
import { launchBrowser, logIn, openPage, register, toast, uniqueEmail } from './support/browser';
import { startExchangeServer, type ExchangeServer } from './support/exchange-server';

jest.setTimeout(120_000);

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/fees-shots';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

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
    for (const viewport of VIEWPORTS) {
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

  it("the administrator's Fee Tiers tab edits the list; the schedule and the trader's tier follow", async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Tier Follower', uniqueEmail('tiers'), 'correct-horse-battery');
    for (const viewport of VIEWPORTS) {
      const admin = await openPage(browser, server.baseUrl);
      await admin.setViewportSize(viewport);
      await logIn(admin, server.admin.email, server.admin.password);
      await admin.waitForURL('**/admin');
      await admin.getByRole('tab', { name: 'Fee Tiers' }).click();
      const first = admin.getByTestId('fee-tier-0');
      await first.getByLabel('Name of tier 1').waitFor();
      const name = viewport.width > 500 ? 'Starter' : 'Newcomer';
      await first.getByLabel('Name of tier 1').fill(name);
      await first.getByLabel('Maker rate of tier 1').fill('0.0008');
      await first.getByText('0.08%').waitFor();
      // A tier whose volume is not above the one before is refused with the server's reason.
      await admin.getByRole('button', { name: 'Add Tier' }).click();
      const added = admin.getByTestId('fee-tier-5');
      await added.getByLabel('30-day volume from (USD) of tier 6').fill('10');
      await admin.getByRole('button', { name: 'Save Tiers' }).click();
      await toast(admin, 'Tier volumes must be in strictly ascending order').waitFor();
      await added.getByRole('button', { name: 'Remove' }).click();
      await admin.getByRole('button', { name: 'Save Tiers' }).click();
      await toast(admin, 'Fee tiers saved').waitFor();
      await admin.getByRole('button', { name: 'Save Tiers' }).and(admin.locator(':disabled')).waitFor();
      await admin.screenshot({ path: `${SHOTS}/admin-fee-tiers-${viewport.width}.png`, fullPage: true });
      await admin.context().close();

      // Every trader was placed again on the save: the trader's own tier is the renamed one.
      await trader.goto('/fees');
      await trader.getByTestId('fee-tiers').getByText(name).waitFor();
      await trader.getByTestId('fee-tiers').getByText('0.08%').first().waitFor();
      await trader.getByTestId('my-fee-tier').getByText(name).waitFor();
    }
    await trader.context().close();
  });
});
