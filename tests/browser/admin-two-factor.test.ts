import type { Browser } from 'playwright-core';
import { codeAt, currentStep } from '../support/two-factor';
import { logIn, openPage, toast } from './support/browser';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(120_000);

describe('ADMIN_REQUIRE_2FA=on', () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser(
    (started, launched) => {
      server = started;
      browser = launched;
    },
    { ADMIN_REQUIRE_2FA: 'on' },
  );

  it('an administrator without two-factor is sent to its setup, and reaches the back office once it is on', async () => {
    const page = await openPage(browser, server.baseUrl);
    await logIn(page, server.admin.email, server.admin.password);
    await page.waitForURL('**/settings');
    await page
      .getByText('Administrators must turn on two-factor authentication before using the back office.')
      .waitFor();
    await page.goto('/admin');
    await page.waitForURL('**/settings');

    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from your authenticator app').fill(await codeAt(secret, currentStep()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await toast(page, 'Two-factor authentication is on').waitFor();
    await page.getByRole('button', { name: 'I have saved them' }).click();

    await page.getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('tab', { name: 'Users' }).waitFor();
    await page.context().close();
  });
});
