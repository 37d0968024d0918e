import type { Browser } from 'playwright-core';
import { signedCall } from '../support/binance-client';
import { ApiClient } from '../support/http-client';
import { codeAt, enableTwoFactor } from '../support/two-factor';
import { openPage, register, storedToken, toast, uniqueEmail } from './support/browser';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(120_000);

describe('API Management', () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  it('a trader creates a key from the profile menu, sees its secret once, and revokes it', async () => {
    const page = await openPage(browser, server.baseUrl);
    await register(page, 'Ada Bot', uniqueEmail('api'), 'correct-horse-battery');
    await page.goto('/markets');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('link', { name: 'API Management' }).click();
    await page.waitForURL('**/account/api');
    await page.getByText('No API keys yet').waitFor();

    await page.getByLabel('Label').fill('Grid bot');
    await page.getByLabel('Enable trading').check();
    await page.getByRole('button', { name: 'Create API Key' }).click();

    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await dialog.getByText('it will not be shown again').waitFor();
    const apiKey = (await dialog.getByTestId('new-api-key').textContent())!;
    const secret = (await dialog.getByTestId('new-api-secret').textContent())!;
    expect(apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(secret).toMatch(/^[A-Za-z0-9]{64}$/);
    await dialog.getByText('Permissions: read and trade').waitFor();

    // What the page showed signs requests.
    const account = () => signedCall(server.baseUrl, { api_key: apiKey, secret }, 'GET', '/account');
    expect((await account()).status).toBe(200);

    await dialog.getByRole('button', { name: 'I have saved my Secret Key' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Grid bot' });
    await row.getByText('Trade', { exact: true }).waitFor();
    await row.getByText('Unrestricted').waitFor();
    expect(await row.locator(`[title="${apiKey}"]`).count()).toBe(1);
    // Once closed, the secret is nowhere: neither on this page nor after a reload.
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);

    await row.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByText('stop working at once').waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'API key "Grid bot" revoked').waitFor();
    await page.getByText('No API keys yet').waitFor();
    expect(await account()).toMatchObject({ status: 401, body: { code: -2015 } });
    await page.context().close();
  });

  it('refuses an address that is not one, and keeps the form as typed', async () => {
    const page = await openPage(browser, server.baseUrl);
    await register(page, 'Bad Address', uniqueEmail('api'), 'correct-horse-battery');
    await page.goto('/account/api');
    await page.getByLabel('Label').fill('Watcher');
    await page.getByLabel('Restrict access to trusted IPs (optional)').fill('203.0.113.7, not-an-ip');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await toast(page, 'Each allowed address must be an IPv4 or IPv6 address').waitFor();
    expect(await page.getByLabel('Label').inputValue()).toBe('Watcher');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('with two-factor on, a key is created with a code from the authenticator', async () => {
    const page = await openPage(browser, server.baseUrl);
    await register(page, 'Careful Bot', uniqueEmail('api'), 'correct-horse-battery');
    const { secret, step } = await enableTwoFactor(new ApiClient(server.baseUrl, (await storedToken(page))!));
    await page.goto('/account/api');
    await page.getByLabel('Label').fill('Guarded');
    await page.getByLabel('Two-factor code').fill(await codeAt(secret, step + 1));
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByRole('dialog', { name: 'Your new API key' }).getByText('it will not be shown again').waitFor();
    await page.context().close();
  });
});
