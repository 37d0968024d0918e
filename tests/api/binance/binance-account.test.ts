import ccxt from 'ccxt';
import { money } from '../../../server/kernel/money';
import { ccxtBinance, type CcxtCredentials } from '../../support/ccxt-client';
import { createApiKey, signedCall, type CreatedApiKey } from '../../support/binance-client';
import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { credit, fundedTrader } from '../../support/trader-fixtures';

/** GET /api/v3/account in Binance's shape, read by hand and by CCXT's binance class. */

let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange();
});
afterAll(() => server.close());

const account = (key: CreatedApiKey, params: Record<string, string> = {}) =>
  signedCall(server.url, key, 'GET', '/account', params);

/** A KYC-approved trader holding dollars and bitcoin, part of the dollars held by an open buy order. */
async function traderWithOpenOrder() {
  const trader = await fundedTrader(server, { USD: '1000', BTC: '0.123456789012' });
  const order = await trader.client.post('/trading/order', {
    symbol: 'BTCUSDT',
    side: 'buy',
    type: 'limit',
    price: '10000',
    amount: '0.01',
  });
  expect(order.status).toBe(200);
  return trader;
}

/** The trader's dollars as the web API's Assets page shows them. */
async function dollarsOf(client: ApiClient): Promise<{ available: number; locked: number }> {
  const assets = (await client.get('/user/assets')).body as Array<{ asset: string; available: number; locked: number }>;
  return assets.find((asset) => asset.asset === 'USD')!;
}

/** The USDT balance is the dollars, with at least Binance's 8 decimals; what the order holds is locked. */
async function expectDollarsAsAssetsShowThem(client: ApiClient, usdt: { free: string; locked: string }) {
  const dollars = await dollarsOf(client);
  expect(usdt.free).toMatch(/^\d+\.\d{8,}$/);
  expect(usdt.locked).toMatch(/^\d+\.\d{8,}$/);
  expect(Number(usdt.free)).toBe(dollars.available);
  expect(Number(usdt.locked)).toBe(dollars.locked);
  // The order's hold: its price x amount (100 dollars) and what it may pay in fees.
  expect(Number(usdt.locked)).toBeGreaterThan(100);
  expect(money(usdt.free).plus(usdt.locked).toFixed()).toBe('1000');
}

