import { ForexCurrencies1795700000000 } from '../../../server/platform/db/migrations/1795700000000-ForexCurrencies';
import { checkLedger } from '../../../server/ledger/ledger-check';
import { availableBalance, post } from '../../../server/ledger/ledger';
import { ApiClient } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

type Trader = Awaited<ReturnType<typeof fundedTrader>>;

// With the reference feed off the forex quotes hold still: EURUSD 1.0789 / 1.0811, USDJPY 148.351 / 148.649.
let server: TestExchange;
beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED: 'off' });
});
afterAll(() => server.close());

const dataSource = () => server.exchange.context.dataSource;

/** Exact, as decimal text. */
const held = async (trader: Trader, asset: string) =>
  (await availableBalance(dataSource().manager, trader.user.id, asset)).toFixed();

async function deskTrade(trader: Trader, symbol: string, side: 'buy' | 'sell', amount: string) {
  const quotes = (await new ApiClient(server.url).get('/market/quotes')).body;
  const quote = quotes.find((q: { symbol: string }) => q.symbol === symbol);
  const params = new URLSearchParams({
    symbol,
    trade_type: side,
    amount,
    price: String(quote[side === 'buy' ? 'ask' : 'bid']),
  });
  return trader.client.post(`/trade?${params}`);
}

async function expectLedgerClean() {
  const check = await checkLedger(dataSource().manager);
  expect(check.mismatches).toEqual([]);
  expect(check.ok).toBe(true);
}

describe('a dollar account trading a pair quoted in dollars (EURUSD)', () => {
  it('buys euros for amount x ask dollars and sells them for amount x bid, exactly', async () => {
    const trader = await fundedTrader(server, { USD: '1000' });
    const bought = await deskTrade(trader, 'EURUSD', 'buy', '100.25');
    expect(bought.body).toMatchObject({
      symbol: 'EURUSD',
      type: 'buy',
      amount: 100.25,
      price: 1.0811,
      total: 108.380275,
    });
    expect(await held(trader, 'EUR')).toBe('100.25');
    expect(await held(trader, 'USD')).toBe('891.619725');
    const sold = await deskTrade(trader, 'EURUSD', 'sell', '100.25');
    expect(sold.body).toMatchObject({ price: 1.0789, total: 108.159725 });
    expect(await held(trader, 'EUR')).toBe('0');
    expect(await held(trader, 'USD')).toBe('999.77945');
    await expectLedgerClean();
  });

  it('cannot sell euros it does not hold', async () => {
    const trader = await fundedTrader(server, { USD: '1000' });
    const response = await deskTrade(trader, 'GBPUSD', 'sell', '1');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Insufficient balance' });
    expect(await held(trader, 'USD')).toBe('1000');
  });
});

describe('a dollar account trading a pair whose base is the dollar (USDJPY)', () => {
  it('sells dollars for amount x bid yen, and buys dollars back paying amount x ask yen, exactly', async () => {
    const trader = await fundedTrader(server, { USD: '2000' });
    const sold = await deskTrade(trader, 'USDJPY', 'sell', '1000');
    // The total is in yen: 1,000 dollars at 148.351 yen each.
    expect(sold.body).toMatchObject({ symbol: 'USDJPY', type: 'sell', amount: 1000, price: 148.351, total: 148351 });
    expect(await held(trader, 'USD')).toBe('1000');
    expect(await held(trader, 'JPY')).toBe('148351');
    const bought = await deskTrade(trader, 'USDJPY', 'buy', '500.5');
    expect(bought.body).toMatchObject({ type: 'buy', amount: 500.5, price: 148.649, total: 74398.8245 });
    expect(await held(trader, 'USD')).toBe('1500.5');
    expect(await held(trader, 'JPY')).toBe('73952.1755');
    await expectLedgerClean();
  });

  it('cannot buy dollars without the yen to pay for them, and nothing moves', async () => {
    const trader = await fundedTrader(server, { USD: '1000000' });
    const response = await deskTrade(trader, 'USDJPY', 'buy', '1000');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Insufficient balance' });
    expect(await held(trader, 'USD')).toBe('1000000');
    expect(await held(trader, 'JPY')).toBe('0');
  });

  it('cannot sell more dollars than it has', async () => {
    const trader = await fundedTrader(server, { USD: '100' });
    const response = await deskTrade(trader, 'USDJPY', 'sell', '100.01');
    expect(response.body).toEqual({ detail: 'Insufficient balance' });
    expect(await held(trader, 'JPY')).toBe('0');
  });
});

