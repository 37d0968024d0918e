import type { Browser, Page } from 'playwright-core';
import { logIn, noisyPhoto, openPage, register, storedToken, toast, uniqueEmail } from './support/browser';
import { adminToken as loginAdmin, api, TINY_PNG, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(120_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Every call the page makes to the API other than a read, with its Idempotency-Key, as they go. */
function writesOf(page: Page): Array<{ call: string; key: string | undefined }> {
  const writes: Array<{ call: string; key: string | undefined }> = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== 'GET' && path.startsWith('/api/'))
      writes.push({ call: `${request.method()} ${path}`, key: request.headers()['idempotency-key'] });
  });
  return writes;
}

describe('from KYC to a resting order', () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  it('a trader is verified by the admin, funded, places a limit buy and cancels it', async () => {
    const trader: Page = await openPage(browser, server.baseUrl);
    const traderWrites = writesOf(trader);
    await register(trader, 'Hedy Lamarr', uniqueEmail('hedy'), 'correct-horse-battery');

    // KYC: upload a document; the admin views it and approves.
    await trader.getByRole('tab', { name: 'KYC' }).click();
    await trader
      .getByLabel('Upload Document (Max 10MB)')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: TINY_PNG });
    await trader.getByText('passport.png').waitFor();
    await trader.getByRole('button', { name: 'Submit KYC' }).click();
    await toast(trader, 'KYC document submitted!').waitFor();
    await trader.getByText('Your KYC is under review').waitFor();
    expect(await trader.getByRole('button', { name: 'Submit KYC' }).isDisabled()).toBe(true);

    const admin: Page = await openPage(browser, server.baseUrl);
    const adminWrites = writesOf(admin);
    await logIn(admin, server.admin.email, server.admin.password);
    await admin.waitForURL('**/admin');
    await admin.getByRole('tab', { name: 'KYC Submissions' }).click();
    await admin.getByRole('button', { name: 'View Document' }).click();
    await admin.getByRole('dialog').getByRole('img', { name: 'KYC document' }).waitFor();
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await toast(admin, 'KYC approved').waitFor();
    await admin.getByRole('dialog').waitFor({ state: 'detached' });

    // Funding through the API: the deposit screens have their own test.
    const token = (await storedToken(trader))!;
    const adminToken = (await storedToken(admin))!;
    const deposit = await api<{ id: string }>(server, token, 'POST', '/deposit/request?amount=1000');
    await api(server, adminToken, 'POST', `/admin/deposit/approve?deposit_id=${deposit.id}&admin_notes=`);

    await trader.goto('/trade?pair=ETHUSDT');
    await trader.getByText('ETH/USDT').first().waitFor();
    const form = trader.getByTestId('order-form');
    await form.getByText('1,000.00 USDT').waitFor();
    expect(await form.getByRole('button', { name: 'Buy ETH' }).isEnabled()).toBe(true);

    await form.getByLabel('Price').fill('100');
    await form.getByRole('button', { name: '50%' }).click();
    // Half the most 1,000 USDT holds at 100 (with the fee and a notional unit per lot), in whole lots.
    expect(await form.getByLabel('Amount').inputValue()).toBe('4.9945');
    await form.getByLabel('Amount').fill('2');
    await form.getByText('200.00 USDT').waitFor();
    await form.getByRole('button', { name: 'Buy ETH' }).click();
    await toast(trader, 'BUY order placed!').waitFor();
    await trader.getByRole('tab', { name: 'Open Orders(1)' }).waitFor();
    await trader.getByTestId('user-orders').getByText('ETHUSDT').waitFor();

    await trader.getByTestId('user-orders').getByRole('button', { name: 'Cancel' }).click();
    await toast(trader, 'Order cancelled').waitFor();
    await trader.getByText('You have no open orders').waitFor();

    // Each money action went with a key of its own; logging in and registering with none.
    const key = expect.stringMatching(UUID);
    expect(traderWrites).toEqual([
      { call: 'POST /api/auth/register', key: undefined },
      { call: 'POST /api/kyc/submit', key },
      { call: 'POST /api/trading/order', key },
      { call: 'DELETE /api/trading/order', key },
    ]);
    expect(adminWrites).toEqual([
      { call: 'POST /api/auth/login', key: undefined },
      { call: 'POST /api/admin/kyc/approve', key },
    ]);
    const keys = [...traderWrites, ...adminWrites].map((write) => write.key).filter(Boolean);
    expect(new Set(keys).size).toBe(keys.length);

    await trader.context().close();
    await admin.context().close();
  });

  it('an order whose answer is lost on the way is sent again with its key: placed once, shown as placed', async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Ada Lovelace', uniqueEmail('al'), 'correct-horse-battery');
    const token = (await storedToken(trader))!;
    await verifyAndFund(server, token, 5000);
    const writes = writesOf(trader);
    // The first attempt reaches the server and is done there; its answer never comes back.
    let dropped = false;
    await trader.route('**/api/trading/order', async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch();
      await route.abort('connectionreset');
    });

    await trader.goto('/trade?pair=ETHUSDT');
    const form = trader.getByTestId('order-form');
    await form.getByText('5,000.00 USDT').waitFor();
    await form.getByLabel('Price').fill('100');
    await form.getByLabel('Amount').fill('2');
    await form.getByRole('button', { name: 'Buy ETH' }).click();
    await toast(trader, 'BUY order placed!').waitFor();

    const [first, retry, ...more] = writes.filter((write) => write.call === 'POST /api/trading/order');
    expect(more).toEqual([]);
    expect(retry!.key).toBe(first!.key);
    const open = await api<Array<{ id: string }>>(server, token, 'GET', '/trading/orders/open?symbol=ETHUSDT');
    expect(open).toHaveLength(1);
    await api(server, token, 'DELETE', '/trading/order', { order_id: open[0]!.id });
    await trader.context().close();
  });

  it('a verified trader buys on the simple screen at the live quote and the balance drops', async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Radia Perlman', uniqueEmail('rp'), 'correct-horse-battery');
    await verifyAndFund(server, (await storedToken(trader))!, 5000);

    await trader.goto('/trading');
    await trader.getByTestId('balance').filter({ hasText: '$5,000.00' }).waitFor();
    await trader.getByText('Ethereum').click();
    await trader.getByLabel('Amount').fill('0.5');
    await trader.getByRole('button', { name: 'BUY' }).click();
    await toast(trader, 'BUY order executed!').waitFor();
    await trader.getByTestId('balance').filter({ hasNotText: '$5,000.00' }).waitFor();
    await trader.getByText('0.5000 ETH').waitFor();

    await trader.getByLabel('Amount').fill('1000');
    await trader.getByRole('button', { name: 'BUY' }).click();
    await toast(trader, 'Insufficient balance').waitFor();

    // Forex: euros bought for dollars and sold back at the quote.
    await trader.getByRole('tab', { name: 'Forex' }).click();
    await trader.getByText('Euro / US Dollar').click();
    await trader.getByLabel('Amount').fill('100');
    // The crypto buy's toast may still be up: wait for one more, not for any.
    const buysShown = await toast(trader, 'BUY order executed!').count();
    await trader.getByRole('button', { name: 'BUY' }).click();
    await toast(trader, 'BUY order executed!').nth(buysShown).waitFor();
    await trader.getByTestId('holding').filter({ hasText: '100.00 EUR' }).waitFor();
    await trader.getByLabel('Amount').fill('100');
    await trader.getByRole('button', { name: 'SELL' }).click();
    await toast(trader, 'SELL order executed!').waitFor();
    await trader.getByTestId('holding').filter({ hasText: '0.00 EUR' }).waitFor();
    await trader.context().close();
  });

  it('a visitor sent from the markets page to log in comes back to the pair they chose', async () => {
    const visitor = await openPage(browser, server.baseUrl);
    const email = uniqueEmail('ml');
    await register(visitor, 'Margaret Hamilton', email, 'correct-horse-battery');
    await visitor.getByRole('button', { name: 'Logout' }).click();
    await visitor.goto('/markets');
    await visitor.getByRole('row', { name: /SOL\s*\/USDT/ }).click();
    await visitor.waitForURL('**/login');
    await logIn(visitor, email, 'correct-horse-battery', false);
    await visitor.waitForURL('**/trade?pair=SOLUSDT');
    await visitor.getByText('SOL/USDT').first().waitFor();
    await visitor.context().close();
  });

  it('a large photo is compressed before upload and still reaches the admin', async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Frances Allen', uniqueEmail('fa'), 'correct-horse-battery');
    const photo = await noisyPhoto(trader);
    expect(photo.length).toBeGreaterThan(1048576);

    await trader.getByRole('tab', { name: 'KYC' }).click();
    await trader.getByLabel('Document Type').selectOption('drivers_license');
    await trader
      .getByLabel('Upload Document (Max 10MB)')
      .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: photo });
    await trader.getByRole('button', { name: 'Submit KYC' }).click();
    await toast(trader, 'Image compressed for faster upload').waitFor();
    await toast(trader, 'KYC document submitted!').waitFor();

    const adminToken = await loginAdmin(server);
    const submissions = await api<{ document_type: string; document_url: string; user: { full_name: string } }[]>(
      server,
      adminToken,
      'GET',
      '/admin/kyc',
    );
    const mine = submissions.find((k) => k.user.full_name === 'Frances Allen')!;
    expect(mine.document_type).toBe('drivers_license');
    const document = await fetch(`${server.baseUrl}${mine.document_url}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    const bytes = Buffer.from(await document.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // JPEG now
    expect(bytes.length).toBeLessThan(photo.length);
    await trader.context().close();
  });

  it('a document over 10MB is refused before upload', async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Sophie Wilson', uniqueEmail('sw'), 'correct-horse-battery');
    await trader.goto('/dashboard?tab=kyc');
    await trader.getByLabel('Upload Document (Max 10MB)').setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(10485761, 0x20),
    });
    await toast(
      trader,
      'File size too large. Maximum size is 10MB. Please compress your image and try again.',
    ).waitFor();
    await trader.getByRole('button', { name: 'Submit KYC' }).click();
    await toast(trader, 'Please select a document').waitFor();
    await trader.context().close();
  });

  it('an unverified trader cannot submit an order', async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Barbara Liskov', uniqueEmail('bl'), 'correct-horse-battery');
    await trader.goto('/trade');
    const form = trader.getByTestId('order-form');
    expect(await form.getByRole('button', { name: 'Buy BTC' }).isDisabled()).toBe(true);
    await form.getByText('Complete KYC to start trading').waitFor();
    await trader.goto('/trading');
    await trader.getByText('Complete KYC verification to start trading').waitFor();
    await trader.context().close();
  });

  it('the order form shows Stop for stop-limit and hides Price for market orders', async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Lynn Conway', uniqueEmail('lc'), 'correct-horse-battery');
    await trader.goto('/trade');
    const form = trader.getByTestId('order-form');
    expect(await form.getByLabel('Stop').count()).toBe(0);
    await form.getByRole('button', { name: 'Stop-Limit' }).click();
    await form.getByLabel('Stop').waitFor();
    await form.getByLabel('Price').waitFor();
    await form.getByRole('button', { name: 'Market', exact: true }).click();
    expect(await form.getByLabel('Price').count()).toBe(0);
    await form.getByRole('button', { name: 'Sell', exact: true }).click();
    await form.locator('.kv', { hasText: 'Available' }).getByText('0.00000 BTC').waitFor();
    await form.getByRole('button', { name: 'Sell BTC' }).waitFor();
    await trader.context().close();
  });

  it('the pair list filters by search, switches pairs and remembers favourites', async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Shafi Goldwasser', uniqueEmail('sg'), 'correct-horse-battery');
    await trader.goto('/trade');
    await trader.getByLabel('Search pairs').fill('xr');
    expect(await trader.locator('.pair-row').count()).toBe(1);
    await trader.locator('.pair-row', { hasText: 'XRP' }).click();
    await trader.waitForURL('**/trade?pair=XRPUSDT');
    await trader.getByTestId('ticker-strip').getByText('XRP/USDT').waitFor();
    await trader.getByLabel('Favorite XRPUSDT').click();
    await trader.getByLabel('Search pairs').fill('');
    await trader.getByRole('tab', { name: '★ Favorites' }).click();
    expect(await trader.locator('.pair-row').count()).toBe(1);
    await trader.reload();
    await trader.getByRole('tab', { name: '★ Favorites' }).click();
    await trader.locator('.pair-row', { hasText: 'XRP' }).waitFor();
    expect(await trader.locator('.pair-row').count()).toBe(1);
    await trader.context().close();
  });
});
