import type { Browser, Page } from 'playwright-core';
import { logIn, openPage, register, uniqueEmail } from './support/browser';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(120_000);

describe('who may open which screen', () => {
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

  it.each(['/dashboard', '/trade', '/trading', '/admin'])(
    'an anonymous visitor opening %s is sent to /login',
    async (route) => {
      await page.goto(route);
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
    },
  );

  it.each(['/dashboard', '/trade', '/trading'])(
    'an admin opening %s is sent to /login (and from there home to /admin)',
    async (route) => {
      await logIn(page, server.admin.email, server.admin.password);
      await page.waitForURL('**/admin');
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await page.goto(route);
      await page.waitForURL('**/admin');
      await page.getByTestId('counter-Total Users').waitFor();
      expect(visited).toContain('/login');
    },
  );

  it('a signed-in trader opening / or /login goes to the dashboard, and /admin sends them to /login', async () => {
    await register(page, 'Katherine Johnson', uniqueEmail('kj'), 'correct-horse-battery');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.goto('/admin');
    await page.waitForURL(/\/(login|dashboard)$/);
    expect(new URL(page.url()).pathname).not.toBe('/admin');
  });

  it('public pages open for everyone', async () => {
    await page.goto('/markets');
    await page.getByRole('heading', { name: 'Markets Overview' }).waitFor();
    await page.goto('/earn');
    await page.getByText('Locked Staking').waitFor();
    await page.goto('/derivatives');
    await page.getByRole('link', { name: 'Trade Now' }).waitFor();
    await page.goto('/buy-crypto');
    await page.getByRole('button', { name: 'Continue' }).waitFor();
  });
});
