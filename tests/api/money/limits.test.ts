import { query, useBackOfficeExchange } from '../../support/back-office';
import { eventually } from '../../support/eventually';
import { startExchangeProcess, type ExchangeProcess } from '../../support/exchange-process';
import { createFreshDatabase, type FreshDatabase } from '../../support/fresh-database';
import { ApiClient, loginAs, registerTrader } from '../../support/http-client';
import { fundedTrader } from '../../support/trader-fixtures';
import { severalProcesses } from '../../support/test-exchange';
import { VENUE_BANK_ACCOUNT } from '../../support/venue-bank-account';

const suite = useBackOfficeExchange();

const DEFAULTS = {
  deposit: { max_amount: '1000000.00', daily_amount: '5000000.00', max_pending: 5 },
  withdrawal: { max_amount: '1000000.00', daily_amount: '5000000.00', max_pending: 5 },
};

const setLimits = (admin: ApiClient, change: unknown) => admin.request('PUT', '/admin/limits', { body: change });
const deposit = (client: ApiClient, amount: number | string) => client.post(`/deposit/request${query({ amount })}`);
const withdraw = (client: ApiClient, amount: number | string) => client.post(`/withdraw/request${query({ amount })}`);

async function usdOf(userId: string) {
  const [account] = await suite.server.exchange.context.dataSource.query(
    "SELECT available::float8 AS available, locked::float8 AS locked FROM accounts WHERE user_id = $1 AND asset = 'USD'",
    [userId],
  );
  return account as { available: number; locked: number };
}

async function requestsOf(userId: string) {
  const [row] = await suite.server.exchange.context.dataSource.query(
    'SELECT count(*)::int AS count FROM funding_requests WHERE user_id = $1',
    [userId],
  );
  return (row as { count: number }).count;
}

// The settings outlive this file's exchange (one database per run): every test leaves none saved,
// so the limits fall back to the configuration of whichever exchange comes next.
afterEach(async () => {
  const { dataSource, settings } = suite.server.exchange.context;
  await dataSource.query('DELETE FROM settings');
  await settings.changed();
  expect((await suite.admin.get('/admin/limits')).body).toEqual(DEFAULTS);
});

describe('the limits administrators edit', () => {
  it('start at the configured defaults, and only administrators see or change them', async () => {
    expect(await suite.admin.get('/admin/limits')).toEqual({ status: 200, body: DEFAULTS });
    const { client } = await registerTrader(suite.api);
    expect((await client.get('/admin/limits')).status).toBe(403);
    expect((await setLimits(client, { deposit: { max_pending: 1 } })).status).toBe(403);
  });

  it('change only what is named, and each change is in the audit log with its old and new value', async () => {
    const answer = await setLimits(suite.admin, { withdrawal: { daily_amount: '250000', max_pending: 2 } });
    expect(answer).toEqual({
      status: 200,
      body: { ...DEFAULTS, withdrawal: { max_amount: '1000000.00', daily_amount: '250000.00', max_pending: 2 } },
    });
    expect((await suite.admin.get('/admin/limits')).body).toEqual(answer.body);
    const audit = await suite.admin.get(`/admin/audit${query({ action: 'limits.update', limit: 2 })}`);
    expect(audit.body.map((entry: { notes: string }) => entry.notes).sort()).toEqual([
      'withdrawal.daily_amount: 5000000.00 -> 250000.00',
      'withdrawal.max_pending: 5 -> 2',
    ]);
    expect(audit.body[0]).toMatchObject({ action: 'limits.update', target_type: 'setting' });
  });

  it('a value equal to the one in force leaves no audit entry', async () => {
    const before = await suite.admin.get(`/admin/audit${query({ action: 'limits.update' })}`);
    expect((await setLimits(suite.admin, { deposit: { max_amount: 1000000 } })).status).toBe(200);
    const after = await suite.admin.get(`/admin/audit${query({ action: 'limits.update' })}`);
    expect(after.body).toEqual(before.body);
  });

  it('refuses values that are no limit, and changes nothing', async () => {
    const AMOUNT = 'A limit is a dollar amount with at most 2 decimals (0: no limit)';
    const COUNT = 'A pending limit is a whole number from 0 to 1000 (0: no limit)';
    const refused: Array<[unknown, string]> = [
      [{ deposit: { max_amount: '-5' } }, AMOUNT],
      [{ deposit: { daily_amount: '1.005' } }, AMOUNT],
      [{ deposit: { daily_amount: 'lots' } }, AMOUNT],
      [{ withdrawal: { max_pending: 1.5 } }, COUNT],
      [{ withdrawal: { max_pending: -1 } }, COUNT],
      [{ withdrawal: { max_pending: '3' } }, COUNT],
    ];
    for (const [change, detail] of refused)
      expect(await setLimits(suite.admin, change)).toEqual({ status: 400, body: { detail } });
    expect((await setLimits(suite.admin, { withdrawal: { fee: '1' } })).status).toBe(400);
    expect((await setLimits(suite.admin, { margin: {} })).status).toBe(400);
    // One bad value refuses the whole change.
    expect((await setLimits(suite.admin, { deposit: { max_pending: 1, max_amount: 'x' } })).status).toBe(400);
    expect((await suite.admin.get('/admin/limits')).body).toEqual(DEFAULTS);
  });
});

