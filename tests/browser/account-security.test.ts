import type { Browser, Page } from 'playwright-core';
import { codeAt, currentStep, wrongCode } from '../support/two-factor';
import { logIn, openPage, register, storedToken, toast, uniqueEmail } from './support/browser';
import { api, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(120_000);

const PASSWORD = 'correct-horse-battery';

describe('account security', () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  /** Turns two-factor on from /settings with the key the page shows, as an app scanning the QR code would; answers the key and the step of the code used. */
  async function turnOnTwoFactor(page: Page): Promise<{ secret: string; step: number; recoveryCodes: string[] }> {
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    const step = currentStep();
    await page.getByLabel('Code from your authenticator app').fill(await codeAt(secret, step));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await toast(page, 'Two-factor authentication is on').waitFor();
    const recoveryCodes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByTestId('two-factor-state').filter({ hasText: 'On' }).waitFor();
    return { secret, step, recoveryCodes };
  }

  it('a trader turns two-factor on from a key read off the page, logs out, and logs in again through the code step', async () => {
    const page = await openPage(browser, server.baseUrl);
    const email = uniqueEmail('totp');
    await register(page, 'Tess Totp', email, PASSWORD);
    const { secret, step, recoveryCodes } = await turnOnTwoFactor(page);
    expect(recoveryCodes).toHaveLength(10);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await storedToken(page)).toBeNull();

    await logIn(page, email, PASSWORD);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    expect(await storedToken(page)).toBeNull();
    await page.getByLabel('Authentication code').fill(await wrongCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await toast(page, 'Invalid two-factor code').waitFor();
    expect(await storedToken(page)).toBeNull();

    await page.getByLabel('Authentication code').fill(await codeAt(secret, step + 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/trade');
    await toast(page, 'Login successful!').waitFor();
    expect(await storedToken(page)).toBeTruthy();
    await page.context().close();
  });

  it('a withdrawal asks for the code; a wrong one is refused without signing the trader out', async () => {
    const page = await openPage(browser, server.baseUrl);
    const email = uniqueEmail('withdraw');
    await register(page, 'Walt Withdraw', email, PASSWORD);
    const token = (await storedToken(page))!;
    await verifyAndFund(server, token, 100);
    const { secret, recoveryCodes } = await turnOnTwoFactor(page);

    await page.goto('/dashboard?tab=withdrawals');
    await page.getByLabel('Amount (USD)').fill('30');
    await page.getByLabel('Two-factor code').fill(await wrongCode(secret));
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    await toast(page, 'Invalid two-factor code').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await storedToken(page)).toBe(token);

    await page.getByLabel('Two-factor code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    await toast(page, 'Withdrawal request submitted!').waitFor();
    await page.getByTestId('balance').filter({ hasText: '$70.00' }).waitFor();
    await page.context().close();
  });

  it('a session logged out from another browser throws that tab out', async () => {
    const email = uniqueEmail('two-devices');
    const laptop = await openPage(browser, server.baseUrl);
    await register(laptop, 'Dee Vices', email, PASSWORD);
    const phone = await openPage(browser, server.baseUrl);
    await logIn(phone, email, PASSWORD);
    await phone.waitForURL('**/trade');
    // The dashboard asks the server nothing on its own: only the closed socket can tell it.
    await phone.goto('/dashboard');
    await phone.getByText('Welcome back').waitFor();

    await laptop.goto('/settings');
    const rows = laptop.getByTestId('session-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    await rows.filter({ hasNotText: 'This device' }).getByRole('button', { name: 'Log out' }).click();
    await toast(laptop, 'Session logged out').waitFor();
    await rows.nth(1).waitFor({ state: 'detached' });

    // The phone's socket was closed by the server; the tab learns its session ended and leaves.
    await phone.waitForURL('**/login');
    expect(await storedToken(phone)).toBeNull();
    expect(await storedToken(laptop)).toBeTruthy();
    await laptop.getByText('Login history').waitFor();
    await laptop.context().close();
    await phone.context().close();
  });

  it('a password change logs the other sessions out and shows in the login history', async () => {
    const email = uniqueEmail('password');
    const page = await openPage(browser, server.baseUrl);
    await register(page, 'Pat Word', email, PASSWORD);
    const other = await api<{ token: string }>(server, null, 'POST', '/auth/login', { email, password: PASSWORD });

    await page.goto('/settings');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('violet-harbour-lantern-93');
    await page.getByLabel('Confirm new password').fill('violet-harbour-lantern-93');
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password changed; 1 other session logged out').waitFor();
    await expect(api(server, other.token, 'GET', '/auth/me')).rejects.toThrow(/401/);
    expect(await page.getByTestId('session-row').count()).toBe(1);
    await page.getByRole('cell', { name: 'Success' }).first().waitFor();
    await page.context().close();
  });
});
