import { User } from '../../../server/identity/auth/user.entity';
import { fixtureBase64, query, traderWithDeposit, useBackOfficeExchange } from '../../support/back-office';
import { loginAs, registerTrader } from '../../support/http-client';

const suite = useBackOfficeExchange();

const users = () => suite.server.exchange.context.dataSource.getRepository(User);
const listedUsers = async () =>
  (await suite.admin.get('/admin/users?limit=200')).body as Array<{
    id: string;
    balance: number;
    kyc_status: string;
    is_active: boolean;
  }>;

describe('users', () => {
  it('lists users newest first with their dollar balance and KYC status, and no system accounts', async () => {
    const funded = await traderWithDeposit(suite.server, suite.admin, 42.5, 'Listed Trader');
    const system = await users().save(
      users().create({
        email: `maker-${Date.now()}@system.local`,
        full_name: 'Market Maker',
        password_hash: '!',
        is_system: true,
      }),
    );
    const list = await listedUsers();
    expect(list[0]).toEqual({
      id: funded.user.id,
      full_name: 'Listed Trader',
      email: funded.email,
      is_admin: false,
      is_active: true,
      kyc_status: 'pending',
      balance: 42.5,
      created_at: expect.any(String),
    });
    expect(list.map((u) => u.id)).not.toContain(system.id);
    const paged = (await suite.admin.get('/admin/users?limit=1&offset=1')).body;
    expect(paged).toEqual([list[1]]);
  });

  it('suspending a trader stops their token at once and ends their sessions; once activated they log in again; both are audited', async () => {
    const { client, user, email, password } = await registerTrader(suite.api);
    const suspended = await suite.admin.post(`/admin/user/suspend${query({ user_id: user.id })}`);
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ id: user.id, is_active: false, balance: 0 });
    expect(await client.get('/user/balance')).toEqual({ status: 403, body: { detail: 'Account suspended' } });

    const activated = await suite.admin.post(`/admin/user/activate${query({ user_id: user.id })}`);
    expect(activated.body).toMatchObject({ id: user.id, is_active: true });
    expect(await client.get('/user/balance')).toEqual({
      status: 401,
      body: { detail: 'Session ended, please log in again' },
    });
    expect((await (await loginAs(suite.api, email, password)).get('/user/balance')).status).toBe(200);

    const audit = (await suite.admin.get('/admin/audit')).body as Array<{
      action: string;
      target_id: string;
      admin_id: string;
      admin: { email: string };
    }>;
    const mine = audit.filter((entry) => entry.target_id === user.id);
    expect(mine.map((entry) => entry.action)).toEqual(['user.activate', 'user.suspend']);
    expect(mine[0]!.admin.email).toBe(suite.server.admin.email);
  });

  it('an administrator cannot suspend themselves, another administrator, or a system account', async () => {
    const me = (await suite.admin.get('/auth/me')).body;
    expect(await suite.admin.post(`/admin/user/suspend${query({ user_id: me.id })}`)).toEqual({
      status: 403,
      body: { detail: 'You cannot suspend or activate yourself' },
    });

    const other = await registerTrader(suite.api);
    await users().update(other.user.id, { is_admin: true });
    expect(await suite.admin.post(`/admin/user/suspend${query({ user_id: other.user.id })}`)).toEqual({
      status: 403,
      body: { detail: 'Administrators cannot be suspended or activated' },
    });
    const otherAdmin = await loginAs(suite.api, other.email, other.password);
    expect((await otherAdmin.post(`/admin/user/suspend${query({ user_id: me.id })}`)).status).toBe(403);

    const system = await users().save(
      users().create({ email: `mm-${Date.now()}@system.local`, full_name: 'MM', password_hash: '!', is_system: true }),
    );
    expect((await suite.admin.post(`/admin/user/suspend${query({ user_id: system.id })}`)).status).toBe(404);
    expect((await users().findOneByOrFail({ id: system.id })).is_active).toBe(true);
  });

  it('unknown and malformed user ids are 404 and 400', async () => {
    expect(
      await suite.admin.post(`/admin/user/suspend${query({ user_id: '00000000-0000-4000-8000-000000000000' })}`),
    ).toEqual({ status: 404, body: { detail: 'User not found' } });
    expect(await suite.admin.post('/admin/user/activate?user_id=42')).toEqual({
      status: 400,
      body: { detail: 'Invalid id' },
    });
  });
});

describe('stats', () => {
  it('counts users and what waits in each queue', async () => {
    const before = (await suite.admin.get('/admin/stats')).body;
    expect(Object.keys(before).sort()).toEqual([
      'pending_deposits',
      'pending_kyc',
      'pending_withdrawals',
      'total_users',
    ]);
    const { client } = await traderWithDeposit(suite.server, suite.admin, 100);
    await client.post(`/deposit/request${query({ amount: 5 })}`);
    await client.post(`/withdraw/request${query({ amount: 5 })}`);
    await client.post('/kyc/submit', { document_type: 'passport', document_data: fixtureBase64('passport.pdf') });
    await users().save(
      users().create({
        email: `sys-${Date.now()}@system.local`,
        full_name: 'Sys',
        password_hash: '!',
        is_system: true,
      }),
    );
    expect((await suite.admin.get('/admin/stats')).body).toEqual({
      total_users: before.total_users + 1,
      pending_deposits: before.pending_deposits + 1,
      pending_withdrawals: before.pending_withdrawals + 1,
      pending_kyc: before.pending_kyc + 1,
    });
  });
});

describe('audit log and ledger check', () => {
  it('records every decision with who, what, when and the notes, newest first', async () => {
    const { client } = await registerTrader(suite.api);
    const deposit = await client.post(`/deposit/request${query({ amount: 30 })}`);
    await suite.admin.post(
      `/admin/deposit/approve${query({ deposit_id: deposit.body.id, admin_notes: 'Checked the statement' })}`,
    );
    const me = (await suite.admin.get('/auth/me')).body;
    const [latest] = (await suite.admin.get('/admin/audit?limit=1')).body;
    expect(latest).toEqual({
      id: expect.any(String),
      admin_id: me.id,
      admin: { id: me.id, full_name: me.full_name, email: me.email },
      action: 'deposit.approve',
      target_type: 'deposit',
      target_id: deposit.body.id,
      notes: 'Checked the statement',
      created_at: expect.any(String),
    });
  });

  it('a refused decision leaves no audit entry', async () => {
    const { client } = await registerTrader(suite.api);
    const deposit = await client.post(`/deposit/request${query({ amount: 30 })}`);
    await suite.admin.post(`/admin/deposit/reject${query({ deposit_id: deposit.body.id })}`);
    await suite.admin.post(`/admin/deposit/approve${query({ deposit_id: deposit.body.id })}`);
    const entries = (
      (await suite.admin.get('/admin/audit?limit=200')).body as Array<{ target_id: string; action: string }>
    ).filter((e) => e.target_id === deposit.body.id);
    expect(entries.map((e) => e.action)).toEqual(['deposit.reject']);
  });

  it('the ledger check finds no mismatch and every asset summing to zero', async () => {
    await traderWithDeposit(suite.server, suite.admin, 77.77);
    const check = await suite.admin.get('/admin/ledger/check');
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ ok: true, mismatches: [] });
    const usd = check.body.totals.find((t: { asset: string }) => t.asset === 'USD');
    expect(Number(usd.total)).toBe(0);
    expect(Number(usd.users)).toBeGreaterThanOrEqual(77.77);
  });
});
