import type { Browser, Page } from 'playwright-core';
import { logIn, openPage, register, storedToken, storeToken, toast, uniqueEmail } from './support/browser';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(120_000);

describe('signing up, in and out', () => {
  let server: ExchangeServer;
  let browser: Browser;
  let page: Page;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });
  beforeEach(async () => {
    page = await openPage(browser, server.baseUrl);
  });
  afterEach(async () => {
    await page.context().close();
  });

  it('a visitor registers and lands on the dashboard greeted by name', async () => {
    await register(page, 'Ada Lovelace', uniqueEmail('ada'), 'correct-horse-battery');

    await page.getByText('Welcome back').waitFor();
    await page.getByText('Ada Lovelace').first().waitFor();
    await toast(page, 'Registration successful!').waitFor();
    expect(await page.getByTestId('balance').textContent()).toBe('$0.00');
    expect(await storedToken(page)).toBeTruthy();
  });

  it("a guessable password is refused with the server's reason, and the form stays", async () => {
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Wendy Weak');
    await page.getByLabel('Email').fill(uniqueEmail('wendy'));
    await page.getByLabel('Password').fill('password1');
    await page.getByRole('button', { name: 'Register' }).click();

    await toast(page, 'Password is too easy to guess.').waitFor();
    await page.getByRole('button', { name: 'Register' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await storedToken(page)).toBeNull();
  });

  it('after logging out, logging back in goes to the advanced trade screen', async () => {
    const email = uniqueEmail('grace');
    await register(page, 'Grace Hopper', email, 'correct-horse-battery');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await storedToken(page)).toBeNull();

    await logIn(page, email, 'correct-horse-battery');
    await page.waitForURL('**/trade');
    await toast(page, 'Login successful!').waitFor();
    await page.getByTestId('order-book').waitFor();
    await page.getByText('You have no open orders').waitFor();
    await page.getByText('Complete KYC to start trading').waitFor();
  });

  it("a wrong password shows the server's own message", async () => {
    const email = uniqueEmail('alan');
    await register(page, 'Alan Turing', email, 'correct-horse-battery');
    await storeToken(page, null);
    const answer = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'not-the-password' }),
    });
    const { detail } = (await answer.json()) as { detail: string };
    expect(answer.status).toBeGreaterThanOrEqual(400);

    await logIn(page, email, 'also-not-the-password');
    await toast(page, detail).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('button', { name: 'Continue', exact: true }).waitFor();
  });

  it('the admin logs in and lands on the admin area with its four counters', async () => {
    await logIn(page, server.admin.email, server.admin.password);
    await page.waitForURL('**/admin');
    for (const counter of ['Total Users', 'Pending Deposits', 'Pending Withdrawals', 'Pending KYC']) {
      await page.getByTestId(`counter-${counter}`).waitFor();
    }
    await page.getByRole('tab', { name: 'Users' }).waitFor();
    await page.getByRole('tab', { name: 'Bank Accounts' }).waitFor();
  });

  it('a trader suspended by the admin is signed out at once, and can log in again once activated', async () => {
    const email = uniqueEmail('sus');
    await register(page, 'Suspended Sam', email, 'correct-horse-battery');

    const admin = await openPage(browser, server.baseUrl);
    await logIn(admin, server.admin.email, server.admin.password);
    await admin.waitForURL('**/admin');
    const row = admin.getByRole('row', { name: /Suspended Sam/ });
    await row.getByRole('button', { name: 'Suspend' }).click();
    await toast(admin, 'User suspended').waitFor();
    await row.getByRole('button', { name: 'Activate' }).waitFor();

    // The suspension closed the trader's socket: the tab asks who it is, is refused, and leaves.
    await page.waitForURL('**/login');
    expect(await storedToken(page)).toBeNull();
    await logIn(page, email, 'correct-horse-battery');
    await toast(page, 'Account suspended').first().waitFor();

    await row.getByRole('button', { name: 'Activate' }).click();
    await toast(admin, 'User activated').waitFor();
    await logIn(page, email, 'correct-horse-battery');
    await page.waitForURL('**/trade');
    await admin.context().close();
  });

  it('a stored token that the server refuses is dropped and the visitor is anonymous', async () => {
    await page.goto('/');
    await storeToken(page, 'not-a-real-token');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(await storedToken(page)).toBeNull();
  });
});
