import { money } from '../../../server/kernel/money';
import { ccxtBinance, type CcxtCredentials } from '../../support/ccxt-client';
import { binanceCall, createApiKey, signedCall, type CreatedApiKey } from '../../support/binance-client';
import { signInAdmin } from '../../support/back-office';
import { eventually } from '../../support/eventually';
import type { ApiClient } from '../../support/http-client';
import { OPENING_BOOK_MARKETS } from '../../support/opening-catalog';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

/**
 * The signed account endpoints beside /api/v3/account (commission, rateLimit/order) and the
 * /sapi/v1 wallet endpoints programs call as they start, by hand and through CCXT's binance class
 * with its sapi URL pointed here and fetchCurrencies / fetchMargins left on.
 */

let server: TestExchange;
let admin: ApiClient;

// The venue's default rates: every market without its own charges them.
const MAKER = '0.0007';
const TAKER = '0.0023';

beforeAll(async () => {
  server = await startTestExchange({ MAKER_FEE_RATE: MAKER, TAKER_FEE_RATE: TAKER, API_ORDER_LIMIT: '7' });
  admin = await signInAdmin(server);
});
afterAll(() => server.close());

interface AdminMarket {
  symbol: string;
  kind: string;
  maker_fee_rate: string;
  taker_fee_rate: string;
  default_fees: boolean;
}

const bookMarkets = async () =>
  ((await admin.get('/admin/markets')).body as AdminMarket[]).filter((market) => market.kind === 'book');

/** What `trader` pays on each book market: its fee tier's rates, a market's own rates as their floor (server/trading/fee-tiers). */
async function paidRates(trader: ApiClient): Promise<Map<string, { maker: string; taker: string }>> {
  const tier = (await trader.get('/account/fee-tier')).body as { maker_rate: string; taker_rate: string };
  const paid = (own: string, tierRate: string, defaults: boolean) =>
    defaults || money(tierRate).gt(own) ? tierRate : own;
  return new Map(
    (await bookMarkets()).map((market) => [
      market.symbol,
      {
        maker: paid(market.maker_fee_rate, tier.maker_rate, market.default_fees),
        taker: paid(market.taker_fee_rate, tier.taker_rate, market.default_fees),
      },
    ]),
  );
}

const sapi = (key: CreatedApiKey, path: string, params: Record<string, string> = {}) =>
  signedCall(server.url, key, 'GET', path, params, { api: '/sapi/v1' });

async function keyed(balances: Record<string, string> = { USD: '1000' }, permissions = ['read', 'trade']) {
  const trader = await fundedTrader(server, balances, 'Wallet Trader');
  const key = await createApiKey(trader.client, { label: 'bot', permissions });
  return { ...trader, key };
}

const used = (answer: { headers: Record<string, unknown> }) => Number(answer.headers['x-mbx-used-weight-1m']);
const eight = (value: string) => money(value).toFixed(8);

describe('GET /api/v3/account/commission', () => {
  it("tells the caller's maker and taker rates on the symbol, with no buyer, seller, special or tax rates and no discount", async () => {
    const { key, client } = await keyed({}, ['read']);
    const rates = await paidRates(client);
    for (const symbol of ['BTCUSDT', 'SOLUSDT']) {
      const answer = await signedCall(server.url, key, 'GET', '/account/commission', { symbol });
      expect(answer.status).toBe(200);
      const zero = { maker: '0.00000000', taker: '0.00000000', buyer: '0.00000000', seller: '0.00000000' };
      expect(answer.body).toEqual({
        symbol,
        standardCommission: {
          maker: eight(rates.get(symbol)!.maker),
          taker: eight(rates.get(symbol)!.taker),
          buyer: '0.00000000',
          seller: '0.00000000',
        },
        specialCommission: zero,
        taxCommission: zero,
        discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: '0.00000000' },
      });
    }
  });

  it('refuses as Binance does: no symbol (-1102), an unknown one (-1121), no signature, and weighs 20', async () => {
    const { key } = await keyed();
    const missing = await signedCall(server.url, key, 'GET', '/account/commission');
    expect(missing.body).toEqual({
      code: -1102,
      msg: "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.",
    });
    const unknown = await signedCall(server.url, key, 'GET', '/account/commission', { symbol: 'DOGEUSDT' });
    expect(unknown.body).toEqual({ code: -1121, msg: 'Invalid symbol.' });
    const unsigned = await binanceCall(server.url, 'GET', '/account/commission', { query: 'symbol=BTCUSDT' });
    expect(unsigned.body.code).toBe(-2014);
    const first = await signedCall(server.url, key, 'GET', '/account/commission', { symbol: 'BTCUSDT' });
    const second = await signedCall(server.url, key, 'GET', '/account/commission', { symbol: 'BTCUSDT' });
    expect(used(second) - used(first)).toBe(20);
  });
});

