import type { Browser, Page } from 'playwright-core';
import { logIn, storeToken, toast, uniqueEmail } from './support/browser';
import { registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(180_000);

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

describe('Earn', () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser(
    (started, launched) => {
      server = started;
      browser = launched;
    },
    { EARN_ACCRUAL_INTERVAL: '2s' },
  );

  const pageAt = async (viewport: { width: number; height: number }): Promise<Page> => {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport, hasTouch: viewport.width < 600 });
    return context.newPage();
  };

  it.each(SIZES)(
    'the admin creates a product and a trader subscribes, sees the interest accrue and redeems ($name)',
    async ({ name, viewport }) => {
      const admin = await pageAt(viewport);
      await logIn(admin, server.admin.email, server.admin.password);
      await admin.waitForURL('**/admin');
      await admin.getByRole('tab', { name: 'Earn' }).click();
      await admin.getByRole('button', { name: 'New Product' }).click();
      // APYs the venue's opening products (BTC 5.2%, USD 8%, ETH 7.8%, BNB 12.5%) do not have.
      await admin.getByLabel('APY (fraction)').fill(name === 'phone' ? '0.093' : '0.061');
      await admin.getByLabel('Minimum').fill('10');
      await admin.getByRole('button', { name: 'Create Product' }).click();
      await toast(admin, 'Product created').waitFor();
      const apy = name === 'phone' ? '9.3%' : '6.1%';
      const adminRow = admin.locator('tr[data-testid^="earn-admin-"]', { hasText: apy });
      await adminRow.filter({ hasText: 'Open' }).first().waitFor();
      const productId = (await adminRow.first().getAttribute('data-testid'))!.replace('earn-admin-', '');

      const token = await registerTrader(server, 'Erin Earner', uniqueEmail('earner'));
      await verifyAndFund(server, token, 500);
      const trader = await pageAt(viewport);
      await trader.goto('/login');
      await storeToken(trader, token);
      await trader.goto('/earn');
      const productRow = trader.getByTestId(`earn-product-${productId}`);
      await productRow.filter({ hasText: apy }).waitFor();
      // The programmes' figures are the best open APY of each kind: the opening products' until the
      // phone's 9.3% flexible one tops dollar savings; DeFi staking is not offered.
      const programme = (title: string) => trader.getByTestId(`earn-programme-${title}`);
      await programme('Locked Staking').filter({ hasText: 'Up to 12.5% APY' }).waitFor();
      await programme('Flexible Savings')
        .filter({ hasText: `Up to ${name === 'phone' ? '9.3' : '8'}% APY` })
        .waitFor();
      await programme('DeFi Staking').filter({ hasText: 'Coming soon' }).waitFor();
      await trader.getByText('No Earn positions yet').waitFor();

      await productRow.getByRole('button', { name: 'Subscribe' }).click();
      const dialog = trader.getByRole('dialog');
      await dialog.getByTestId('earn-available').filter({ hasText: '$500.00' }).waitFor();
      await dialog.getByLabel('Amount (USD)').fill('5');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'The minimum subscription is 10 USD' }).waitFor();
      await dialog.getByLabel('Amount (USD)').fill('600');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Insufficient balance' }).waitFor();
      await dialog.getByLabel('Amount (USD)').fill('200');
      await trader.screenshot({ path: `/tmp/earn-subscribe-${name}.png` });
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await toast(trader, 'Subscribed 200 USD to Earn!').waitFor();
      await dialog.waitFor({ state: 'detached' });

      const positionRow = trader.locator('tr[data-testid^="earn-position-"]');
      await positionRow.filter({ hasText: '$200.00' }).filter({ hasText: 'active' }).waitFor();
      // The runner's interest credits are pushed to the page (intervals of 2 s).
      await positionRow.getByTestId('earn-accrued').filter({ hasNotText: /^0$/ }).waitFor({ timeout: 15_000 });
      await trader.screenshot({ path: `/tmp/earn-positions-${name}.png`, fullPage: true });

      await positionRow.getByRole('button', { name: 'Redeem' }).click();
      await toast(trader, 'Position redeemed').waitFor();
      await positionRow.filter({ hasText: 'redeemed' }).waitFor();

      await admin.getByRole('button', { name: 'Pause' }).first().waitFor();
      await admin.reload();
      await admin.getByRole('tab', { name: 'Earn' }).click();
      await admin
        .getByTestId('earn-interest')
        .filter({ hasNotText: /Interest paid: 0 USD$/ })
        .waitFor();
      await admin.screenshot({ path: `/tmp/earn-admin-${name}.png`, fullPage: true });
      await trader.context().close();
      await admin.context().close();
    },
  );
});