describe('GET /api/v3/account', () => {
  it("answers Binance's shape: the dollars as USDT, free and held (locked) apart, amounts as exact strings", async () => {
    const before = Date.now();
    const trader = await traderWithOpenOrder();
    const key = await createApiKey(trader.client);
    const answer = await account(key);
    expect(answer.status).toBe(200);
    const held = answer.body.balances.find((balance: { asset: string }) => balance.asset === 'USDT');
    await expectDollarsAsAssetsShowThem(trader.client, held);
    expect(answer.body).toEqual({
      makerCommission: 10,
      takerCommission: 10,
      buyerCommission: 0,
      sellerCommission: 0,
      commissionRates: { maker: '0.00100000', taker: '0.00100000', buyer: '0.00000000', seller: '0.00000000' },
      canTrade: true,
      canWithdraw: true,
      canDeposit: true,
      brokered: false,
      requireSelfTradePrevention: false,
      preventSor: false,
      updateTime: expect.any(Number),
      accountType: 'SPOT',
      balances: expect.arrayContaining([
        held,
        // More decimals than Binance's eight are kept, never rounded.
        { asset: 'BTC', free: '0.123456789012', locked: '0.00000000' },
        { asset: 'ETH', free: '0.00000000', locked: '0.00000000' },
        { asset: 'EUR', free: '0.00000000', locked: '0.00000000' },
      ]),
      permissions: ['SPOT'],
      uid: trader.user.id,
    });
    expect(answer.body.balances.map((balance: { asset: string }) => balance.asset)).toEqual([
      'USDT',
      'BTC',
      'ETH',
      'BNB',
      'SOL',
      'XRP',
      'ADA',
      'EUR',
      'GBP',
      'JPY',
      'AUD',
    ]);
    // The time of the last change of a balance: the order's hold.
    expect(answer.body.updateTime).toBeGreaterThanOrEqual(before - 1000);
    expect(answer.body.updateTime).toBeLessThanOrEqual(Date.now());
  });

  it('leaves out the empty balances with omitZeroBalances=true, refusing a value that is not a boolean', async () => {
    const trader = await traderWithOpenOrder();
    const key = await createApiKey(trader.client, { label: 'reader', permissions: ['read'] });
    const answer = await account(key, { omitZeroBalances: 'true' });
    expect(answer.body.balances).toEqual([
      { asset: 'USDT', free: expect.any(String), locked: expect.any(String) },
      { asset: 'BTC', free: '0.123456789012', locked: '0.00000000' },
    ]);
    expect((await account(key, { omitZeroBalances: 'false' })).body.balances).toHaveLength(11);
    expect(await account(key, { omitZeroBalances: 'yes' })).toMatchObject({
      status: 400,
      body: {
        code: -1100,
        msg: "Illegal characters found in parameter 'omitZeroBalances'; legal range is '^(true|false)$'.",
      },
    });
    // Like every endpoint of the surface, it refuses a parameter it does not read.
    expect(await account(key, { symbol: 'BTCUSDT' })).toMatchObject({ status: 400, body: { code: -1104 } });
  });

  it('says canTrade only for a key with trading whose owner passed KYC', async () => {
    const approved = await fundedTrader(server, {});
    const readOnly = await createApiKey(approved.client, { label: 'reader', permissions: ['read'] });
    expect((await account(readOnly)).body.canTrade).toBe(false);
    const unverified = await registerTrader(new ApiClient(server.url));
    const trading = await createApiKey(unverified.client);
    const answer = await account(trading);
    expect(answer.body.canTrade).toBe(false);
    // A trader who never held anything: every balance zero, no change yet.
    expect(answer.body.updateTime).toBe(0);
  });

  it("shows the caller's own balances only", async () => {
    const rich = await fundedTrader(server, { USD: '5000' });
    const poor = await registerTrader(new ApiClient(server.url));
    await credit(server.exchange.context.dataSource, poor.user.id, 'USD', '1');
    const answer = await account(await createApiKey(poor.client), { omitZeroBalances: 'true' });
    expect(answer.body.balances).toEqual([{ asset: 'USDT', free: '1.00000000', locked: '0.00000000' }]);
    expect(answer.body.uid).toBe(poor.user.id);
    expect(answer.body.uid).not.toBe(rich.user.id);
  });
});

describe('CCXT', () => {
  /** ccxt.binance pointed at this exchange: it loads the markets from exchangeInfo before its first call. */
  const binance = (credentials: CcxtCredentials) => ccxtBinance(server.url, credentials);

  it('fetches the balance: free, used and total per asset', async () => {
    const trader = await traderWithOpenOrder();
    const key = await createApiKey(trader.client, { label: 'ccxt', permissions: ['read'] });
    const balance = await binance({ apiKey: key.api_key, secret: key.secret }).fetchBalance();
    const dollars = await dollarsOf(trader.client);
    expect(balance.USDT).toEqual({ free: dollars.available, used: dollars.locked, total: 1000 });
    expect(dollars.locked).toBeGreaterThan(100);
    expect(balance.BTC).toEqual({ free: 0.123456789012, used: 0, total: 0.123456789012 });
    expect(balance.info.uid).toBe(trader.user.id);
  });

  it('raises AuthenticationError for an unknown key and for a wrong secret', async () => {
    const trader = await registerTrader(new ApiClient(server.url));
    const key = await createApiKey(trader.client);
    const unknownKey = `${key.api_key.slice(0, 63)}${key.api_key.endsWith('A') ? 'B' : 'A'}`;
    await expect(binance({ apiKey: unknownKey, secret: key.secret }).fetchBalance()).rejects.toThrow(
      ccxt.AuthenticationError,
    );
    await expect(binance({ apiKey: key.api_key, secret: 'x'.repeat(64) }).fetchBalance()).rejects.toThrow(
      ccxt.AuthenticationError,
    );
  });

  it('raises PermissionDenied for a key used from an address its allowlist does not name', async () => {
    const trader = await registerTrader(new ApiClient(server.url));
    const key = await createApiKey(trader.client, {
      label: 'elsewhere',
      permissions: ['read'],
      ip_allowlist: ['203.0.113.9'],
    });
    const refused = binance({ apiKey: key.api_key, secret: key.secret }).fetchBalance();
    await expect(refused).rejects.toThrow(ccxt.PermissionDenied);
    await expect(refused).rejects.toThrow(/You are not authorized to execute this request/);
  });
});
