import type { Browser, Page } from 'playwright-core';
import { logIn, noisyPhoto, openPage, register, toast, uniqueEmail } from './support/browser';
import { api, registerTrader } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(120_000);

/** A small real PDF, as a trader might upload. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF',
);

describe('the client under its Content-Security-Policy', () => {
  let server: ExchangeServer;
  let browser: Browser;
  /** Everything Chromium reported as refused by the policy, on any page of the test. */
  const violations: string[] = [];

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  async function watchedPage(): Promise<Page> {
    const page = await openPage(browser, server.baseUrl);
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    return page;
  }

  it('is sent with the page, and allows no inline script', async () => {
    const page = await watchedPage();
    const response = await page.goto('/');
    const policy = response!.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    await page.context().close();
  });

  it('a trader registers, uploads a photo (compressed in the page), and trades on the live screen: nothing is refused', async () => {
    const trader = await watchedPage();
    await trader.goto('/markets');
    await trader.getByText('Markets Overview').waitFor();
    await register(trader, 'Grace Hopper', uniqueEmail('csp'), 'correct-horse-battery');

    // Over 1 MB: the page shrinks it on a canvas before upload.
    const photo = await noisyPhoto(trader);
    await trader.getByRole('tab', { name: 'KYC' }).click();
    await trader.getByLabel('Upload Document (Max 10MB)').setInputFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await trader.getByRole('button', { name: 'Submit KYC' }).click();
    await toast(trader, 'KYC document submitted!').waitFor();

    await trader.goto('/trade');
    await trader.getByText('● Live').waitFor();
    await trader.locator('canvas').first().waitFor();
    await trader.goto('/trading');
    await trader.getByText('Place Order').first().waitFor();
    await trader.context().close();
    expect(violations).toEqual([]);
  });

  it('the admin views an image and a PDF document: nothing is refused', async () => {
    const token = await registerTrader(server, 'Ada Lovelace', uniqueEmail('pdf'));
    await api(server, token, 'POST', '/kyc/submit', {
      document_type: 'passport',
      document_data: PDF.toString('base64'),
    });

    const admin = await watchedPage();
    await logIn(admin, server.admin.email, server.admin.password);
    await admin.waitForURL('**/admin');
    await admin.getByRole('tab', { name: 'KYC Submissions' }).click();
    const views = admin.getByRole('button', { name: 'View Document' });
    await views.first().waitFor();
    for (let i = 0; i < (await views.count()); i++) {
      await views.nth(i).click();
      const dialog = admin.getByRole('dialog');
      await dialog.locator('img, iframe').first().waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await admin.context().close();
    expect(violations).toEqual([]);
  });
});