describe('GET /api/v3/rateLimit/order', () => {
  it("tells the caller's orders against each order limit in force, counting none itself, and weighs 40", async () => {
    const { key } = await keyed();
    const limits = async () => {
      const answer = await signedCall(server.url, key, 'GET', '/rateLimit/order');
      expect(answer.status).toBe(200);
      return answer;
    };
    const before = await limits();
    expect(before.body).toEqual([
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 7, count: 0 },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 200000, count: 0 },
    ]);
    for (const price of ['100', '101']) {
      const placed = await signedCall(server.url, key, 'POST', '/order', {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '0.1',
        price,
      });
      expect(placed.status).toBe(200);
    }
    const after = await limits();
    // Within the same 10 seconds, or the day's count alone tells both.
    expect(after.body[1].count).toBe(2);
    expect([2, 0]).toContain(after.body[0].count);
    expect(used(after) - used(before)).toBeGreaterThanOrEqual(40);
    const again = await limits();
    expect(again.body[1].count).toBe(2);
    expect(used(again) - used(after)).toBe(40);
    const extra = await signedCall(server.url, key, 'GET', '/rateLimit/order', { symbol: 'BTCUSDT' });
    expect(extra.body.code).toBe(-1104);
  });
});

describe('GET /sapi/v1/system/status', () => {
  it('is normal (0) while a market takes orders, maintenance (1) while every one is halted or cancel-only', async () => {
    const status = async () => (await binanceCall(server.url, 'GET', '/system/status', { api: '/sapi/v1' })).body;
    expect(await status()).toEqual({ status: 0, msg: 'normal' });
    const patch = (symbol: string, change: string) =>
      admin.request('PATCH', `/admin/markets/${symbol}`, { body: { status: change } });
    const [first, ...rest] = OPENING_BOOK_MARKETS.map((market) => market.symbol);
    try {
      expect((await patch(first!, 'cancel_only')).status).toBe(200);
      for (const symbol of rest) expect((await patch(symbol, 'halted')).status).toBe(200);
      await eventually(async () => ((await status()).status === 1 ? true : undefined), 5000, 'maintenance');
      expect(await status()).toEqual({ status: 1, msg: 'system_maintenance' });
    } finally {
      for (const symbol of [first!, ...rest]) await patch(symbol, 'trading');
    }
    await eventually(async () => ((await status()).status === 0 ? true : undefined), 5000, 'normal again');
  });
});

