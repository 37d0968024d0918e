import { setTimeout as sleep } from 'node:timers/promises';
import { ENTITIES } from '../../server/entities';
import { checkLedger } from '../../server/ledger/ledger-check';
import { createDataSource } from '../../server/platform/db/data-source';
import { query } from '../support/back-office';
import { ApiClient, loginAs, registerTrader } from '../support/http-client';
import { ha, HA_ADMIN, haStatus } from './ha-cli';

/**
 * Point-in-time recovery: two deposits approved a few seconds apart; `ha:restore` to a moment
 * between them gives a database that holds the first approval and not the second, with a clean ledger.
 */
it('ha:restore to a moment between two approvals keeps the first and not the second', async () => {
  const { app } = haStatus();
  const admin = await loginAs(new ApiClient(app), HA_ADMIN.email, HA_ADMIN.password);
  const trader = await registerTrader(new ApiClient(app), 'Restore Trader');
  const requested = [];
  for (const amount of [100, 200]) {
    const deposit = await trader.client.post(`/deposit/request${query({ amount })}`);
    expect(deposit.status).toBe(200);
    requested.push(deposit.body.id as string);
  }
  const approve = async (id: string) =>
    expect((await admin.post(`/admin/deposit/approve${query({ deposit_id: id })}`)).status).toBe(200);

  await approve(requested[0]!);
  await sleep(2000);
  const between = new Date();
  await sleep(2000);
  await approve(requested[1]!);

  const restored = JSON.parse(ha('restore', '--to', between.toISOString()).trim().split('\n').pop()!);
  const database = createDataSource({ url: restored.postgres, poolSize: 1, entities: ENTITIES });
  await database.initialize();
  try {
    const rows: Array<{ id: string; status: string }> = await database.query(
      'SELECT id, status FROM funding_requests WHERE id = ANY($1::uuid[])',
      [requested],
    );
    const statusOf = (id: string) => rows.find((row) => row.id === id)?.status;
    expect([statusOf(requested[0]!), statusOf(requested[1]!)]).toEqual(['approved', 'pending']);
    const [balance] = await database.query(
      "SELECT available::text FROM accounts WHERE user_id = $1 AND asset = 'USD'",
      [trader.user.id],
    );
    expect(Number(balance.available)).toBe(100);
    const ledger = await checkLedger(database.manager);
    expect(ledger.mismatches).toEqual([]);
    expect(ledger.ok).toBe(true);
  } finally {
    await database.destroy();
  }
});
