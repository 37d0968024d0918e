/**
 * Screenshots of every screen for a visual check: `npx tsx tests/browser/screenshots.ts [outDir]`.
 * Starts its own exchange (market maker on, so books and candles are alive) unless BASE_URL is set.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, logIn, openPage, register, uniqueEmail } from './support/browser';
import { startExchangeServer, type ExchangeServer } from './support/exchange-server';

const OUT = path.resolve(process.argv[2] ?? '/tmp/shots');

async function shot(page: Page, name: string, settleMs = 800): Promise<void> {
  await page.waitForTimeout(settleMs);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
  console.log(`shot ${name}`);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  let server: ExchangeServer | null = null;
  let baseUrl = process.env.BASE_URL;
  let admin = { email: process.env.ADMIN_EMAIL ?? 'admin@example.com', password: process.env.ADMIN_PASSWORD ?? 'admin-password-123' };
  if (!baseUrl) {
    server = await startExchangeServer({ MARKET_MAKER: 'on' });
    baseUrl = server.baseUrl;
    admin = server.admin;
  }
  const browser = await launchBrowser();
  try {
    const page = await openPage(browser, baseUrl);
    page.on('pageerror', (error) => console.error('page error:', error.message));
    for (const [name, route] of [['landing', '/'], ['login', '/login'], ['register', '/register'], ['markets', '/markets'],
      ['buy-crypto', '/buy-crypto'], ['derivatives', '/derivatives'], ['earn', '/earn']] as const) {
      await page.goto(route);
      await shot(page, name);
    }

    await register(page, 'Screen Shot', uniqueEmail('shots'), 'correct-horse-battery');
    await shot(page, 'dashboard-deposits');
    for (const [tab, name] of [['Withdrawals', 'withdrawals'], ['Trade History', 'trades'], ['KYC', 'kyc']] as const) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await shot(page, `dashboard-${name}`, 400);
    }
    await page.goto('/trading');
    await shot(page, 'trading', 1500);
    await page.goto('/trade');
    await shot(page, 'trade', 3000);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await shot(page, 'trade-profile-menu', 800);
    await page.goto('/trade?pair=ETHUSDT');
    await shot(page, 'trade-eth', 2500);
    await page.setViewportSize({ width: 420, height: 900 });
    await page.goto('/dashboard');
    await shot(page, 'narrow-dashboard');
    await page.goto('/trade');
    await shot(page, 'narrow-trade', 2000);
    await page.context().close();

    const adminPage = await openPage(browser, baseUrl);
    await logIn(adminPage, admin.email, admin.password);
    await adminPage.waitForURL('**/admin');
    await shot(adminPage, 'admin-users');
    for (const [tab, name] of [['Deposits', 'deposits'], ['Withdrawals', 'withdrawals'], ['KYC Submissions', 'kyc'], ['Bank Accounts', 'banks']] as const) {
      await adminPage.getByRole('tab', { name: tab, exact: true }).click();
      await shot(adminPage, `admin-${name}`, 400);
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
