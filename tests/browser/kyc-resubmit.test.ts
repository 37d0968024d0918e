import type { Browser, Page } from 'playwright-core';
import { openPage, register, storedToken, toast, uniqueEmail } from './support/browser';
import { adminToken, api, TINY_PNG } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(120_000);

/** How many files the KYC file input holds (no DOM types in the tests: the element is read as it is). */
const filesChosen = (page: Page) =>
  page.getByLabel('Upload Document (Max 10MB)').evaluate((input: { files: { length: number } }) => input.files.length);

describe('KYC resubmission after a rejection', () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  it('the rejected document is no longer shown as chosen, and the trader sends a new one', async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Rosalind Franklin', uniqueEmail('rf'), 'correct-horse-battery');
    await trader.getByRole('tab', { name: 'KYC' }).click();
    const document = { name: 'id-card.png', mimeType: 'image/png', buffer: TINY_PNG };
    await trader.getByLabel('Upload Document (Max 10MB)').setInputFiles(document);
    await trader.getByRole('button', { name: 'Submit KYC' }).click();
    await toast(trader, 'KYC document submitted!').waitFor();
    await trader.getByText('Your KYC is under review').waitFor();
    expect(await filesChosen(trader)).toBe(0);

    // The admin rejects while the dashboard is open: it learns of it live.
    const admin = await adminToken(server);
    const [submission] = await api<{ id: string }[]>(server, admin, 'GET', '/admin/kyc');
    await api(server, admin, 'POST', `/admin/kyc/reject?kyc_id=${submission!.id}&admin_notes=Blurred`);
    await trader.getByText('Your KYC was rejected. Please submit again.').waitFor();
    await trader.getByText('Notes: Blurred').waitFor();

    // Nothing shows as chosen, so asking for a document is what the screen says too.
    expect(await filesChosen(trader)).toBe(0);
    expect(await trader.getByText('id-card.png').count()).toBe(0);
    await trader.getByRole('button', { name: 'Submit KYC' }).click();
    await toast(trader, 'Please select a document').waitFor();

    // The same file chosen again is taken.
    await trader.getByLabel('Upload Document (Max 10MB)').setInputFiles(document);
    await trader.getByText('id-card.png').waitFor();
    // The first submission's toast may still be up (for 4 s): let it go, so the one seen next is this one's.
    await toast(trader, 'KYC document submitted!').first().waitFor({ state: 'hidden' });
    await trader.getByRole('button', { name: 'Submit KYC' }).click();
    await toast(trader, 'KYC document submitted!').waitFor();
    await trader.getByText('Your KYC is under review').waitFor();
    const token = (await storedToken(trader))!;
    expect((await api<{ status: string }>(server, token, 'GET', '/kyc/status')).status).toBe('submitted');
    await trader.context().close();
  });
});
