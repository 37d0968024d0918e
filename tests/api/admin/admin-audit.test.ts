import { query, signInAdmin, useBackOfficeExchange } from '../../support/back-office';
import { ApiClient, registerTrader, uniqueEmail } from '../../support/http-client';

const suite = useBackOfficeExchange();

/** A GET as the admin, read as text, with the headers a page or a file answers with. */
async function fetchAsAdmin(path: string, admin: ApiClient = suite.admin) {
  const response = await fetch(`${suite.server.url}/api${path}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const parseCsv = (text: string) => text.trimEnd().split('\r\n');

/**
 * A second administrator of its own, so this test's entries are told apart from everyone else's
 * (test files share the database).
 */
async function freshAdmin(email = uniqueEmail()) {
  const { password, user } = await registerTrader(suite.api, 'Audit Admin', email);
  await suite.server.exchange.context.dataSource.query('UPDATE users SET is_admin = true WHERE id = $1', [user.id]);
  const admin = await new ApiClient(suite.server.url).post('/auth/login', { email, password });
  return { client: suite.api.withToken(admin.body.token), email, id: user.id as string };
}

/** Three decisions by `admin`: a suspension, an activation and a deposit approval. */
async function threeDecisions(admin: ApiClient) {
  const trader = await registerTrader(suite.api);
  await admin.post(`/admin/user/suspend${query({ user_id: trader.user.id })}`);
  await admin.post(`/admin/user/activate${query({ user_id: trader.user.id })}`);
  const other = await registerTrader(suite.api);
  const deposit = await other.client.post(`/deposit/request${query({ amount: 12 })}`);
  await admin.post(
    `/admin/deposit/approve${query({ deposit_id: deposit.body.id, admin_notes: 'Paid, "in full", =1+1' })}`,
  );
  return { trader: trader.user.id as string, deposit: deposit.body.id as string };
}

describe('the audit log', () => {
  it("pages an actor's entries newest first, the total in X-Total-Count", async () => {
    const admin = await freshAdmin();
    const { trader, deposit } = await threeDecisions(admin.client);
    const first = await fetchAsAdmin(`/admin/audit${query({ actor: admin.email.toUpperCase(), limit: 2 })}`);
    expect(first.headers.get('x-total-count')).toBe('3');
    expect(JSON.parse(first.text).map((e: { action: string; target_id: string }) => [e.action, e.target_id])).toEqual([
      ['deposit.approve', deposit],
      ['user.activate', trader],
    ]);
    const rest = JSON.parse(
      (await fetchAsAdmin(`/admin/audit${query({ actor: 'Audit Admin', limit: 2, offset: 2 })}`)).text,
    );
    expect(rest).toEqual([
      expect.objectContaining({
        action: 'user.suspend',
        target_type: 'user',
        admin: { id: admin.id, full_name: 'Audit Admin', email: admin.email },
      }),
    ]);
  });

  it('filters by an action, or every action of one kind', async () => {
    const admin = await freshAdmin();
    await threeDecisions(admin.client);
    const actions = async (action: string) =>
      (await suite.admin.get(`/admin/audit${query({ actor: admin.email, action })}`)).body.map(
        (entry: { action: string }) => entry.action,
      );
    expect(await actions('user')).toEqual(['user.activate', 'user.suspend']);
    expect(await actions('user.suspend')).toEqual(['user.suspend']);
    expect(await actions('deposit')).toEqual(['deposit.approve']);
    expect(await actions('withdrawal')).toEqual([]);
    // A kind is a whole word: "use" is not "user".
    expect(await actions('use')).toEqual([]);
    // Wildcards typed into the actor filter are letters.
    expect((await suite.admin.get(`/admin/audit${query({ actor: '%' })}`)).body).toEqual([]);
  });

  it('filters by days (UTC), both ends included', async () => {
    const admin = await freshAdmin();
    await threeDecisions(admin.client);
    await suite.server.exchange.context.dataSource.query(
      "UPDATE audit_log SET created_at = '2020-01-15T23:59:59Z' WHERE admin_id = $1 AND action = 'user.suspend'",
      [admin.id],
    );
    const actions = async (range: Record<string, string>) =>
      (await suite.admin.get(`/admin/audit${query({ actor: admin.email, ...range })}`)).body.map(
        (entry: { action: string }) => entry.action,
      );
    expect(await actions({ from: '2020-01-15', to: '2020-01-15' })).toEqual(['user.suspend']);
    expect(await actions({ to: '2020-01-15' })).toEqual(['user.suspend']);
    expect(await actions({ from: '2020-01-16' })).toEqual(['deposit.approve', 'user.activate']);
    expect(await actions({ from: '2020-01-14', to: '2020-01-14' })).toEqual([]);
  });

  it('exports the filtered entries as CSV, oldest first, notes quoted and formulas defused', async () => {
    const admin = await freshAdmin();
    const { trader, deposit } = await threeDecisions(admin.client);
    const file = await fetchAsAdmin(`/admin/audit/export${query({ actor: admin.email })}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="audit-log.csv"');
    const lines = parseCsv(file.text);
    expect(lines[0]).toBe('created_at,admin_email,admin_name,action,target_type,target_id,notes');
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 6))).toEqual([
      [admin.email, 'Audit Admin', 'user.suspend', 'user', trader],
      [admin.email, 'Audit Admin', 'user.activate', 'user', trader],
      [admin.email, 'Audit Admin', 'deposit.approve', 'deposit', deposit],
    ]);
    expect(lines[3]!.endsWith(',"Paid, ""in full"", =1+1"')).toBe(true);
    expect(lines[1]!.endsWith(',')).toBe(true);

    const kind = parseCsv(
      (await fetchAsAdmin(`/admin/audit/export${query({ actor: admin.email, action: 'user' })}`)).text,
    );
    expect(kind.slice(1).map((line) => line.split(',')[3])).toEqual(['user.suspend', 'user.activate']);
  });

  it('a cell that would start a formula is kept as text', async () => {
    const admin = await freshAdmin();
    const other = await registerTrader(suite.api);
    const deposit = await other.client.post(`/deposit/request${query({ amount: 5 })}`);
    await admin.client.post(
      `/admin/deposit/reject${query({ deposit_id: deposit.body.id, admin_notes: '=HYPERLINK("x")' })}`,
    );
    const lines = parseCsv((await fetchAsAdmin(`/admin/audit/export${query({ actor: admin.email })}`)).text);
    expect(lines[1]!.endsWith(`,"'=HYPERLINK(""x"")"`)).toBe(true);
  });

  it('an administrator whose e-mail or note starts with a minus sign and a digit gets no formula either', async () => {
    const admin = await freshAdmin(uniqueEmail('-1+1'));
    const other = await registerTrader(suite.api);
    const deposit = await other.client.post(`/deposit/request${query({ amount: 5 })}`);
    await admin.client.post(
      `/admin/deposit/reject${query({ deposit_id: deposit.body.id, admin_notes: "-2+3+cmd|' /C calc'!A0" })}`,
    );
    const lines = parseCsv((await fetchAsAdmin(`/admin/audit/export${query({ actor: admin.email })}`)).text);
    expect(lines[1]!.split(',').slice(1, 3)).toEqual([`"'${admin.email}"`, 'Audit Admin']);
    expect(lines[1]!.endsWith(`,"'-2+3+cmd|' /C calc'!A0"`)).toBe(true);
  });

  it('refuses filters that are none, and is for administrators only', async () => {
    const refusals: Array<[Record<string, string>, string]> = [
      [{ from: '2020-13-01' }, 'Dates are written YYYY-MM-DD'],
      [{ to: '2020-02-30' }, 'Dates are written YYYY-MM-DD'],
      [{ from: 'yesterday' }, 'Dates are written YYYY-MM-DD'],
      [{ from: '0000-01-01' }, 'Dates run from 1970-01-01 to 9998-12-31'],
      [{ to: '9999-12-31' }, 'Dates run from 1970-01-01 to 9998-12-31'],
      [{ from: '2020-02-02', to: '2020-02-01' }, 'The start date must not be after the end date'],
      [{ action: 'DROP TABLE' }, 'An action is a word such as deposit or deposit.approve'],
    ];
    for (const [filters, detail] of refusals) {
      expect(await suite.admin.get(`/admin/audit${query(filters)}`)).toEqual({ status: 400, body: { detail } });
      const file = await fetchAsAdmin(`/admin/audit/export${query(filters)}`);
      expect([file.status, JSON.parse(file.text)]).toEqual([400, { detail }]);
    }
    const { client } = await registerTrader(suite.api);
    expect((await client.get('/admin/audit')).status).toBe(403);
    expect((await fetchAsAdmin('/admin/audit/export', client)).status).toBe(403);
    // The test exchange's own administrator reads every entry.
    expect((await (await signInAdmin(suite.server)).get('/admin/audit')).status).toBe(200);
  });
});
