/**
 * The Referral page: a trader's code and link, a friend registering through the link, and the
 * commission on the friend's fee reaching the referrer's page, on a desktop and on a phone.
 */
import type { Browser, Page } from 'playwright-core';
import { fineUsd } from '../../client/src/format';
import { storedToken, storeToken, toast, uniqueEmail } from './support/browser';
import { api, deskTrade, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(180_000);

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/referral-shots';
const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];
/** The summary is read every 5 s and the sweep pays within about a second: well within this. */
const PAID_MS = 15_000;

describe('the Referral page', () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  /** A browser of its own (a friend's is not the referrer's), at `viewport`, signed in with `token` when given. */
  const pageAt = async (viewport: { width: number; height: number }, token?: string): Promise<Page> => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport,
      hasTouch: viewport.width < 600,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    if (token) {
      await page.goto('/');
      await storeToken(page, token);
    }
    return page;
  };

  /** A sell of 1 SOL at 200 resting on the book, from a trader nobody referred. */
  async function restingSell(): Promise<void> {
    const stranger = await registerTrader(server, 'Sam Stranger', uniqueEmail('stranger'));
    await verifyAndFund(server, stranger, 1000);
    await deskTrade(server, stranger, 'SOLUSDT', 'buy', 1);
    await api(server, stranger, 'POST', '/trading/order', {
      symbol: 'SOL/USDT',
      side: 'sell',
      type: 'limit',
      amount: 1,
      price: 200,
    });
  }

  const pageOverflow = (page: Page) =>
    page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  const tableOverflow = (page: Page) =>
    page.evaluate<number>(`(() => {
      const wrap = document.querySelector('[data-testid="referral-commissions"]').closest('.table-wrap');
      return wrap.scrollWidth - wrap.clientWidth;
    })()`);

  it.each(SIZES)(
    "a friend registers through the link and trades; the fee's commission shows on the referrer's page ($name)",
    async ({ name, viewport }) => {
      const referrer = await pageAt(viewport, await registerTrader(server, 'Rita Referrer', uniqueEmail('referrer')));
      await referrer.goto('/referral');
      await referrer
        .getByTestId('referral-terms')
        .filter({ hasText: 'You earn 20% of the trading fees of every trader who registers with your code.' })
        .waitFor();
      expect(await referrer.title()).toBe('Referral | CryptoExchange');
      const code = (await referrer.getByTestId('referral-code').textContent())!;
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      const link = (await referrer.getByTestId('referral-link').textContent())!;
      expect(link).toBe(`${server.baseUrl}/register?ref=${code}`);
      expect(await referrer.getByTestId('referral-rate').textContent()).toBe('20%');
      expect(await referrer.getByTestId('referral-count').textContent()).toBe('0');
      expect(await referrer.getByTestId('referral-earned').textContent()).toBe('$0.00');
      await referrer.getByTestId('referral-commissions').getByText('No commissions yet').waitFor();
      const copyLink = referrer
        .locator('.copy-field', { has: referrer.getByTestId('referral-link') })
        .getByRole('button');
      await copyLink.click();
      await copyLink.filter({ hasText: 'Copied' }).waitFor();
      expect(await referrer.evaluate<string>('navigator.clipboard.readText()')).toBe(link);
      await referrer.screenshot({ path: `${SHOTS}/referral-empty-${name}.png`, fullPage: true });

      // The friend, in a browser of their own, follows the link: the code is filled in.
      const friend = await pageAt(viewport);
      await friend.goto(link);
      const codeField = friend.getByLabel('Referral code');
      expect(await codeField.inputValue()).toBe(code);
      await friend.getByLabel('Full Name').fill('Fred Friend');
      await friend.getByLabel('Email').fill(uniqueEmail('friend'));
      await friend.getByLabel('Password').fill('correct-horse-battery');
      await friend.screenshot({ path: `${SHOTS}/referral-register-${name}.png`, fullPage: true });
      await friend.getByRole('button', { name: 'Register' }).click();
      await friend.waitForURL('**/dashboard');
      const friendToken = (await storedToken(friend))!;
      await referrer.getByTestId('referral-count').filter({ hasText: /^1$/ }).waitFor({ timeout: PAID_MS });

      // The friend takes a resting sell: the friend pays the taker's fee, a fifth of which is the referrer's.
      await verifyAndFund(server, friendToken, 1000);
      await restingSell();
      const order = await api<{ status: string; fills: Array<{ fee: number }> }>(
        server,
        friendToken,
        'POST',
        '/trading/order',
        { symbol: 'SOL/USDT', side: 'buy', type: 'limit', amount: 1, price: 200 },
      );
      expect(order.status).toBe('filled');
      const fee = order.fills[0]!.fee;
      expect(fee).toBeGreaterThan(0);

      await referrer
        .getByTestId('referral-earned')
        .filter({ hasText: fineUsd(fee * 0.2) })
        .waitFor({ timeout: PAID_MS });
      const row = referrer.getByTestId('referral-commission');
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      await referrer.screenshot({ path: `${SHOTS}/referral-paid-${name}.png`, fullPage: true });
      // A phone shows the pair, the role and the fee under the friend and the commission rather than as columns,
      const shown = await row.innerText();
      for (const text of ['fr***@example.com', 'SOL/USDT', 'Taker', fineUsd(fee), fineUsd(fee * 0.2)])
        expect(shown).toContain(text);
      // and the table fits its card: nothing to scroll to.
      expect(await tableOverflow(referrer)).toBe(0);
      await referrer.getByTestId('page-range').filter({ hasText: '1-1 of 1' }).waitFor();
      expect(await pageOverflow(referrer)).toBe(0);

      await friend.context().close();
      await referrer.context().close();
    },
  );

  it("an unknown code is refused with the server's reason, and the form stays", async () => {
    const page = await pageAt({ width: 390, height: 844 });
    await page.goto('/register?ref=NOSUCH99');
    await page.getByLabel('Full Name').fill('Wrong Code');
    await page.getByLabel('Email').fill(uniqueEmail('wrong-code'));
    await page.getByLabel('Password').fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Register' }).click();
    await toast(page, 'Unknown referral code').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await page.getByLabel('Referral code').inputValue()).toBe('NOSUCH99');
    expect(await pageOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/referral-unknown-code.png`, fullPage: true });
    await page.context().close();
  });

  it('is for traders: a visitor is sent to log in, an administrator to the admin area', async () => {
    const page = await pageAt({ width: 1440, height: 900 });
    await page.goto('/referral');
    await page.waitForURL('**/login');
    const admin = await api<{ token: string }>(server, null, 'POST', '/auth/login', server.admin);
    await storeToken(page, admin.token);
    await page.goto('/referral');
    await page.waitForURL('**/admin');
    await page.context().close();
  });
});