describe('the assets a trader holds', () => {
  it('are the currencies themselves, one per forex pair', async () => {
    const trader = await fundedTrader(server, {});
    const assets = (await trader.client.get('/user/assets')).body.map((a: { asset: string }) => a.asset);
    expect(assets.slice(-4)).toEqual(['EUR', 'GBP', 'JPY', 'AUD']);
  });

  it('are what the catalog says a dollar account holds after trading each pair', async () => {
    const { body } = await new ApiClient(server.url).get('/markets');
    expect(body.forex.map((p: any) => [p.symbol, p.base, p.quote, p.asset])).toEqual([
      ['EURUSD', 'EUR', 'USD', 'EUR'],
      ['GBPUSD', 'GBP', 'USD', 'GBP'],
      ['USDJPY', 'USD', 'JPY', 'JPY'],
      ['AUDUSD', 'AUD', 'USD', 'AUD'],
    ]);
  });
});

describe('the migration to currencies', () => {
  /** What the desk did before: the pair's own asset for amount x price dollars. */
  async function oldDeskBuy(trader: Trader, pair: string, amount: string, dollars: string) {
    await dataSource().transaction((manager) =>
      post(manager, {
        reason: 'instant_trade',
        referenceType: 'test_old_desk',
        referenceId: trader.user.id,
        legs: [
          { owner: { userId: trader.user.id }, asset: 'USD', bucket: 'available', amount: `-${dollars}` },
          { owner: { system: 'house' }, asset: 'USD', bucket: 'available', amount: dollars },
          { owner: { system: 'house' }, asset: pair, bucket: 'available', amount: `-${amount}` },
          { owner: { userId: trader.user.id }, asset: pair, bucket: 'available', amount },
        ],
      }),
    );
  }

  it('renames pair holdings to their currency and closes USDJPY into dollars at its last desk price, the ledger balanced', async () => {
    const trader = await fundedTrader(server, { USD: '100000' });
    // The last USDJPY trade on the desk fills at 148.351: the closing price.
    expect((await deskTrade(await fundedTrader(server, { USD: '10' }), 'USDJPY', 'sell', '1')).status).toBe(200);
    await oldDeskBuy(trader, 'EURUSD', '100', '108.11');
    await oldDeskBuy(trader, 'AUDUSD', '10', '6.41');
    await oldDeskBuy(trader, 'USDJPY', '2.5', '371.6225');
    expect(await held(trader, 'USD')).toBe('99513.8575');

    const runner = dataSource().createQueryRunner();
    try {
      await new ForexCurrencies1795700000000().up(runner);
    } finally {
      await runner.release();
    }

    expect(await held(trader, 'EUR')).toBe('100');
    expect(await held(trader, 'AUD')).toBe('10');
    expect(await held(trader, 'EURUSD')).toBe('0');
    expect(await held(trader, 'USDJPY')).toBe('0');
    // 2.5 x 148.351 dollars back.
    expect(await held(trader, 'USD')).toBe('99884.735');
    await expectLedgerClean();
    const totals = (await checkLedger(dataSource().manager)).totals.map((t) => t.asset);
    expect(totals).not.toContain('EURUSD');
    expect(totals).not.toContain('AUDUSD');
  });
});
