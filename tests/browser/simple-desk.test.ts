import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, register, storedToken, toast, uniqueEmail } from './support/browser';
import { verifyAndFund } from './support/exchange-api';
import { startExchangeServer, type ExchangeServer } from './support/exchange-server';

jest.setTimeout(120_000);

/** With the reference feed off the prices hold still: EURUSD's reference is 1.08, the desk 0.2% wide around it. */
describe('the simple screen shows the prices the desk fills at', () => {
  let server: ExchangeServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startExchangeServer({ MARKET_FEED: 'off' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a buy at the ask and a sell at the bid, the spread shown before either', async () => {
    const trader = await openPage(browser, server.baseUrl);
    await register(trader, 'Grace Hopper', uniqueEmail('gh'), 'correct-horse-battery');
    await verifyAndFund(server, (await storedToken(trader))!, 1000);

    await trader.goto('/trading');
    await trader.getByRole('tab', { name: 'Forex' }).click();
    await trader.getByText('Euro / US Dollar').click();
    await trader.getByTestId('buy-price').filter({ hasText: '1.0811' }).waitFor();
    await trader.getByTestId('sell-price').filter({ hasText: '1.0789' }).waitFor();
    await trader.getByText('0.20%').waitFor();

    await trader.getByLabel('Amount').fill('100');
    await trader.getByText('$108.11 buy / $107.89 sell').waitFor();
    await trader.getByRole('button', { name: 'BUY' }).click();
    await toast(trader, 'BUY order executed!').waitFor();
    await trader.getByTestId('balance').filter({ hasText: '$891.89' }).waitFor();

    await trader.getByLabel('Amount').fill('100');
    await trader.getByRole('button', { name: 'SELL' }).click();
    await toast(trader, 'SELL order executed!').waitFor();
    await trader.getByTestId('balance').filter({ hasText: '$999.78' }).waitFor();
    await trader.context().close();
  });
});
