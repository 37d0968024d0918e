import type { Browser } from 'playwright-core';
import { openPage, register, storedToken, uniqueEmail } from './support/browser';
import { adminToken, api, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';
import { eventually } from '../support/eventually';

jest.setTimeout(120_000);

describe('screens follow the exchange as it happens', () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  it('an approved deposit shows on the open dashboard without a reload', async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Live Lisa', uniqueEmail('live'), 'correct-horse-battery');
    const token = (await storedToken(trader))!;
    const deposit = await api<{ id: string }>(server, token, 'POST', '/deposit/request?amount=75');
    await api(server, await adminToken(server), 'POST', `/admin/deposit/approve?deposit_id=${deposit.id}&admin_notes=`);

    // The dashboard does not poll: only the pushed event can bring the new balance.
    await trader.getByTestId('balance').filter({ hasText: '$75.00' }).waitFor({ timeout: 10_000 });
    await trader.locator('.badge', { hasText: 'approved' }).waitFor();
    await trader.context().close();
  });

  it("a new order appears in everyone's order book and in its owner's open orders", async () => {
    const viewer = await openPage(browser, server.baseUrl);
    await register(viewer, 'Viewer Vic', uniqueEmail('viewer'), 'correct-horse-battery');
    await viewer.goto('/trade');
    await viewer.getByText('● Live').waitFor();

    const owner = await openPage(browser, server.baseUrl);
    await register(owner, 'Owner Olga', uniqueEmail('owner'), 'correct-horse-battery');
    const token = (await storedToken(owner))!;
    await verifyAndFund(server, token, 10_000);
    await owner.goto('/trade');
    await owner.getByText('● Live').waitFor();
    await owner.getByRole('tab', { name: 'Open Orders(0)' }).waitFor();

    await api(server, token, 'POST', '/trading/order', {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      amount: 0.01,
      price: 50000.55,
    });

    await viewer.getByTestId('order-book').getByText('50,000.55').waitFor({ timeout: 10_000 });
    // Picking a level of the book copies its price into the order form.
    // The book re-renders on every pushed depth update, so a click can land on a row being replaced: click until it takes.
    const price = viewer.getByTestId('order-form').getByLabel('Price');
    const picked = await eventually(
      async () => {
        await viewer.getByTestId('order-book').getByText('50,000.55').click();
        const value = await price.inputValue();
        return value === '' ? undefined : value;
      },
      10_000,
      'a picked price in the order form',
    );
    expect(picked).toBe('50000.55');
    await owner.getByRole('tab', { name: 'Open Orders(1)' }).waitFor({ timeout: 10_000 });
    await owner.getByTestId('user-orders').getByText('50,000.55').waitFor();
    await viewer.context().close();
    await owner.context().close();
  });

  it('a trader whose KYC is approved can trade at once, without reloading', async () => {
    const token = await registerTrader(server, 'Waiting Walt', uniqueEmail('walt'));
    const trader = await openPage(browser, server.baseUrl);
    await trader.goto('/');
    await trader.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
    await trader.goto('/trade');
    const buy = trader.getByTestId('order-form').getByRole('button', { name: 'Buy BTC' });
    await trader.getByText('● Live').waitFor();
    expect(await buy.isDisabled()).toBe(true);

    await verifyAndFund(server, token, 100);
    // A locator's wait, not waitForFunction: polling a string predicate evals it in the page, which its CSP refuses.
    await trader
      .getByTestId('order-form')
      .locator('button[type="submit"]:not([disabled])', { hasText: 'Buy BTC' })
      .waitFor({ timeout: 10_000 });
    await trader.context().close();
  });
});
