import type { Browser, Page } from 'playwright-core';
import { logIn, openPage, PUSHED_MS, storeToken, toast, uniqueEmail } from './support/browser';
import { adminToken, api, registerTrader, verifyAndFund } from './support/exchange-api';
import type { ExchangeServer } from './support/exchange-server';
import { withExchangeAndBrowser } from './support/suite';

jest.setTimeout(180_000);

/** Opens the listing form and lists DOGE/USDT, the base asset typed as given. */
async function listDoge(admin: Page, typed: string) {
  await admin.getByRole('button', { name: 'List Market' }).click();
  await admin.getByLabel('Base Asset').fill(typed);
  await admin.getByLabel('Tick Size').fill('0.00001');
  await admin.getByLabel('Lot Size').fill('1');
  await admin.getByLabel('Min Order Value (USDT)').fill('1');
  await admin.getByLabel('Reference Price (USDT)').fill('0.25');
  await admin.getByRole('button', { name: 'List DOGE/USDT' }).click();
}

describe("the admin's Markets tab", () => {
  let server: ExchangeServer;
  let browser: Browser;

  withExchangeAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  });

  it('lists a new pair, halts and resumes a market and sets its fees; traders see the pair and the halt', async () => {
    // A trader's screens are open before anything changes: they pick the changes up without a reload.
    const token = await registerTrader(server, 'Markets Trader', uniqueEmail('markets'));
    await verifyAndFund(server, token, 1000);
    const trader: Page = await openPage(browser, server.baseUrl);
    await trader.goto('/login');
    await storeToken(trader, token);
    await trader.goto(`${server.baseUrl}/trade?pair=ETHUSDT`);
    const orderButton = trader.getByRole('button', { name: 'Buy ETH' });
    await orderButton.waitFor();
    expect(await orderButton.isDisabled()).toBe(false);
    await trader.getByText('● Live').waitFor();
    const enabledOrderButton = trader.locator('button[type="submit"]:not([disabled])', { hasText: 'Buy ETH' });

    const admin: Page = await openPage(browser, server.baseUrl);
    await logIn(admin, server.admin.email, server.admin.password);
    await admin.waitForURL('**/admin');
    await admin.getByRole('tab', { name: 'Markets' }).click();
    const row = (symbol: string) => admin.getByTestId(`market-${symbol}`);
    await row('BTCUSDT').filter({ hasText: 'Trading' }).waitFor();
    expect(await row('EURUSD').textContent()).toContain('Forex');

    await listDoge(admin, 'doge');
    await toast(admin, 'Market listed').waitFor();
    await row('DOGEUSDT').filter({ hasText: 'Trading' }).waitFor();

    // The same listing again is refused with the server's reason.
    await listDoge(admin, 'DOGE');
    await toast(admin, 'Market already listed').waitFor();
    await admin.getByRole('button', { name: 'Cancel', exact: true }).click();

    // Halt asks for a second press: the first changes nothing.
    await row('ETHUSDT').getByRole('button', { name: 'Halt' }).click();
    await row('ETHUSDT').getByRole('button', { name: 'Confirm Halt' }).waitFor();
    const catalog = await api<{ markets: { symbol: string; status: string }[] }>(server, null, 'GET', '/markets');
    expect(catalog.markets.find((m) => m.symbol === 'ETHUSDT')?.status).toBe('trading');
    // The trader's screen hears of the halt from its market's room at once: its catalog refresh is
    // held back meanwhile, so nothing else can tell it.
    await trader.route('**/api/markets', (route) => route.abort());
    await row('ETHUSDT').getByRole('button', { name: 'Confirm Halt' }).click();
    await toast(admin, 'Market halted').waitFor();
    await trader.getByTestId('market-closed').filter({ hasText: 'Market is halted' }).waitFor({ timeout: PUSHED_MS });
    expect(await orderButton.isDisabled()).toBe(true);
    await trader.unroute('**/api/markets');
    await row('ETHUSDT').filter({ hasText: 'Halted' }).waitFor();

    await row('SOLUSDT').getByRole('button', { name: 'Fees' }).click();
    await admin.getByLabel('Maker fee rate of SOLUSDT').fill('0.0005');
    await admin.getByLabel('Taker fee rate of SOLUSDT').fill('0.004');
    await row('SOLUSDT').getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'Fees updated').waitFor();
    await row('SOLUSDT').filter({ hasText: '0.05%' }).filter({ hasText: '0.4%' }).waitFor();

    await row('SOLUSDT').getByRole('button', { name: 'Fees' }).click();
    await admin.getByLabel('Maker fee rate of SOLUSDT').fill('2');
    await row('SOLUSDT').getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'maker_fee_rate: must be a decimal between 0 and 1 with at most 6 decimals').waitFor();

    // The trader's lists follow the catalog: the new pair is listed, the halted one marked.
    await trader.locator('.pair-row').filter({ hasText: 'DOGE' }).waitFor({ timeout: 20_000 });
    expect(await trader.locator('.pair-row').filter({ hasText: 'ETH' }).textContent()).toContain('Halted');

    await trader.goto(`${server.baseUrl}/markets`);
    await trader.locator('tr').filter({ hasText: 'ETH/USDT' }).filter({ hasText: 'Halted' }).waitFor();
    await trader.locator('tr').filter({ hasText: 'DOGE/USDT' }).waitFor();

    // Resumed, it trades again: an open trade screen hears of it at once too.
    await trader.goto(`${server.baseUrl}/trade?pair=ETHUSDT`);
    await trader.getByTestId('market-closed').waitFor();
    await trader.getByText('● Live').waitFor();
    await trader.route('**/api/markets', (route) => route.abort());
    await row('ETHUSDT').getByRole('button', { name: 'Resume' }).click();
    await toast(admin, 'Market resumed').waitFor();
    await enabledOrderButton.waitFor({ timeout: PUSHED_MS });
    expect(await trader.getByTestId('market-closed').count()).toBe(0);
    await row('ETHUSDT').filter({ hasText: 'Trading' }).waitFor();

    await trader.context().close();
    await admin.context().close();
  });

  it('empties a halted market and changes its tick, lot and minimum value, which orders then follow', async () => {
    const link = { symbol: 'LINKUSDT', base_asset: 'LINK', tick_size: '0.001', lot_size: '0.01' };
    await api(server, await adminToken(server), 'POST', '/admin/markets', {
      ...link,
      min_notional: '1',
      reference_price: '15',
    });
    const token = await registerTrader(server, 'Rules Trader', uniqueEmail('rules'));
    await verifyAndFund(server, token, 1000);
    const order = { symbol: 'LINKUSDT', side: 'buy', type: 'limit', amount: '1', price: '10' };
    await api(server, token, 'POST', '/trading/order', order);

    const admin: Page = await openPage(browser, server.baseUrl);
    await logIn(admin, server.admin.email, server.admin.password);
    await admin.waitForURL('**/admin');
    await admin.getByRole('tab', { name: 'Markets' }).click();
    const row = admin.getByTestId('market-LINKUSDT');
    const editRules = async (tick: string, lot: string, min: string) => {
      await row.getByRole('button', { name: 'Rules' }).click();
      await admin.getByLabel('Tick size of LINKUSDT').fill(tick);
      await admin.getByLabel('Lot size of LINKUSDT').fill(lot);
      await admin.getByLabel('Min order value of LINKUSDT').fill(min);
      await row.getByRole('button', { name: 'Save' }).click();
    };

    // An order rests: the rules stay.
    await editRules('0.01', '0.1', '5');
    await toast(
      admin,
      'The tick size, lot size and minimum order value change only while the book holds no order',
    ).waitFor();
    await row.getByRole('button', { name: 'Cancel', exact: true }).click();

    // Halted, its orders are cancelled (a second press confirms), then the rules change.
    expect(await row.getByRole('button', { name: 'Cancel Orders' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Halt' }).click();
    await row.getByRole('button', { name: 'Confirm Halt' }).click();
    await toast(admin, 'Market halted').waitFor();
    await row.getByRole('button', { name: 'Cancel Orders' }).click();
    await row.getByRole('button', { name: 'Confirm Cancel All' }).click();
    await toast(admin, 'Open orders cancelled').waitFor();
    await editRules('0.01', '0.1', '5');
    await toast(admin, 'Market rules updated').waitFor();
    await row.filter({ hasText: '0.01' }).filter({ hasText: '0.1' }).waitFor();
    await row.getByRole('button', { name: 'Resume' }).click();
    await toast(admin, 'Market resumed').waitFor();

    // Orders then follow the new rules.
    await expect(api(server, token, 'POST', '/trading/order', { ...order, amount: '0.65' })).rejects.toThrow(
      'Amount must be a multiple of the lot size 0.1',
    );
    const placed = await api<{ status: string }>(server, token, 'POST', '/trading/order', {
      ...order,
      amount: '0.6',
      price: '10.01',
    });
    expect(placed.status).toBe('new');

    await admin.context().close();
  });
});
