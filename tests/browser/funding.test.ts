import type { Browser, Page } from 'playwright-core';
import { VENUE_BANK_ACCOUNT } from '../support/venue-bank-account';
import { logIn, openPage, register, storedToken, toast, uniqueEmail } from './support/browser';
import { adminToken, api, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(120_000);

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** How far the page scrolls sideways (0: not at all). */
const horizontalOverflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

describe('money in: a deposit request approved by the admin', () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  it('a trader requests a deposit, the admin approves it and the trader sees the new balance', async () => {
    const trader: Page = await openPage(browser, server.baseUrl);
    const email = uniqueEmail('depositor');
    await register(trader, 'Dorothy Vaughan', email, 'correct-horse-battery');
    await trader.getByText('No deposits yet').waitFor();
    await trader.getByLabel('Amount (USD)').fill('250');
    await trader.getByRole('button', { name: 'Request Deposit' }).click();
    await toast(trader, 'Deposit request submitted!').waitFor();
    await trader.getByText('$250.00').first().waitFor();

    const admin: Page = await openPage(browser, server.baseUrl);
    await logIn(admin, server.admin.email, server.admin.password);
    await admin.waitForURL('**/admin');
    await admin.getByTestId('counter-Pending Deposits').filter({ hasText: /^1$/ }).waitFor();
    await admin.getByRole('tab', { name: 'Deposits' }).click();
    await admin.getByText('Dorothy Vaughan').waitFor();
    await admin.getByPlaceholder('Admin notes (optional)').fill('Transfer received');
    await admin.getByRole('button', { name: 'Approve' }).click();
    await toast(admin, 'Deposit approved').waitFor();
    await admin.getByText('Notes: Transfer received').waitFor();

    // The dashboard refreshes on the pushed event, or on reload when the socket is down.
    try {
      await trader.getByTestId('balance').filter({ hasText: '$250.00' }).waitFor({ timeout: 5000 });
    } catch {
      await trader.reload();
    }
    await trader.getByTestId('balance').filter({ hasText: '$250.00' }).waitFor();

    await trader.context().close();
    await admin.context().close();
  });

  it('the admin rejects a withdrawal with a note, and the queue shows the decision in place of the buttons', async () => {
    const token = await registerTrader(server, 'Katherine Johnson', uniqueEmail('kj'));
    await verifyAndFund(server, token, 100);
    await api(server, token, 'POST', '/withdraw/request?amount=40');

    const admin = await openPage(browser, server.baseUrl);
    await logIn(admin, server.admin.email, server.admin.password);
    await admin.waitForURL('**/admin');
    await admin.getByTestId('counter-Pending Withdrawals').filter({ hasText: /^1$/ }).waitFor();
    await admin.getByRole('tab', { name: 'Withdrawals' }).click();
    await admin.getByText('Katherine Johnson').waitFor();
    await admin.getByPlaceholder('Admin notes (optional)').fill('Name on the account does not match');
    await admin.getByRole('button', { name: 'Reject' }).click();
    await toast(admin, 'Withdrawal rejected').waitFor();
    await admin.getByText('Notes: Name on the account does not match').waitFor();
    await admin.getByTestId('counter-Pending Withdrawals').filter({ hasText: /^0$/ }).waitFor();
    expect(await admin.getByPlaceholder('Admin notes (optional)').count()).toBe(0);
    expect(await admin.getByRole('button', { name: 'Reject' }).count()).toBe(0);
    await admin.context().close();
  });

  it('the admin adds a bank account that traders then see, deactivates it and deletes it', async () => {
    const admin = await openPage(browser, server.baseUrl);
    await logIn(admin, server.admin.email, server.admin.password);
    await admin.waitForURL('**/admin');
    await admin.getByRole('tab', { name: 'Bank Accounts' }).click();
    // The venue's own account (the test server opens with one) is listed already.
    await admin.getByText(VENUE_BANK_ACCOUNT.bank_name).waitFor();
    await admin.getByRole('button', { name: 'Add Bank Account' }).click();
    await admin.getByRole('button', { name: 'Save Bank Account' }).click();
    await toast(admin, 'Please fill all fields').waitFor();
    await admin.getByLabel('Bank Name').fill('Harbour Bank');
    await admin.getByLabel('Account Number').fill('DE89 3704 0044 0532 0130 00');
    await admin.getByLabel('Account Holder Name').fill('Exchange Operations Ltd');
    await admin.getByRole('button', { name: 'Save Bank Account' }).click();
    await toast(admin, 'Bank account created').waitFor();
    const harbour = admin.locator('.list-row', { hasText: 'Harbour Bank' });
    await harbour.getByText('Active', { exact: true }).waitFor();

    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Annie Easley', uniqueEmail('ae'), 'correct-horse-battery');
    await trader.getByText('Harbour Bank').waitFor();
    await trader.getByText('DE89 3704 0044 0532 0130 00').waitFor();

    await harbour.getByRole('button', { name: 'Deactivate' }).click();
    await toast(admin, 'Bank account status updated').waitFor();
    await harbour.getByText('Inactive', { exact: true }).waitFor();
    await trader.reload();
    await trader.getByText('No deposits yet').waitFor();
    await trader.getByText(VENUE_BANK_ACCOUNT.bank_name).waitFor();
    expect(await trader.getByText('Harbour Bank').count()).toBe(0);

    admin.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to delete this bank account?');
      void dialog.accept();
    });
    await harbour.getByRole('button', { name: 'Delete' }).click();
    await toast(admin, 'Bank account deleted').waitFor();
    await harbour.waitFor({ state: 'detached' });
    await admin.context().close();
    await trader.context().close();
  });

  it.each([
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ])(
    'on %s, the deposit tab gives the reference and the bank details, each with a Copy button',
    async (_what, size) => {
      const trader = await openPage(browser, server.baseUrl);
      await trader.setViewportSize(size);
      await trader.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const name = `Copying Cora ${size.width}`;
      await register(trader, name, uniqueEmail('cora'), 'correct-horse-battery');
      const { deposit_reference: reference } = await api<{ deposit_reference: string }>(
        server,
        (await storedToken(trader))!,
        'GET',
        '/deposit/reference',
      );
      expect(reference).toMatch(/^DEP-[A-Z2-9]{8}$/);
      await trader.getByTestId('deposit-reference').filter({ hasText: reference }).waitFor();
      const copied = async (what: string, text: string) => {
        const button = trader.getByRole('button', { name: `Copy ${what}` }).first();
        await button.click();
        await button.filter({ hasText: 'Copied' }).waitFor();
        expect(await trader.evaluate<string>('navigator.clipboard.readText()')).toBe(text);
      };
      await copied('deposit reference', reference);
      await copied('account number', VENUE_BANK_ACCOUNT.account_number);
      await copied('account holder', VENUE_BANK_ACCOUNT.account_holder);
      expect(await horizontalOverflow(trader)).toBe(0);

      // The administrator sees it on the request, to match the transfer that arrives.
      await trader.getByLabel('Amount (USD)').fill('75');
      await trader.getByRole('button', { name: 'Request Deposit' }).click();
      await toast(trader, 'Deposit request submitted!').waitFor();
      const admin = await openPage(browser, server.baseUrl);
      await admin.setViewportSize(size);
      await logIn(admin, server.admin.email, server.admin.password);
      await admin.waitForURL('**/admin');
      await admin.getByRole('tab', { name: 'Deposits' }).click();
      const row = admin.locator('.list-row', { hasText: name });
      await row.getByTestId('deposit-reference').filter({ hasText: reference }).waitFor();
      await admin.context().close();
      await trader.context().close();
    },
  );

  it.each([
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ])('on %s, with no active bank account the deposit tab says deposits are unavailable', async (_what, size) => {
    const admin = await adminToken(server);
    const accounts = await api<Array<{ id: string; is_active: boolean }>>(server, admin, 'GET', '/admin/bank-accounts');
    const active = accounts.filter((account) => account.is_active);
    const toggle = (id: string) => api(server, admin, 'POST', `/admin/bank-account/${id}/toggle`);
    const trader = await openPage(browser, server.baseUrl);
    await trader.setViewportSize(size);
    await register(trader, 'Waiting Wanda', uniqueEmail('wanda'), 'correct-horse-battery');
    await trader.getByRole('button', { name: 'Request Deposit' }).waitFor();
    try {
      for (const account of active) await toggle(account.id);
      // Pushed: the open tab follows without a reload.
      await trader.getByTestId('deposits-unavailable').waitFor();
      expect(await trader.getByRole('button', { name: 'Request Deposit' }).count()).toBe(0);
      expect(await trader.getByLabel('Amount (USD)').count()).toBe(0);
      await trader.getByText('No deposits yet').waitFor();
      expect(await horizontalOverflow(trader)).toBe(0);
    } finally {
      for (const account of active) await toggle(account.id);
    }
    await trader.getByRole('button', { name: 'Request Deposit' }).waitFor();
    expect(await trader.getByTestId('deposits-unavailable').count()).toBe(0);
    await trader.context().close();
  });

  it('a read answering late does not bring back a bank account deactivated since', async () => {
    const admin = await adminToken(server);
    const accounts = await api<Array<{ id: string; is_active: boolean }>>(server, admin, 'GET', '/admin/bank-accounts');
    const active = accounts.filter((account) => account.is_active);
    const toggle = (id: string) => api(server, admin, 'POST', `/admin/bank-account/${id}/toggle`);
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Tardy Ted', uniqueEmail('ted'), 'correct-horse-battery');
    await trader.getByRole('button', { name: 'Request Deposit' }).waitFor();
    // The next read of the bank accounts is answered by the server at once, but reaches the page
    // only after the accounts were deactivated and the page was told so.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held: Promise<void> | null = null;
    await trader.route('**/api/bank-accounts', async (route) => {
      if (held) return route.continue();
      held = route.fetch().then(async (response) => {
        await released;
        await route.fulfill({ response });
      });
      await held;
    });
    try {
      // Its deposit approved, the dashboard reads its lists again, bank accounts included.
      await verifyAndFund(server, (await storedToken(trader))!, 10);
      await trader.getByTestId('balance').filter({ hasText: '$10.00' }).waitFor();
      expect(held).not.toBeNull();
      for (const account of active) await toggle(account.id);
      await trader.getByTestId('deposits-unavailable').waitFor();
      release();
      await held;
      // The late answer has had time to draw: the tab still says what is true now.
      await trader.waitForTimeout(1000);
      expect(await trader.getByTestId('deposits-unavailable').count()).toBe(1);
      expect(await trader.getByRole('button', { name: 'Request Deposit' }).count()).toBe(0);
    } finally {
      release();
      for (const account of active) await toggle(account.id);
    }
    await trader.context().close();
  });

  it("a withdrawal beyond the balance is refused with the server's reason", async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Evelyn Boyd', uniqueEmail('eb'), 'correct-horse-battery');
    await trader.goto('/dashboard?tab=withdrawals');
    await trader.getByText('No withdrawals yet').waitFor();
    await trader.getByLabel('Amount (USD)').fill('100');
    const answer = trader.waitForResponse((r) => r.url().includes('/api/withdraw/request'));
    await trader.getByRole('button', { name: 'Request Withdrawal' }).click();
    const { detail } = (await (await answer).json()) as { detail: string };
    expect(detail).toBeTruthy();
    await toast(trader, detail).waitFor();
    await trader.getByText('No withdrawals yet').waitFor();
    await trader.context().close();
  });

  it('a deposit of nothing is refused in the browser', async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Mary Jackson', uniqueEmail('mj'), 'correct-horse-battery');
    await trader.getByRole('button', { name: 'Request Deposit' }).click();
    await toast(trader, 'Please enter a valid amount').waitFor();
    await trader.context().close();
  });
});
