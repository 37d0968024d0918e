import { fixtureBase64, query, useBackOfficeExchange } from '../../support/back-office';
import { ApiClient, registerTrader } from '../../support/http-client';
import { fundedTrader } from '../../support/trader-fixtures';

const suite = useBackOfficeExchange();

const deposit = (client: ApiClient, amount: number | string) => client.post(`/deposit/request${query({ amount })}`);
const withdraw = (client: ApiClient, amount: number | string) => client.post(`/withdraw/request${query({ amount })}`);
const pendingOf = async (client: ApiClient, path: '/deposit/history' | '/withdraw/history') =>
  ((await client.get(`${path}?limit=200`)).body as Array<{ status: string }>).filter((r) => r.status === 'pending');

describe('the most one request may be (defaults: $1,000,000)', () => {
  it('refuses a deposit over $1,000,000 as a rule of the request, and takes exactly $1,000,000', async () => {
    const { client } = await registerTrader(suite.api);
    expect(await deposit(client, '1000000.01')).toEqual({
      status: 400,
      body: { detail: 'The most a single deposit request may be is $1,000,000' },
    });
    expect(await deposit(client, 1_000_000_000)).toEqual({
      status: 400,
      body: { detail: 'The most a single deposit request may be is $1,000,000' },
    });
    expect((await deposit(client, 1_000_000)).status).toBe(200);
  });

  it('keeps the amount texts for amounts that are no amount at all', async () => {
    const { client } = await registerTrader(suite.api);
    for (const amount of ['1000000000.01', '0', '-5', '1.005', 'abc'])
      expect(await deposit(client, amount)).toEqual({ status: 400, body: { detail: 'Please enter a valid amount' } });
  });

  it('refuses a withdrawal over $1,000,000 before looking at the balance, and holds nothing', async () => {
    const { client, user } = await fundedTrader(suite.server, { USD: '3000000' });
    expect(await withdraw(client, '1000000.01')).toEqual({
      status: 400,
      body: { detail: 'The most a single withdrawal request may be is $1,000,000' },
    });
    const { dataSource } = suite.server.exchange.context;
    const [account] = await dataSource.query("SELECT locked FROM accounts WHERE user_id = $1 AND asset = 'USD'", [
      user.id,
    ]);
    expect(Number(account.locked)).toBe(0);
    expect((await withdraw(client, 1_000_000)).status).toBe(200);
  });
});

describe('how many requests may wait at once (defaults: 5 deposits and 5 withdrawals)', () => {
  it('refuses a sixth pending deposit until an administrator decides one', async () => {
    const { client } = await registerTrader(suite.api);
    const filed = [];
    for (let i = 1; i <= 5; i++) filed.push(await deposit(client, i));
    expect(filed.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await deposit(client, 6)).toEqual({
      status: 400,
      body: { detail: 'You already have 5 pending deposits; wait until they are decided' },
    });
    // Withdrawals wait in a queue of their own.
    expect((await pendingOf(client, '/withdraw/history')).length).toBe(0);

    await suite.admin.post(`/admin/deposit/reject${query({ deposit_id: filed[0]!.body.id })}`);
    expect((await deposit(client, 7)).status).toBe(200);
    expect((await deposit(client, 8)).status).toBe(400);
  });

  it('refuses a sixth pending withdrawal, and its hold stays unmade', async () => {
    const { client, user } = await fundedTrader(suite.server, { USD: '1000' });
    for (let i = 0; i < 5; i++) expect((await withdraw(client, 10)).status).toBe(200);
    expect(await withdraw(client, 10)).toEqual({
      status: 400,
      body: { detail: 'You already have 5 pending withdrawals; wait until they are decided' },
    });
    const [account] = await suite.server.exchange.context.dataSource.query(
      "SELECT available, locked FROM accounts WHERE user_id = $1 AND asset = 'USD'",
      [user.id],
    );
    expect([Number(account.available), Number(account.locked)]).toEqual([950, 50]);
  });

  it('50 parallel deposit requests of one trader leave exactly 5 pending', async () => {
    const { client } = await registerTrader(suite.api);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => deposit(client, 100 + i)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 400).map((r) => r.body)).toEqual(
      Array(45).fill({ detail: 'You already have 5 pending deposits; wait until they are decided' }),
    );
    expect(await pendingOf(client, '/deposit/history')).toHaveLength(5);
  });

  it('50 parallel withdrawal requests of one trader leave exactly 5 pending, holding exactly their amounts', async () => {
    const { client, user } = await fundedTrader(suite.server, { USD: '10000' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(client, 25)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    expect(await pendingOf(client, '/withdraw/history')).toHaveLength(5);
    const [account] = await suite.server.exchange.context.dataSource.query(
      "SELECT locked FROM accounts WHERE user_id = $1 AND asset = 'USD'",
      [user.id],
    );
    expect(Number(account.locked)).toBe(125);
  });

  it("one trader's full queue does not stop another's request", async () => {
    const flooder = await registerTrader(suite.api);
    await Promise.all(Array.from({ length: 20 }, () => deposit(flooder.client, 10)));
    const other = await registerTrader(suite.api);
    expect((await deposit(other.client, 10)).status).toBe(200);
  });
});

describe('a KYC submission', () => {
  it('stays one at a time: of 50 parallel submissions one is pending, the others are refused', async () => {
    const { client, user } = await registerTrader(suite.api);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.post('/kyc/submit', { document_type: 'passport', document_data: fixtureBase64('id-card.png') }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body)).toEqual(
      Array(49).fill({ detail: 'Your KYC is under review' }),
    );
    const count = await suite.server.exchange.context.dataSource.query(
      'SELECT count(*)::int AS n FROM kyc_submissions WHERE user_id = $1',
      [user.id],
    );
    expect(count).toEqual([{ n: 1 }]);
  });
});
