import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { logIn, openPage, toast, uniqueEmail } from './support/browser';
import { adminToken, api, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(180_000);

describe("the admin console's Limits, Audit Log and Ledger tabs, and a user's detail", () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  async function adminOn(tab: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
    const page = await openPage(browser, server.baseUrl);
    await page.setViewportSize(viewport);
    await logIn(page, server.admin.email, server.admin.password);
    await page.waitForURL('**/admin');
    await page.getByRole('tab', { name: tab, exact: true }).click();
    return page;
  }

  /** Clicks what starts a download and returns the file's name and text. */
  async function downloaded(page: Page, click: () => Promise<void>) {
    const [download] = await Promise.all([page.waitForEvent('download'), click()]);
    return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
  }

  it('Limits: shows the limits in force, saves a change that the next request obeys, and tells why a bad value is refused', async () => {
    const page = await adminOn('Limits');
    const inForce = page.getByTestId('limit-withdrawal-max_amount-in-force');
    await inForce.filter({ hasText: '$1,000,000.00' }).waitFor();
    await page.getByLabel('Per request (USD)').nth(1).fill('250');
    await page.getByLabel('Pending at once').nth(1).fill('0');
    await page.getByRole('button', { name: 'Save Limits' }).click();
    await toast(page, 'Limits saved').waitFor();
    await inForce.filter({ hasText: '$250.00' }).waitFor();
    await page.getByTestId('limit-withdrawal-max_pending-in-force').filter({ hasText: 'No limit' }).waitFor();
    expect(await page.getByLabel('Per request (USD)').nth(1).inputValue()).toBe('250.00');

    const trader = await registerTrader(server, 'Limited Trader', uniqueEmail('limited'));
    await verifyAndFund(server, trader, 1000);
    await expect(api(server, trader, 'POST', '/withdraw/request?amount=250.01')).rejects.toThrow(
      'The most a single withdrawal request may be is $250',
    );

    await page.getByLabel('Per user per day (USD)').first().fill('1.005');
    await page.getByRole('button', { name: 'Save Limits' }).click();
    await toast(page, 'A limit is a dollar amount with at most 2 decimals (0: no limit)').waitFor();
    await page.getByTestId('limit-deposit-daily_amount-in-force').filter({ hasText: '$5,000,000.00' }).waitFor();
    await page.context().close();
  });

  it('Audit Log: filters by action and actor, pages, and exports what the filters select as CSV', async () => {
    // Decisions of several kinds: a KYC approval and a deposit approval (verifyAndFund), and a limit change.
    const trader = await registerTrader(server, 'Audited Trader', uniqueEmail('audited'));
    await verifyAndFund(server, trader, 10);
    await api(server, await adminToken(server), 'PUT', '/admin/limits', { deposit: { max_pending: 7 } });

    const page = await adminOn('Audit Log');
    const rows = page.getByTestId('audit-row');
    await rows.first().waitFor();
    await page.getByLabel('Action').selectOption({ label: 'Limits' });
    await page.getByRole('button', { name: 'Apply' }).click();
    // Three limit changes so far: two in the Limits test, one above.
    await page.getByTestId('page-range').filter({ hasText: '1-3 of 3' }).waitFor();
    const shown = await rows.allTextContents();
    expect(shown).toHaveLength(3);
    for (const text of shown) expect(text).toContain('limits.update');
    expect(shown[0]).toContain('deposit.max_pending: 5 -> 7');
    const limitChanges = shown.length;

    const file = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(file.name).toBe('audit-log.csv');
    const lines = file.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('created_at,admin_email,admin_name,action,target_type,target_id,notes');
    expect(lines).toHaveLength(limitChanges + 1);
    expect(lines.at(-1)).toContain('deposit.max_pending: 5 -> 7');

    await page.getByLabel('Actor').fill('nobody-at-all');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No audit entries').waitFor();
    await page.context().close();
  });

  it('Ledger: runs the check, shows the totals per asset, and exports a day of journal entries', async () => {
    const trader = await registerTrader(server, 'Ledger Trader', uniqueEmail('ledger'));
    await verifyAndFund(server, trader, 1234.5);
    const page = await adminOn('Ledger');
    await page.getByRole('button', { name: 'Run Check' }).click();
    await page.getByTestId('ledger-state').filter({ hasText: 'Ledger balanced' }).waitFor();
    const usd = page.getByTestId('ledger-total').filter({ hasText: 'USD' });
    // Users hold every dollar deposited; the outside world is owed them.
    expect((await usd.locator('td').allTextContents()).slice(1)).toEqual([
      expect.stringMatching(/^\$[\d,]+\.\d{2}$/),
      expect.stringMatching(/^-\$[\d,]+\.\d{2}$/),
      '$0.00',
    ]);

    const file = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    const today = new Date().toISOString().slice(0, 10);
    expect(file.name).toBe(`ledger-${today}-to-${today}.csv`);
    const lines = file.text.trimEnd().split('\r\n');
    expect(lines[0]!.startsWith('entry_id,journal_id,created_at,account_owner')).toBe(true);
    expect(lines.some((line) => line.includes(',USD,1234.5,0,deposit,'))).toBe(true);
    await page.context().close();
  });

  it("a user's detail: balances, KYC, paged lists, and suspend and activate", async () => {
    const email = uniqueEmail('detail');
    const trader = await registerTrader(server, 'Detail Trader', email);
    await verifyAndFund(server, trader, 5000);
    await api(server, trader, 'POST', '/deposit/request?amount=75');
    await api(server, trader, 'POST', '/trading/order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: 0.01,
      price: 1000,
    });

    const page = await adminOn('Users');
    await page.locator('tr.clickable', { hasText: email }).click();
    const detail = page.getByTestId('user-detail');
    await detail.getByRole('heading', { name: 'Detail Trader' }).waitFor();
    // $5,000 deposited, $10 and its most fee held by the order.
    await detail
      .getByTestId('user-balance')
      .filter({ hasText: /^USD\$4,98\d\.\d{2}\$10\.\d{2}$/ })
      .waitFor();
    await detail.getByText('Approved').first().waitFor();
    await detail
      .getByTestId('user-fee-tier')
      .filter({ hasText: /^Regular User · 30-day volume \$0\.00$/ })
      .waitFor();
    await detail.getByTestId('user-referred-by').filter({ hasText: /^-$/ }).waitFor();
    await detail
      .getByTestId('user-referrals')
      .filter({ hasText: /^0 traders, earned \$0\.00$/ })
      .waitFor();
    await detail.getByTestId('user-orders-row').filter({ hasText: 'BTC' }).filter({ hasText: '$1,000.00' }).waitFor();

    await detail.getByRole('tab', { name: 'Funding' }).click();
    await detail.getByTestId('user-funding-row').nth(1).waitFor();
    expect(await detail.getByTestId('user-funding-row').count()).toBe(2);
    expect(await detail.getByTestId('user-funding-row').first().textContent()).toContain('$75.00');
    await detail.getByTestId('page-range').filter({ hasText: '1-2 of 2' }).waitFor();
    await detail.getByRole('tab', { name: 'Sessions' }).click();
    await detail.getByTestId('user-sessions-row').first().waitFor();

    await detail.getByRole('button', { name: 'Suspend' }).click();
    await toast(page, 'User suspended').waitFor();
    await detail.getByText(/^suspended$/i).waitFor();
    await detail.getByRole('tab', { name: 'Open Orders' }).click();
    // A suspension cancels their orders and ends their sessions.
    await detail.getByText('Nothing here yet').waitFor();
    await detail.getByRole('button', { name: 'Activate' }).click();
    await toast(page, 'User activated').waitFor();
    await detail.getByText(/^active$/i).waitFor();

    await detail.getByRole('button', { name: 'Users' }).click();
    await page.locator('tr.clickable', { hasText: email }).waitFor();
    await page.context().close();
  });

  it('every new tab and the detail fit a phone without scrolling sideways', async () => {
    const page = await adminOn('Limits', { width: 390, height: 844 });
    const pageWidth = () => page.evaluate<number>('document.documentElement.scrollWidth');
    await page.getByRole('button', { name: 'Save Limits' }).waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.getByRole('tab', { name: 'Audit Log', exact: true }).click();
    await page.getByTestId('audit-row').first().waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.getByRole('tab', { name: 'Fee Tiers', exact: true }).click();
    await page.getByRole('button', { name: 'Save Tiers' }).waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.getByRole('tab', { name: 'Ledger', exact: true }).click();
    await page.getByRole('button', { name: 'Run Check' }).click();
    await page.getByTestId('ledger-total').first().waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.getByRole('tab', { name: 'Users', exact: true }).click();
    await page.locator('tr.clickable', { hasText: 'Detail Trader' }).click();
    await page.getByTestId('user-balance').first().waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
