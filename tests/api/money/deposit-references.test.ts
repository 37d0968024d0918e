import { DepositReferences1795840000000 } from '../../../server/platform/db/migrations/1795840000000-DepositReferences';
import { query, useBackOfficeExchange } from '../../support/back-office';
import { ApiClient, loginAs, registerTrader } from '../../support/http-client';

const suite = useBackOfficeExchange();

const REFERENCE = /^DEP-[A-HJ-NP-Z2-9]{8}$/;
const referenceOf = async (client: ApiClient) => (await client.get('/deposit/reference')).body.deposit_reference;

/** The pending row `id` of an admin list, paged through (the test database holds other files' requests too). */
async function pendingRow(list: string, id: string) {
  for (let offset = 0; ; offset += 200) {
    const rows = (await suite.admin.get(`${list}${query({ status: 'pending', limit: 200, offset })}`)).body as Array<{
      id: string;
    }>;
    const row = rows.find((item) => item.id === id);
    if (row || rows.length < 200) return row;
  }
}

describe('deposit references', () => {
  it('each trader has one, short, the same on every call and session, and no two alike', async () => {
    const traders = await Promise.all(Array.from({ length: 25 }, () => registerTrader(suite.api)));
    const references = await Promise.all(traders.map(({ client }) => referenceOf(client)));
    for (const reference of references) expect(reference).toMatch(REFERENCE);
    expect(new Set(references).size).toBe(traders.length);

    const { client, email, password } = traders[0]!;
    expect(await referenceOf(client)).toBe(references[0]);
    expect(await referenceOf(await loginAs(suite.api, email, password))).toBe(references[0]);
  });

  it("is only the trader's: anonymous callers and administrators are refused", async () => {
    expect((await suite.api.get('/deposit/reference')).status).toBe(401);
    expect((await suite.admin.get('/deposit/reference')).status).toBe(403);
  });

  it("is on the administrator's deposit rows and decisions, and not on withdrawals", async () => {
    const { client, user } = await registerTrader(suite.api, 'Rita Reference');
    const reference = await referenceOf(client);
    const deposit = (await client.post(`/deposit/request${query({ amount: 120 })}`)).body;

    expect(await pendingRow('/admin/deposits', deposit.id)).toEqual({
      ...deposit,
      user: { id: user.id, full_name: 'Rita Reference', email: user.email },
      deposit_reference: reference,
    });
    const approved = await suite.admin.post(`/admin/deposit/approve${query({ deposit_id: deposit.id })}`);
    expect(approved.body).toMatchObject({ status: 'approved', deposit_reference: reference });

    const withdrawal = (await client.post(`/withdraw/request${query({ amount: 20 })}`)).body;
    const withdrawalRow = await pendingRow('/admin/withdrawals', withdrawal.id);
    expect(withdrawalRow).toMatchObject({ id: withdrawal.id });
    expect(withdrawalRow).not.toHaveProperty('deposit_reference');
  });

  it('the migration gives every account that existed before it a reference of its own', async () => {
    const runner = suite.server.exchange.context.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      const migration = new DepositReferences1795840000000();
      await migration.down(runner);
      await runner.query(
        `INSERT INTO users (email, full_name, password_hash)
         SELECT 'before-' || n || '@example.com', 'Earlier Trader', '!' FROM generate_series(1, 50) n`,
      );
      await migration.up(runner);
      const rows: Array<{ deposit_reference: string }> = await runner.query(
        `SELECT deposit_reference FROM users WHERE email LIKE 'before-%'`,
      );
      expect(rows).toHaveLength(50);
      for (const { deposit_reference } of rows) expect(deposit_reference).toMatch(REFERENCE);
      const [{ distinct, total }] = await runner.query(
        'SELECT count(DISTINCT deposit_reference)::int AS distinct, count(*)::int AS total FROM users',
      );
      expect(distinct).toBe(total);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
