import type { Browser } from 'playwright-core';
import { logIn, openPage, register, storedToken, toast, uniqueEmail } from './support/browser';
import { api, deskTrade, registerTrader, TINY_PNG, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(120_000);

/** Money as the screens write it: thousands separators and exactly 2 decimals. */
const TWO_DECIMALS = /^-?\$?\d{1,3}(,\d{3})*\.\d{2}$/;
const cents = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function fundedTraderPage(browser: Browser, server: ExchangeServer, name: string, dollars: number) {
  const page = await openPage(browser, server.baseUrl);
  await register(page, name, uniqueEmail('tn'), 'correct-horse-battery');
  const token = (await storedToken(page))!;
  await verifyAndFund(server, token, dollars);
  return { page, token };
}

// The reference feed off: USDJPY holds at 148.5, the desk's bid 148.351 and ask 148.649.
describe('forex figures in their currency', () => {
  let server: ExchangeServer;
  let browser: Browser;
  withExchangeAndBrowser(
    (started, launched) => {
      server = started;
      browser = launched;
    },
    { MARKET_FEED: 'off' },
  );

  it('USDJPY totals are in yen, a buy needs yen, and the yen held are valued in dollars', async () => {
    const { page } = await fundedTraderPage(browser, server, 'Satoshi Yen', 2000);
    await page.goto('/trading');
    await page.getByRole('tab', { name: 'Forex' }).click();
    await page.getByText('US Dollar / Japanese Yen').click();
    await page.getByTestId('buy-price').filter({ hasText: '148.6490' }).waitFor();
    await page.getByText('Amount (USD)').waitFor();
    await page.getByLabel('Amount').fill('1000');
    await page.getByTestId('total').filter({ hasText: '148,649.00 JPY buy / 148,351.00 JPY sell' }).waitFor();
    expect(await page.getByText('$148,').count()).toBe(0);

    // Buying USDJPY buys dollars paying yen: a dollar account has none yet.
    await page.getByRole('button', { name: 'BUY' }).click();
    await toast(page, 'Insufficient balance').waitFor();

    await page.getByRole('button', { name: 'SELL' }).click();
    await toast(page, 'SELL order executed!').waitFor();
    await page.getByTestId('balance').filter({ hasText: '$1,000.00' }).waitFor();
    // 148,351 yen at 148.5 yen a dollar.
    await page.getByTestId('holding').filter({ hasText: '148,351.00 JPY ≈ $999.00' }).waitFor();

    await page.goto('/dashboard?tab=trades');
    await page.getByText('148,351.00 JPY').first().waitFor();
    expect(await page.getByText('$148,351.00').count()).toBe(0);
    await page.context().close();
  });

  it('EURUSD totals are in dollars and the euros held are named so', async () => {
    const { page } = await fundedTraderPage(browser, server, 'Euro Buyer', 1000);
    await page.goto('/trading?symbol=EURUSD');
    await page.getByText('Amount (EUR)').waitFor();
    await page.getByLabel('Amount').fill('100');
    await page.getByTestId('total').filter({ hasText: '$108.11 buy / $107.89 sell' }).waitFor();
    await page.getByRole('button', { name: 'BUY' }).click();
    await toast(page, 'BUY order executed!').waitFor();
    await page.getByTestId('holding').filter({ hasText: '100.00 EUR ≈ $108.00' }).waitFor();
    await page.context().close();
  });
});

describe('numbers and texts on the screens', () => {
  let server: ExchangeServer;
  let browser: Browser;
  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  it('the Funds tab shows dollars in cents with separators and coins to their lot', async () => {
    const { page, token } = await fundedTraderPage(browser, server, 'Funds Viewer', 40950);
    await deskTrade(server, token, 'ETHUSDT', 'buy', '0.0123');
    const assets = await api<{ asset: string; total: number }[]>(server, token, 'GET', '/user/assets');
    const dollars = assets.find((a) => a.asset === 'USD')!.total;
    expect(dollars).not.toBe(Number(dollars.toFixed(2))); // more than cents: the screen must round

    await page.goto('/trade');
    await page.getByRole('tab', { name: 'Funds' }).click();
    const usdRow = page.getByTestId('user-orders').locator('tr', { hasText: 'USD' }).first();
    const usdTotal = (await usdRow.locator('td').nth(1).textContent())!;
    expect(usdTotal).toMatch(TWO_DECIMALS);
    expect(usdTotal).toBe(cents(dollars));
    const ethRow = page.getByTestId('user-orders').locator('tr', { hasText: 'ETH' }).first();
    expect(await ethRow.locator('td').nth(1).textContent()).toBe('0.0123');
    await page.context().close();
  });

  it('a negative or malformed deposit or withdrawal amount gets our message, not the browser tooltip', async () => {
    const page = await openPage(browser, server.baseUrl);
    await register(page, 'Careful Typist', uniqueEmail('typist'), 'correct-horse-battery');
    const refused = async (label: string, amount: string, button: string) => {
      // One message at a time: the one this try brings is then the only one.
      await toast(page, 'Please enter a valid amount').first().waitFor({ state: 'detached' });
      await page.getByLabel(label).fill(amount);
      await page.getByRole('button', { name: button }).click();
      // The browser's own check would stop the form before our message.
      await toast(page, 'Please enter a valid amount').waitFor();
    };
    await refused('Amount (USD)', '-5', 'Request Deposit');
    await refused('Amount (USD)', '1.234', 'Request Deposit');
    await page.getByText('No deposits yet').waitFor();
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    await refused('Amount (USD)', '-1', 'Request Withdrawal');
    await page.getByText('No withdrawals yet').waitFor();
    await page.context().close();
  });

  it("the admin's KYC list and dialog name the document types as traders choose them", async () => {
    for (const [type, name] of [
      ['id_card', 'Ida Card'],
      ['drivers_license', 'Dee License'],
    ]) {
      const token = await registerTrader(server, name!, uniqueEmail(type!));
      await api(server, token, 'POST', '/kyc/submit', {
        document_type: type,
        document_data: TINY_PNG.toString('base64'),
      });
    }
    const admin = await openPage(browser, server.baseUrl);
    await logIn(admin, server.admin.email, server.admin.password);
    await admin.waitForURL('**/admin');
    await admin.getByRole('tab', { name: 'KYC Submissions' }).click();
    const row = (name: string) => admin.locator('tr', { hasText: name });
    await row('Ida Card').getByRole('cell', { name: 'ID Card', exact: true }).waitFor();
    await row('Dee License').getByRole('cell', { name: "Driver's License", exact: true }).waitFor();
    expect(await admin.getByText(/Id Card/).count()).toBe(0);
    expect(await admin.getByText(/Drivers License/).count()).toBe(0);
    await row('Dee License').getByRole('button', { name: 'View Document' }).click();
    await admin.getByRole('dialog').getByText("Driver's License").waitFor();
    await admin.context().close();
  });

  it('Buy Crypto shows the rate in the chosen currency with 2 decimals and the coin to its lot', async () => {
    const page = await openPage(browser, server.baseUrl);
    await page.goto('/buy-crypto');
    await page.getByText(/^1 BTC ≈ \$\d{1,3}(,\d{3})+\.\d{2}$/).waitFor();
    await page.getByText(/^~\d+\.\d{5} BTC$/).waitFor();
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByText(/^1 BTC ≈ \d{1,3}(,\d{3})+\.\d{2} EUR$/).waitFor();
    await page.getByLabel('Receive').selectOption('ETH');
    await page.getByText(/^~\d+\.\d{4} ETH$/).waitFor();
    await page.context().close();
  });
});
