import type { Browser } from 'playwright-core';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

/** A fresh load asks for the page's icon and gets it: no failed request, no error in the console. */
jest.setTimeout(60_000);

let server: ExchangeServer;
let browser: Browser;

withExchangeAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

it('links an icon the server serves, and a fresh load logs no error', async () => {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await page.getByRole('heading', { name: /Buy, trade and hold/ }).waitFor();
  await page.waitForLoadState('networkidle');

  const href = (await page.evaluate(`document.querySelector('link[rel="icon"]')?.href ?? null`)) as string | null;
  expect(href).not.toBeNull();
  const icon = await fetch(href!);
  expect(icon.status).toBe(200);
  expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expect(await icon.text()).toContain('<svg');
  expect(errors).toEqual([]);
  await context.close();
});
