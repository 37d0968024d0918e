import type { Browser, Page } from 'playwright-core';
import { openPage, register, storedToken, storeToken, toast, uniqueEmail } from './support/browser';
import { adminToken, api, deskTrade, registerTrader, TINY_PNG, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';
import { VENUE_BANK_ACCOUNT } from '../support/venue-bank-account';

jest.setTimeout(120_000);

const PHONE = { width: 390, height: 844 };

/** A page of the trader with this token, on `path`, its socket connected. */
async function traderPage(browser: Browser, server: ExchangeServer, token: string, path: string): Promise<Page> {
  const page = await openPage(browser, server.baseUrl);
  await page.goto('/');
  await storeToken(page, token);
  await page.goto(path);
  return page;
}

/** Whether a click at the middle of the link or button named `name` would reach it (no toast over it). */
async function uncovered(page: Page, role: 'link' | 'button', name: string): Promise<boolean> {
  const box = (await page.getByRole(role, { name, exact: true }).first().boundingBox())!;
  const reached = await page.evaluate<string | null>(`(() => {
    const hit = document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2});
    const control = hit && hit.closest('a, button');
    return control ? control.getAttribute('aria-label') || control.textContent.trim() : null;
  })()`);
  return reached === name;
}

/** The top of the first toast showing `text`, and where the screen's header ends on screen. */
async function toastAndHeader(page: Page, text: string) {
  const shown = page.locator('.notistack-MuiContent', { hasText: text }).first();
  await shown.waitFor();
  // Toasts slide in: measure where they come to rest.
  await page.waitForTimeout(600);
  const toastBox = (await shown.boundingBox())!;
  const headerBox = (await page.locator('header').first().boundingBox())!;
  // A header scrolled out of sight ends above the screen: the screen's top is free.
  return { toastTop: toastBox.y, headerBottom: Math.max(0, headerBox.y + headerBox.height) };
}

describe('toasts and notices', () => {
  let server: ExchangeServer;
  let browser: Browser;

  /** An order on SOLUSDT through the API; a market order's price is null. */
  const solOrder = (token: string, side: 'buy' | 'sell', amount: number, price: string | null) =>
    api<{ status: string; fills: unknown[] }>(server, token, 'POST', '/trading/order', {
      symbol: 'SOL/USDT',
      side,
      type: price === null ? 'market' : 'limit',
      amount,
      price,
    });

  /** Two verified traders with dollars: one to rest orders, one to take them with SOL it bought from the desk. */
  async function makerAndTaker(makerName: string, takerName: string, takerSol: number) {
    const makerToken = await registerTrader(server, makerName, uniqueEmail('maker'));
    const takerToken = await registerTrader(server, takerName, uniqueEmail('taker'));
    await verifyAndFund(server, makerToken, 5000);
    await verifyAndFund(server, takerToken, 5000);
    // SOL bought from the house desk, for the taker to sell.
    await deskTrade(server, takerToken, 'SOLUSDT', 'buy', takerSol);
    return { makerToken, takerToken };
  }

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  it.each([
    ['a desktop', { width: 1440, height: 900 }],
    ['a phone', PHONE],
  ])("on %s, a toast sits below the dashboard's header and leaves its Logout button clickable", async (_what, size) => {
    const page = await openPage(browser, server.baseUrl);
    await page.setViewportSize(size);
    await register(page, 'Toast Tess', uniqueEmail('tess'), 'correct-horse-battery');
    await page.getByLabel('Amount (USD)').fill('25');
    await page.getByRole('button', { name: 'Request Deposit' }).click();
    // The form sits below the bank details: back to the header, which the toast must leave clear.
    await page.evaluate('window.scrollTo(0, 0)');

    const { toastTop, headerBottom } = await toastAndHeader(page, 'Deposit request submitted!');
    expect(toastTop).toBeGreaterThanOrEqual(headerBottom);
    expect(await uncovered(page, 'button', 'Logout')).toBe(true);
    await page.context().close();
  });

  it('on a phone scrolled down, the header stays on top and toasts sit below it', async () => {
    const page = await openPage(browser, server.baseUrl);
    await page.setViewportSize(PHONE);
    await register(page, 'Scrolling Sid', uniqueEmail('sid'), 'correct-horse-battery');
    const token = (await storedToken(page))!;
    const deposit = await api<{ id: string }>(server, token, 'POST', '/deposit/request?amount=30');
    await page.getByText('$30.00').waitFor();
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    expect(await page.evaluate('window.scrollY')).toBeGreaterThan(0);
    const header = (await page.locator('header').first().boundingBox())!;
    expect(header.y).toBe(0);

    await api(server, await adminToken(server), 'POST', `/admin/deposit/approve?deposit_id=${deposit.id}&admin_notes=`);
    const { toastTop, headerBottom } = await toastAndHeader(page, 'Deposit approved');
    expect(toastTop).toBeGreaterThanOrEqual(headerBottom);
    await page.context().close();
  });

  it('on the trade screen, a toast sits below the header and the Buy / Sell switch: each stays clickable', async () => {
    const token = await registerTrader(server, 'Header Hal', uniqueEmail('hal'));
    await verifyAndFund(server, token, 100);
    const page = await traderPage(browser, server, token, '/trade');
    await page.getByText('● Live').waitFor();
    await page.getByTestId('order-form').getByRole('button', { name: 'Buy BTC' }).click();

    const { toastTop, headerBottom } = await toastAndHeader(page, 'Please fill all required fields');
    expect(toastTop).toBeGreaterThanOrEqual(headerBottom);
    expect(await uncovered(page, 'link', 'Wallet')).toBe(true);
    expect(await uncovered(page, 'button', 'Profile menu')).toBe(true);
    expect(await uncovered(page, 'button', 'Buy')).toBe(true);
    expect(await uncovered(page, 'button', 'Sell')).toBe(true);
    await page.context().close();
  });

  it("a market order's thirty fills are one notice for its owner, and one for the owner of the thirty orders it took", async () => {
    const { makerToken, takerToken } = await makerAndTaker('Maker May', 'Taker Tom', 3.5);
    for (let i = 0; i < 30; i++) await solOrder(makerToken, 'buy', 0.1, (150 - i * 0.01).toFixed(2));

    const maker = await traderPage(browser, server, makerToken, '/trade?pair=SOLUSDT');
    const taker = await traderPage(browser, server, takerToken, '/dashboard');
    await maker.getByText('● Live').waitFor();
    await maker.getByRole('tab', { name: 'Open Orders(30)' }).waitFor();
    await taker.getByText('Welcome back').waitFor();
    // The taker's dashboard is live once a push reaches it.
    const deposit = await api<{ id: string }>(server, takerToken, 'POST', '/deposit/request?amount=1');
    await api(server, await adminToken(server), 'POST', `/admin/deposit/approve?deposit_id=${deposit.id}&admin_notes=`);
    await toast(taker, 'Deposit approved').waitFor();

    const sold = await solOrder(takerToken, 'sell', 3, null);
    expect(sold.status).toBe('filled');
    expect(sold.fills).toHaveLength(30);

    await toast(taker, 'SELL SOL/USDT order filled').waitFor();
    await toast(maker, '30 orders filled').waitFor();
    await maker.getByRole('tab', { name: 'Open Orders(0)' }).waitFor();
    // Later pushes arrive after the fills' (one bus, in order), and notices show in order: a notice per
    // fill would queue thirty before this one (three show at a time, each for 4 s), so it would not show.
    for (const [page, token] of [
      [taker, takerToken],
      [maker, makerToken],
    ] as const) {
      const later = await api<{ id: string }>(server, token, 'POST', '/withdraw/request?amount=2');
      await api(
        server,
        await adminToken(server),
        'POST',
        `/admin/withdrawal/reject?withdrawal_id=${later.id}&admin_notes=`,
      );
      await toast(page, 'Withdrawal rejected').waitFor({ timeout: 10_000 });
      expect(await toast(page, 'filled').count()).toBeLessThanOrEqual(1);
    }
    await maker.context().close();
    await taker.context().close();
  });

  it('a resting order taken in part is told as partially filled', async () => {
    const { makerToken, takerToken } = await makerAndTaker('Resting Rita', 'Hitting Hank', 1);
    await solOrder(makerToken, 'buy', 1, '150');
    const maker = await traderPage(browser, server, makerToken, '/trade?pair=SOLUSDT');
    await maker.getByText('● Live').waitFor();
    await maker.getByRole('tab', { name: 'Open Orders(1)' }).waitFor();

    await solOrder(takerToken, 'sell', 0.4, null);
    await toast(maker, 'BUY SOL/USDT order partially filled').waitFor();
    await maker.context().close();
  });

  it('deposits, withdrawals and KYC decided by an administrator are told on any screen', async () => {
    const token = await registerTrader(server, 'Decided Dora', uniqueEmail('dora'));
    const admin = await adminToken(server);
    const page = await traderPage(browser, server, token, '/trade');
    await page.getByText('● Live').waitFor();

    await api(server, token, 'POST', '/kyc/submit', {
      document_type: 'passport',
      document_data: TINY_PNG.toString('base64'),
    });
    const submission = (await api<Array<{ id: string; status: string }>>(server, admin, 'GET', '/admin/kyc')).find(
      (item) => item.status === 'pending',
    )!;
    await api(server, admin, 'POST', `/admin/kyc/approve?kyc_id=${submission.id}&admin_notes=`);
    await toast(page, 'KYC approved').waitFor();

    const deposit = await api<{ id: string }>(server, token, 'POST', '/deposit/request?amount=40');
    await api(server, admin, 'POST', `/admin/deposit/approve?deposit_id=${deposit.id}&admin_notes=`);
    await toast(page, 'Deposit approved').waitFor();

    const withdrawal = await api<{ id: string }>(server, token, 'POST', '/withdraw/request?amount=15');
    await api(server, admin, 'POST', `/admin/withdrawal/reject?withdrawal_id=${withdrawal.id}&admin_notes=no`);
    await toast(page, 'Withdrawal rejected').waitFor();
    // A request of their own, still pending, is no news.
    expect(await toast(page, 'pending').count()).toBe(0);
    await page.context().close();
  });

  it("the dashboard's bank accounts follow the administrator's changes without a reload", async () => {
    const admin = await adminToken(server);
    const kept = await api<{ id: string }>(server, admin, 'POST', '/admin/bank-account', {
      bank_name: 'Kept Bank',
      account_number: '1111 2222',
      account_holder: 'Venue Ltd',
    });
    const page = await openPage(browser, server.baseUrl);
    await register(page, 'Paying Pam', uniqueEmail('pam'), 'correct-horse-battery');
    const accounts = page.locator('.bank-card');
    await accounts.filter({ hasText: 'Kept Bank' }).waitFor();

    const added = await api<{ id: string }>(server, admin, 'POST', '/admin/bank-account', {
      bank_name: 'Added Bank',
      account_number: '3333 4444',
      account_holder: 'Venue Ltd',
    });
    await accounts.filter({ hasText: 'Added Bank' }).waitFor();

    await api(server, admin, 'POST', `/admin/bank-account/${kept.id}/toggle`);
    await accounts.filter({ hasText: 'Kept Bank' }).waitFor({ state: 'detached' });
    await api(server, admin, 'DELETE', `/admin/bank-account/${added.id}`);
    await accounts.filter({ hasText: 'Added Bank' }).waitFor({ state: 'detached' });
    // The venue's own account (the test server opens with one) is all that is left.
    expect(await accounts.allTextContents()).toEqual([expect.stringContaining(VENUE_BANK_ACCOUNT.bank_name)]);
    await page.context().close();
  });

  it("a suspended trader's open page signs out at once and says why", async () => {
    const page = await openPage(browser, server.baseUrl);
    await register(page, 'Suspended Sue', uniqueEmail('sue'), 'correct-horse-battery');
    const me = await api<{ id: string }>(server, (await storedToken(page))!, 'GET', '/auth/me');
    await page.goto('/trade');
    await page.getByText('● Live').waitFor();

    await api(server, await adminToken(server), 'POST', `/admin/user/suspend?user_id=${me.id}`);
    await toast(page, 'Account suspended').waitFor();
    await page.waitForURL('**/login');
    expect(await storedToken(page)).toBeNull();
    await page.context().close();
  });

  it("the administrator's Total Users counter and Users tab count a registration as it happens", async () => {
    const admin = await openPage(browser, server.baseUrl);
    await admin.goto('/');
    await storeToken(admin, await adminToken(server));
    await admin.goto('/admin');
    const counter = admin.getByTestId('counter-Total Users');
    await admin.getByRole('tab', { name: 'Users' }).waitFor();
    await admin.getByRole('row').nth(1).waitFor();
    const before = Number(await counter.textContent());

    await registerTrader(server, 'Newcomer Nell', uniqueEmail('nell'));
    await counter.filter({ hasText: String(before + 1) }).waitFor();
    await admin.getByRole('row', { name: /Newcomer Nell/ }).waitFor();
    await admin.context().close();
  });
});
