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
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function call<T>(
  baseUrl: string,
  token: string | null,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * A verified, funded trader who leaves a few resting orders and trades against them, so the book,
 * trades, candles and the user's lists have something to show. Returns the trader's credentials.
 */
async function seedMarket(baseUrl: string, admin: { email: string; password: string }) {
  const email = `seed-${Date.now()}@example.com`;
  const password = 'correct-horse-battery';
  const { token } = await call<{ token: string }>(baseUrl, null, 'POST', '/auth/register', {
    email,
    password,
    full_name: 'Seed Trader',
  });
  const { token: adminToken } = await call<{ token: string }>(baseUrl, null, 'POST', '/auth/login', admin);
  await call(baseUrl, token, 'POST', '/kyc/submit', { document_type: 'passport', document_data: TINY_PNG });
  const submissions = await call<{ id: string; status: string }[]>(baseUrl, adminToken, 'GET', '/admin/kyc');
  for (const k of submissions.filter((x) => x.status === 'pending')) {
    await call(baseUrl, adminToken, 'POST', `/admin/kyc/approve?kyc_id=${k.id}&admin_notes=`);
  }
  const deposit = await call<{ id: string }>(baseUrl, token, 'POST', '/deposit/request?amount=200000');
  await call(baseUrl, adminToken, 'POST', `/admin/deposit/approve?deposit_id=${deposit.id}&admin_notes=ok`);
  await call(baseUrl, token, 'POST', '/withdraw/request?amount=150');
  await call(baseUrl, adminToken, 'POST', '/admin/bank-account', {
    bank_name: 'First Exchange Bank',
    account_number: '0012 3456 7890',
    account_holder: 'CryptoExchange Ltd',
  });
  const applicant = await call<{ token: string }>(baseUrl, null, 'POST', '/auth/register', {
    email: `applicant-${Date.now()}@example.com`,
    password,
    full_name: 'Pending Applicant',
  });
  await call(baseUrl, applicant.token, 'POST', '/kyc/submit', { document_type: 'id_card', document_data: TINY_PNG });
  await call(baseUrl, token, 'POST', '/deposit/request?amount=500');

  const quotes = await call<{ symbol: string; price: number }[]>(baseUrl, null, 'GET', '/market/quotes');
  const btc = quotes.find((q) => q.symbol === 'BTCUSDT')?.price ?? 110000;
  await call(baseUrl, token, 'POST', `/trade?symbol=BTCUSDT&trade_type=buy&amount=1&price=${btc}`);
  const order = (side: string, price: number, amount: number, symbol = 'BTC/USDT') =>
    call(baseUrl, token, 'POST', '/trading/order', {
      symbol,
      side,
      type: 'limit',
      amount,
      price: Math.round(price * 100) / 100,
    }).catch((error: unknown) => console.warn('seed order refused:', (error as Error).message));
  for (let i = 1; i <= 8; i += 1) {
    await order('sell', btc * (1 + i * 0.0008), Number((0.01 * i).toFixed(5)));
    await order('buy', btc * (1 - i * 0.0008), Number((0.012 * i).toFixed(5)));
  }
  await order('buy', btc * 1.0009, 0.015);
  await order('sell', btc * 0.9991, 0.02);
  // A second pair's orders, for the lists that show every pair.
  const eth = quotes.find((q) => q.symbol === 'ETHUSDT')?.price ?? 4000;
  for (let i = 1; i <= 3; i += 1) await order('buy', eth * (1 - i * 0.002), 0.05, 'ETH/USDT');
  return { email, password };
}

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** `fullPage` false: the window only, where bars fixed to it would sit mid-page on a whole-page picture. */
async function shot(page: Page, name: string, settleMs = 800, fullPage = true): Promise<void> {
  await page.waitForTimeout(settleMs);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(`shot ${name}`);
}

/** The screen at 1440x900 as `name`, then at a phone's 390x844 as `phone-name`; the page is left at 1440x900. */
async function shotBothSizes(page: Page, name: string, settleMs = 800): Promise<void> {
  await shot(page, name, settleMs);
  await page.setViewportSize(PHONE);
  await shot(page, `phone-${name}`, 600);
  await page.setViewportSize(DESKTOP);
}

/** The trade screen on a phone: each tab, the order form opened from the bar, and the menu. */
async function shootPhoneTrade(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.goto('/trade');
  await shot(page, 'phone-trade-chart', 2000, false);
  for (const [tab, name] of [
    ['Order Book', 'book'],
    ['Trades', 'trades'],
    ['Markets', 'pairs'],
  ] as const) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await shot(page, `phone-trade-${name}`, 500, false);
  }
  await page.locator('.trade-bar').getByRole('button', { name: 'Buy' }).click();
  await shot(page, 'phone-trade-order-form', 500, false);
  await page.getByRole('dialog', { name: 'Place order' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await shot(page, 'phone-trade-menu', 400, false);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await shot(page, 'phone-trade-profile-menu', 800, false);
  await page.keyboard.press('Escape');
  await page.setViewportSize(DESKTOP);
}

/** Every tab of the admin page (and the KYC document dialog when there is a submission), named `prefix-tab`. */
async function shootAdminTabs(page: Page, prefix: string): Promise<void> {
  await shot(page, `${prefix}-users`);
  for (const [tab, name] of [
    ['Deposits', 'deposits'],
    ['Withdrawals', 'withdrawals'],
    ['KYC Submissions', 'kyc'],
    ['Bank Accounts', 'banks'],
    ['Markets', 'markets'],
    ['Fee Tiers', 'fee-tiers'],
    ['Earn', 'earn'],
    ['Limits', 'limits'],
    ['Audit Log', 'audit'],
    ['Ledger', 'ledger'],
  ] as const) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    if (name === 'ledger') await page.getByRole('button', { name: 'Run Check' }).click();
    await shot(page, `${prefix}-${name}`, 400);
    if (name === 'kyc' && (await page.getByRole('button', { name: 'View Document' }).count()) > 0) {
      await page.getByRole('button', { name: 'View Document' }).first().click();
      await shot(page, `${prefix}-kyc-dialog`, 800);
      await page.getByRole('button', { name: 'Close' }).click();
    }
  }
  await page.getByRole('tab', { name: 'Users', exact: true }).click();
  // The seeded trader has balances, orders and trades to show; without seeding, the newest user.
  const seeded = page.locator('tr.clickable', { hasText: 'Seed Trader' });
  await ((await seeded.count()) > 0 ? seeded : page.locator('tr.clickable')).first().click();
  await shot(page, `${prefix}-user-detail`, 600);
}

/** The Orders page: each tab at both sizes, and Cancel all's question. */
async function shootOrders(page: Page): Promise<void> {
  await page.goto('/orders');
  await shotBothSizes(page, 'orders-open', 1200);
  for (const [tab, name] of [
    ['Order History', 'history'],
    ['Trade History', 'trades'],
  ] as const) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await shotBothSizes(page, `orders-${name}`, 600);
  }
  await page.getByRole('tab', { name: 'Open Orders', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel all' }).click();
  await shot(page, 'orders-cancel-all', 400, false);
  await page.getByRole('button', { name: 'Back' }).click();
}

/** API Management with a trading key just created (its secret dialog), then with two keys, wide and at 390 px. */
async function shootApiManagement(page: Page): Promise<void> {
  await page.goto('/account/api');
  for (const [label, trading, addresses] of [
    ['Grid bot', true, '203.0.113.7, 2001:db8::1'],
    ['Portfolio tracker', false, ''],
  ] as const) {
    await page.getByLabel('Label').fill(label);
    if (trading) await page.getByLabel('Enable trading').check();
    await page.getByLabel('Restrict access to trusted IPs (optional)').fill(addresses);
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByRole('dialog', { name: 'Your new API key' }).waitFor();
    if (trading) await shot(page, 'api-keys-secret', 400);
    await page.getByRole('button', { name: 'I have saved my Secret Key' }).click();
  }
  await shot(page, 'api-keys', 400);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'narrow-api-keys', 400);
  await page.getByRole('button', { name: 'Revoke' }).first().click();
  await shot(page, 'narrow-api-keys-revoke', 400);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  let server: ExchangeServer | null = null;
  let baseUrl = process.env.BASE_URL;
  let admin = {
    email: process.env.ADMIN_EMAIL ?? 'admin@example.com',
    password: process.env.ADMIN_PASSWORD ?? 'admin-password-123',
  };
  if (!baseUrl) {
    server = await startExchangeServer({ MARKET_MAKER: 'on' });
    baseUrl = server.baseUrl;
    admin = server.admin;
  }
  const browser = await launchBrowser();
  try {
    const page = await openPage(browser, baseUrl);
    page.on('pageerror', (error) => console.error('page error:', error.message));
    for (const [name, route] of [
      ['landing', '/'],
      ['login', '/login'],
      ['register', '/register'],
      ['markets', '/markets'],
      ['buy-crypto', '/buy-crypto'],
      ['derivatives', '/derivatives'],
      ['earn', '/earn'],
    ] as const) {
      await page.goto(route);
      await shotBothSizes(page, name);
    }
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await shot(page, 'phone-menu', 400);
    await page.setViewportSize(DESKTOP);

    const seeded = await seedMarket(baseUrl, admin).catch((error: unknown) => {
      console.warn('seeding failed, screens will be emptier:', (error as Error).message);
      return null;
    });
    if (seeded) {
      await logIn(page, seeded.email, seeded.password);
      await page.waitForURL('**/trade');
      await page.goto('/dashboard');
    } else {
      await register(page, 'Screen Shot', uniqueEmail('shots'), 'correct-horse-battery');
    }
    await shotBothSizes(page, 'dashboard-deposits');
    for (const [tab, name] of [
      ['Withdrawals', 'withdrawals'],
      ['Trade History', 'trades'],
      ['KYC', 'kyc'],
    ] as const) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await shotBothSizes(page, `dashboard-${name}`, 400);
    }
    await page.goto('/assets');
    await shotBothSizes(page, 'assets', 1200);
    await page.goto('/settings');
    await shotBothSizes(page, 'settings');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await shotBothSizes(page, 'settings-two-factor-setup', 400);
    await page.goto('/referral');
    await shotBothSizes(page, 'referral');
    await page.goto('/trading');
    await shotBothSizes(page, 'trading', 1500);
    await page.getByRole('tab', { name: 'Forex' }).click();
    await shotBothSizes(page, 'trading-forex', 600);
    await page.goto('/trade');
    await shot(page, 'trade', 3000);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await shot(page, 'trade-profile-menu', 800);
    await page.goto('/trade?pair=ETHUSDT');
    await shot(page, 'trade-eth', 2500);
    await shootOrders(page);
    await shootApiManagement(page);
    await shootPhoneTrade(page);
    await page.context().close();

    const adminPage = await openPage(browser, baseUrl);
    await logIn(adminPage, admin.email, admin.password);
    await adminPage.waitForURL('**/admin');
    await shootAdminTabs(adminPage, 'admin');
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.goto('/admin');
    await shootAdminTabs(adminPage, 'narrow-admin');
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