describe('the signed wallet endpoints', () => {
  it("account/status is Normal; asset/tradeFee the caller's rates of one symbol or every one, as decimals", async () => {
    const { key, client, user } = await keyed({}, ['read']);
    expect((await sapi(key, '/account/status')).body).toEqual({ data: 'Normal' });
    // A tier below the markets' default rates: where a market has none of its own, the caller pays the tier's.
    await server.exchange.context.dataSource.query(
      "UPDATE users SET fee_tier = 'Wallet VIP', tier_maker_rate = '0.0003', tier_taker_rate = '0.0004' WHERE id = $1",
      [user.id],
    );
    const rates = await paidRates(client);
    expect([...rates.values()].some((rate) => rate.maker === '0.0003')).toBe(true);
    const all = await sapi(key, '/asset/tradeFee');
    expect(all.body).toEqual(
      OPENING_BOOK_MARKETS.map(({ symbol }) => ({
        symbol,
        makerCommission: money(rates.get(symbol)!.maker).toFixed(),
        takerCommission: money(rates.get(symbol)!.taker).toFixed(),
      })),
    );
    expect((await sapi(key, '/asset/tradeFee', { symbol: 'ETHUSDT' })).body).toEqual([
      all.body.find((fee: { symbol: string }) => fee.symbol === 'ETHUSDT'),
    ]);
    const unsigned = await binanceCall(server.url, 'GET', '/account/status', {
      api: '/sapi/v1',
      headers: { 'X-MBX-APIKEY': key.api_key },
    });
    expect(unsigned.body).toEqual({
      code: -1102,
      msg: "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed.",
    });
  });

  it('capital/config/getall lists every asset: dollars by bank transfer, the rest held on the exchange only', async () => {
    const { key, client } = await keyed({ USD: '1000', BTC: '0.5' });
    const withdrawal = await client.post('/withdraw/request?amount=100');
    expect(withdrawal.status).toBe(200);
    const order = await client.post('/trading/order', {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      amount: '1',
    });
    expect(order.status).toBe(200);
    const answer = await sapi(key, '/capital/config/getall');
    expect(answer.status).toBe(200);
    const coins = new Map(answer.body.map((coin: { coin: string }) => [coin.coin, coin]));
    expect([...coins.keys()]).toEqual(expect.arrayContaining(['USDT', ...OPENING_BOOK_MARKETS.map((m) => m.base)]));
    expect(coins.get('USD')).toBeUndefined();

    const usdt: any = coins.get('USDT');
    expect(usdt).toMatchObject({
      depositAllEnable: true,
      withdrawAllEnable: true,
      name: 'US Dollar',
      withdrawing: '100.00000000',
      isLegalMoney: true,
      trading: true,
    });
    // 1000 less the withdrawal and the order's hold; locked is the order's hold alone.
    expect(money(usdt.free).plus(usdt.locked).plus(usdt.withdrawing).toFixed()).toBe('1000');
    expect(money(usdt.locked).gte(100)).toBe(true);
    expect(usdt.networkList).toEqual([
      expect.objectContaining({
        network: 'BANK',
        coin: 'USDT',
        isDefault: true,
        depositEnable: true,
        withdrawEnable: true,
        withdrawFee: '0',
        withdrawMin: '0.01',
        withdrawIntegerMultiple: '0.01',
      }),
    ]);

    expect(coins.get('BTC')).toMatchObject({
      name: 'Bitcoin',
      free: '0.50000000',
      locked: '0.00000000',
      withdrawing: '0.00000000',
      depositAllEnable: false,
      withdrawAllEnable: false,
      isLegalMoney: false,
      trading: true,
      networkList: [expect.objectContaining({ network: 'EXCHANGE', depositEnable: false, withdrawEnable: false })],
    });
    expect(coins.get('EUR')).toMatchObject({ name: 'Euro', isLegalMoney: true, depositAllEnable: false });
  });

  it('the margin pairs are none: allPairs with the key alone, isolated/allPairs signed', async () => {
    const { key } = await keyed({}, ['read']);
    const withKey = (path: string) =>
      binanceCall(server.url, 'GET', path, { api: '/sapi/v1', headers: { 'X-MBX-APIKEY': key.api_key } });
    expect((await withKey('/margin/allPairs')).body).toEqual([]);
    expect((await sapi(key, '/margin/allPairs')).body).toEqual([]);
    expect((await binanceCall(server.url, 'GET', '/margin/allPairs', { api: '/sapi/v1' })).body.code).toBe(-2014);
    expect((await sapi(key, '/margin/isolated/allPairs')).body).toEqual([]);
    expect((await withKey('/margin/isolated/allPairs')).body.code).toBe(-1102);
  });

  it("a path of /sapi/v1 not served here is Binance's unknown endpoint", async () => {
    const answer = await binanceCall(server.url, 'GET', '/capital/deposit/address', { api: '/sapi/v1' });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: -1000, msg: 'Unknown endpoint: GET /sapi/v1/capital/deposit/address' });
  });
});

describe('CCXT with its wallet (sapi) URL pointed here', () => {
  // fetchCurrencies and fetchMargins are left as CCXT sets them: on.
  const binance = (credentials: CcxtCredentials = {}) => ccxtBinance(server.url, credentials);

  it("loads markets and currencies with a key, fetches the caller's trading fees and the status", async () => {
    const { key, client } = await keyed({ USD: '250' });
    const exchange = binance({ apiKey: key.api_key, secret: key.secret });
    const markets = await exchange.loadMarkets();
    expect(Object.keys(markets).sort()).toEqual(OPENING_BOOK_MARKETS.map((m) => `${m.base}/USDT`).sort());
    expect(exchange.currencies.USDT).toMatchObject({ id: 'USDT', deposit: true, withdraw: true, active: true });
    expect(exchange.currencies.BTC).toMatchObject({ id: 'BTC', name: 'Bitcoin', deposit: false, withdraw: false });

    const currencies = await exchange.fetchCurrencies();
    expect(currencies!.USDT!.networks.BANK).toMatchObject({ deposit: true, withdraw: true, fee: 0 });

    const rates = await paidRates(client);
    const fee = await exchange.fetchTradingFee('BTC/USDT');
    expect(fee).toMatchObject({
      symbol: 'BTC/USDT',
      maker: Number(rates.get('BTCUSDT')!.maker),
      taker: Number(rates.get('BTCUSDT')!.taker),
    });
    const fees = await exchange.fetchTradingFees();
    expect(Object.keys(fees).sort()).toEqual(Object.keys(markets).sort());
    expect(fees['ETH/USDT']).toMatchObject({ maker: Number(rates.get('ETHUSDT')!.maker) });

    expect(await exchange.fetchStatus()).toMatchObject({ status: 'ok' });
    const balance = await exchange.fetchBalance();
    expect(balance.USDT).toMatchObject({ free: 250, used: 0, total: 250 });
  });

  it('loads markets without a key too (CCXT then asks no wallet endpoint)', async () => {
    const markets = await binance().loadMarkets();
    expect(markets['BTC/USDT']).toMatchObject({ id: 'BTCUSDT', spot: true });
    expect(await binance().fetchStatus()).toMatchObject({ status: 'ok' });
  });
});
