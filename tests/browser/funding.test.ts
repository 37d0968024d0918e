import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logIn, openPage, register, toast, uniqueEmail } from './support/browser';
import { startExchangeServer, type ExchangeServer } from './support/exchange-server';

jest.setTimeout(120_000);

describe('money in: a deposit request approved by the admin', () => {
  let server: ExchangeServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startExchangeServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
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

  it('a deposit of nothing is refused in the browser', async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Mary Jackson', uniqueEmail('mj'), 'correct-horse-battery');
    await trader.getByRole('button', { name: 'Request Deposit' }).click();
    await toast(trader, 'Please enter a valid amount').waitFor();
    await trader.context().close();
  });
});
