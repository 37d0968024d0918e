import { query, signInAdmin } from '../../support/back-office';
import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

// A file of its own: the embedded database serves one exchange at a time.
let server: TestExchange;
let api: ApiClient;
beforeAll(async () => {
  server = await startTestExchange({
    MAX_PENDING_DEPOSITS: '0',
    MAX_DEPOSIT_AMOUNT: '0',
    MAX_DAILY_DEPOSIT_AMOUNT: '0',
    MAX_PENDING_WITHDRAWALS: '1',
    MAX_WITHDRAWAL_AMOUNT: '2500.5',
  });
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

const deposit = (client: ApiClient, amount: number | string) => client.post(`/deposit/request${query({ amount })}`);
const withdraw = (client: ApiClient, amount: number | string) => client.post(`/withdraw/request${query({ amount })}`);

describe('caps set by configuration', () => {
  it('0 is no cap: any number of deposits of any valid amount may wait', async () => {
    const { client } = await registerTrader(api);
    for (let i = 0; i < 7; i++) expect((await deposit(client, 1_000_000_000)).status).toBe(200);
  });

  it('a cap of one and a cap with cents are told as such', async () => {
    const { client } = await fundedTrader(server, { USD: '10000' });
    expect(await withdraw(client, '2500.51')).toEqual({
      status: 400,
      body: { detail: 'The most a single withdrawal request may be is $2,500.50' },
    });
    expect((await withdraw(client, '2500.50')).status).toBe(200);
    expect(await withdraw(client, 1)).toEqual({
      status: 400,
      body: { detail: 'You already have 1 pending withdrawal; wait until it is decided' },
    });
    const admin = await signInAdmin(server);
    const [pending] = (await client.get('/withdraw/history')).body;
    await admin.post(`/admin/withdrawal/approve${query({ withdrawal_id: pending.id })}`);
    expect((await withdraw(client, 1)).status).toBe(200);
  });
});