describe('a limit set by an administrator', () => {
  it('per request: refuses the withdrawal that crosses it, and nothing moves', async () => {
    await setLimits(suite.admin, { withdrawal: { max_amount: '99.50' } });
    const { client, user } = await fundedTrader(suite.server, { USD: '1000' });
    expect(await withdraw(client, '99.51')).toEqual({
      status: 400,
      body: { detail: 'The most a single withdrawal request may be is $99.50' },
    });
    expect(await usdOf(user.id)).toEqual({ available: 1000, locked: 0 });
    expect(await requestsOf(user.id)).toBe(0);
    expect((await withdraw(client, '99.50')).status).toBe(200);
  });

  it("per day: sums the day's deposits, the rejected ones aside", async () => {
    await setLimits(suite.admin, { deposit: { daily_amount: 100 } });
    const { client, user } = await registerTrader(suite.api);
    const first = await deposit(client, 60);
    expect((await deposit(client, 40)).status).toBe(200);
    expect(await deposit(client, '0.01')).toEqual({
      status: 400,
      body: { detail: 'Your deposit requests of a day may add up to $100; $0 is left today' },
    });
    expect(await requestsOf(user.id)).toBe(2);
    // An approved deposit still counts; a rejected one gives its room back.
    await suite.admin.post(`/admin/deposit/reject${query({ deposit_id: first.body.id })}`);
    expect(await deposit(client, '60.01')).toEqual({
      status: 400,
      body: { detail: 'Your deposit requests of a day may add up to $100; $60 is left today' },
    });
    expect((await deposit(client, 60)).status).toBe(200);
  });

  it('per day: refuses the withdrawal that crosses it with nothing held, and yesterday does not count', async () => {
    await setLimits(suite.admin, { withdrawal: { daily_amount: '50.50' } });
    const { client, user } = await fundedTrader(suite.server, { USD: '1000' });
    expect((await withdraw(client, 30)).status).toBe(200);
    expect(await withdraw(client, 21)).toEqual({
      status: 400,
      body: { detail: 'Your withdrawal requests of a day may add up to $50.50; $20.50 is left today' },
    });
    expect(await usdOf(user.id)).toEqual({ available: 970, locked: 30 });
    await suite.server.exchange.context.dataSource.query(
      "UPDATE funding_requests SET created_at = created_at - interval '1 day' WHERE user_id = $1",
      [user.id],
    );
    expect((await withdraw(client, '50.50')).status).toBe(200);
  });

  it('per day: of 20 parallel withdrawals of $10 under a $100 limit, exactly 10 pass and hold exactly $100', async () => {
    await setLimits(suite.admin, { withdrawal: { daily_amount: 100, max_pending: 0 } });
    const { client, user } = await fundedTrader(suite.server, { USD: '1000' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(client, 10)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(10);
    expect(await usdOf(user.id)).toEqual({ available: 900, locked: 100 });
    expect(await requestsOf(user.id)).toBe(10);
  });

  it('pending: lowered to 1, refuses a second waiting deposit; 0 means none', async () => {
    await setLimits(suite.admin, { deposit: { max_pending: 1 } });
    const { client } = await registerTrader(suite.api);
    expect((await deposit(client, 5)).status).toBe(200);
    expect(await deposit(client, 5)).toEqual({
      status: 400,
      body: { detail: 'You already have 1 pending deposit; wait until it is decided' },
    });
    await setLimits(suite.admin, { deposit: { max_pending: 0, max_amount: 0, daily_amount: 0 } });
    for (let i = 0; i < 7; i++) expect((await deposit(client, 1_000_000_000)).status).toBe(200);
  });
});

(severalProcesses ? describe : describe.skip)('two server processes on one database and one Redis', () => {
  let database: FreshDatabase;
  const running: ExchangeProcess[] = [];
  const admin = { email: 'limits-admin@test.local', password: 'admin-password-123' };

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'limits');
    const env = {
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: process.env.REDIS_URL!,
      CLUSTER: 'on',
      MARKET_MAKER: 'off',
      JWT_SECRET: 'limits-test-secret-of-at-least-32-characters',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    };
    running.push(await startExchangeProcess(env), await startExchangeProcess(env));
    // A database of its own: deposits need the venue's bank account there too.
    const signedIn = await loginAs(new ApiClient(running[0]!.url), admin.email, admin.password);
    expect((await signedIn.post('/admin/bank-account', VENUE_BANK_ACCOUNT)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    for (const exchange of running) await exchange.kill('SIGKILL');
    await database?.drop();
  });

  it('a limit changed through one is enforced by the other', async () => {
    const [first, second] = running as [ExchangeProcess, ExchangeProcess];
    const { client } = await registerTrader(new ApiClient(second.url));
    expect((await deposit(client, 500)).status).toBe(200);
    const signedIn = await loginAs(new ApiClient(first.url), admin.email, admin.password);
    expect((await setLimits(signedIn, { deposit: { max_amount: 100 } })).status).toBe(200);
    // The other process's copy follows the bus: its admin API shows the new limit, and its requests obey it.
    const secondAdmin = await loginAs(new ApiClient(second.url), admin.email, admin.password);
    await eventually(async () => {
      const limits = await secondAdmin.get('/admin/limits');
      return limits.body.deposit.max_amount === '100.00' ? true : undefined;
    });
    expect(await deposit(client, 101)).toEqual({
      status: 400,
      body: { detail: 'The most a single deposit request may be is $100' },
    });
  });
});
