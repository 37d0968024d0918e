import { useBackOfficeExchange } from '../../support/back-office';
import { registerTrader } from '../../support/http-client';
import { fundedTrader } from '../../support/trader-fixtures';

const suite = useBackOfficeExchange();

describe('balances', () => {
  it('a new trader has a balance of 0 and every asset at zero', async () => {
    const { client } = await registerTrader(suite.api);
    expect((await client.get('/user/balance')).body).toEqual({ balance: 0 });
    const assets = (await client.get('/user/assets')).body as Array<{
      asset: string;
      available: number;
      locked: number;
      total: number;
    }>;
    expect(assets.map((a) => a.asset)).toEqual([
      'USD',
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
    expect(assets.every((a) => a.available === 0 && a.locked === 0 && a.total === 0)).toBe(true);
  });

  it('the balance is the available dollars; assets show available, locked and total exactly', async () => {
    const { client } = await fundedTrader(suite.server, { USD: '1234.56', BTC: '0.12345678' });
    const hold = await client.post('/withdraw/request?amount=200.06');
    expect(hold.status).toBe(200);
    expect((await client.get('/user/balance')).body).toEqual({ balance: 1034.5 });
    const assets = (await client.get('/user/assets')).body as Array<{ asset: string }>;
    expect(assets.find((a) => a.asset === 'USD')).toEqual({
      asset: 'USD',
      available: 1034.5,
      locked: 200.06,
      total: 1234.56,
    });
    expect(assets.find((a) => a.asset === 'BTC')).toEqual({
      asset: 'BTC',
      available: 0.12345678,
      locked: 0,
      total: 0.12345678,
    });
  });

  it("a trader's balance is their own: another trader's money does not show", async () => {
    await fundedTrader(suite.server, { USD: '50' });
    const { client } = await registerTrader(suite.api);
    expect((await client.get('/user/balance')).body).toEqual({ balance: 0 });
  });
});
