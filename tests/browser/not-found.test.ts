import type { Browser } from 'playwright-core';
import { openPage } from './support/browser';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(120_000);

describe('an unknown address', () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  it.each(['/does-not-exist', '/some/deeply/nested/page'])(
    '%s opens the app on its Not Found page, answered with 404 and titled so, which leads back home',
    async (path) => {
      const page = await openPage(browser, server.baseUrl);
      const response = await page.goto(path);
      expect(response!.status()).toBe(404);
      expect(response!.headers()['content-type']).toMatch(/^text\/html/);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await page.getByText(`There is no page at ${path}.`).waitFor();
      expect(await page.title()).toBe('Not found');
      expect(await page.locator('body').textContent()).not.toContain('"detail"');

      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL(`${server.baseUrl}/`);
      // The router moves in a transition: the address changes before the home page, and its title, are drawn.
      await page.getByRole('heading', { name: 'Page not found' }).waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Register' }).first().waitFor();
      await page.waitForFunction("document.title === 'CryptoExchange'");
      await page.context().close();
    },
  );

  it('an unknown API address still answers JSON', async () => {
    const page = await openPage(browser, server.baseUrl);
    const response = await page.goto('/api/does-not-exist');
    expect(response!.status()).toBe(404);
    expect(await response!.json()).toEqual({ detail: 'Not found' });
    await page.context().close();
  });
});

describe("the profile menu's programme the venue does not run yet", () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  it('/rewards says Rewards Hub is not offered yet, not that the page does not exist', async () => {
    const page = await openPage(browser, server.baseUrl);
    expect((await page.goto('/rewards'))!.status()).toBe(200);
    await page.getByRole('heading', { name: 'Rewards Hub' }).waitFor();
    await page.getByText('This programme is not offered yet.').waitFor();
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
    await page.context().close();
  });
});
