import type { Browser, Page } from 'playwright-core';
import { logIn, openPage, toast, uniqueEmail } from './support/browser';
import { api, registerTrader } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(180_000);

describe('an admin queue longer than one page', () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  /** Trader t's deposit d asks for $1,0td.00, so each row is told apart by its amount. */
  const amount = (t: number, d: number) => 1000 + t * 10 + d;
  const shown = (t: number, d: number) => `$${amount(t, d).toLocaleString('en-US')}.00`;

  it('pages 60 pending deposits 50 at a time, the oldest first, and a decision keeps the page', async () => {
    // Twelve traders with the most pending deposits each may have (5), filed one trader after another.
    for (let t = 0; t < 12; t++) {
      const token = await registerTrader(server, `Queue Trader ${t}`, uniqueEmail(`queue${t}`));
      for (let d = 0; d < 5; d++) await api(server, token, 'POST', `/deposit/request?amount=${amount(t, d)}`);
    }

    const admin: Page = await openPage(browser, server.baseUrl);
    await logIn(admin, server.admin.email, server.admin.password);
    await admin.waitForURL('**/admin');
    await admin.getByTestId('counter-Pending Deposits').filter({ hasText: /^60$/ }).waitFor();
    await admin.getByRole('tab', { name: 'Deposits' }).click();
    const range = admin.getByTestId('page-range');
    await range.filter({ hasText: '1-50 of 60' }).waitFor();
    const rows = admin.locator('.list-row');
    expect(await rows.count()).toBe(50);
    expect(await rows.first().textContent()).toContain(shown(0, 0));
    expect(await admin.getByText(shown(11, 4)).count()).toBe(0);
    expect(await admin.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await admin.getByRole('button', { name: 'Next' }).click();
    await range.filter({ hasText: '51-60 of 60' }).waitFor();
    expect(await rows.count()).toBe(10);
    expect(await rows.last().textContent()).toContain(shown(11, 4));
    expect(await admin.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // Decided, the oldest on this page leaves the pending ones and ends the list: still on this page.
    await rows.first().getByRole('button', { name: 'Approve' }).click();
    await toast(admin, 'Deposit approved').waitFor();
    await admin.getByTestId('counter-Pending Deposits').filter({ hasText: /^59$/ }).waitFor();
    await range.filter({ hasText: '51-60 of 60' }).waitFor();
    await rows.last().filter({ hasText: 'approved' }).waitFor();
    expect(await rows.last().textContent()).toContain(shown(10, 0));

    await admin.getByRole('button', { name: 'Previous' }).click();
    await range.filter({ hasText: '1-50 of 60' }).waitFor();
    expect(await rows.first().textContent()).toContain(shown(0, 0));
    await admin.context().close();
  });
});
