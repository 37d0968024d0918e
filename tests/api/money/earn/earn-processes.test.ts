import type { DataSource } from 'typeorm';
import { sweepDuePositions } from '../../../../server/money/earn/earn-runner';
import { signInAdmin, traderWithDeposit } from '../../../support/back-office';
import { startTestExchange, type TestExchange, severalProcesses } from '../../../support/test-exchange';
import { createProduct, expectLedgerClean, FLEXIBLE, until } from './earn-fixtures';

/**
 * The intervals a position's accruals record are 1..n with none twice, n is every interval ended by
 * now, its accrued interest is what they sum to, and the ledger credited exactly that.
 */
async function expectCreditedOnce(dataSource: DataSource, positionId: string) {
  const [row] = (await dataSource.query(
    `SELECT p.accrued::text, p.accrued_periods,
            floor(extract(epoch FROM (clock_timestamp() - p.started_at)) * 1000 / p.accrual_interval_ms)::int AS ended,
            (SELECT count(*)::int FROM earn_accruals a WHERE a.position_id = p.id) AS rows,
            (SELECT max(period) FROM earn_accruals a WHERE a.position_id = p.id) AS last,
            (SELECT COALESCE(sum(interest), 0)::text FROM earn_accruals a WHERE a.position_id = p.id) AS summed,
            (SELECT COALESCE(sum(e.available), 0)::text FROM ledger_entries e JOIN accounts c ON c.id = e.account_id
              WHERE e.reference_id = p.id::text AND e.reason = 'earn_interest' AND c.system = 'earn') AS posted
       FROM earn_positions p WHERE p.id = $1`,
    [positionId],
  )) as Array<{
    accrued: string;
    accrued_periods: number;
    ended: number;
    rows: number;
    last: number;
    summed: string;
    posted: string;
  }>;
  expect(row!.rows).toBe(row!.accrued_periods);
  expect(row!.last).toBe(row!.accrued_periods);
  // The runner may be an interval behind the clock, never ahead of it.
  expect(row!.accrued_periods).toBeLessThanOrEqual(row!.ended);
  expect(row!.accrued_periods).toBeGreaterThanOrEqual(row!.ended - 1);
  expect(row!.summed).toBe(row!.accrued);
  expect(row!.posted).toBe(row!.accrued);
}

const periodsOf = async (dataSource: DataSource, id: string) =>
  (
    (await dataSource.query('SELECT accrued_periods FROM earn_positions WHERE id = $1', [id])) as Array<{
      accrued_periods: number;
    }>
  )[0]!.accrued_periods;

it('credits every interval once across a restart, catching up the intervals that ended while stopped', async () => {
  const first = await startTestExchange({ EARN_ACCRUAL_INTERVAL: '1s' });
  let second: TestExchange | null = null;
  let firstRunning = true;
  try {
    const admin = await signInAdmin(first);
    const product = await createProduct(admin, FLEXIBLE);
    const { client } = await traderWithDeposit(first, admin, 100);
    const position = (await client.post('/earn/subscribe', { product_id: product.id, amount: 100 })).body;
    await until(async () => (await periodsOf(first.exchange.context.dataSource, position.id)) >= 2, 10_000);
    await first.close();
    firstRunning = false;
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    second = await startTestExchange({ EARN_ACCRUAL_INTERVAL: '1s' });
    const dataSource = second.exchange.context.dataSource;
    const endedWhileStopped = Math.floor((stoppedAt + 2500 - Date.parse(position.started_at)) / 1000);
    await until(async () => (await periodsOf(dataSource, position.id)) >= endedWhileStopped + 1, 10_000);
    await expectCreditedOnce(dataSource, position.id);
    await expectLedgerClean(dataSource);
  } finally {
    if (firstRunning) await first.close();
    await second?.close();
  }
});

(severalProcesses ? describe : describe.skip)('two exchanges on one database', () => {
  let one: TestExchange | null = null;
  let two: TestExchange;
  beforeAll(async () => {
    one = await startTestExchange({ EARN_ACCRUAL_INTERVAL: '500ms', CLUSTER: 'on' });
    two = await startTestExchange({ EARN_ACCRUAL_INTERVAL: '500ms', CLUSTER: 'on' });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('credit each interval once while both run the job, and after one of them stops', async () => {
    const first = one!;
    const admin = await signInAdmin(first);
    const product = await createProduct(admin, { ...FLEXIBLE, min_amount: '1' });
    const positions: string[] = [];
    for (let k = 0; k < 5; k++) {
      const { client } = await traderWithDeposit(k % 2 ? first : two, admin, 50);
      positions.push((await client.post('/earn/subscribe', { product_id: product.id, amount: 10 + k })).body.id);
    }
    // Both runners sweep on their own; the test adds sweeps of both at once, for 3 seconds.
    const until3s = Date.now() + 3000;
    while (Date.now() < until3s)
      await Promise.all([
        sweepDuePositions(first.exchange.context),
        sweepDuePositions(two.exchange.context),
        sweepDuePositions(first.exchange.context),
        sweepDuePositions(two.exchange.context),
      ]);
    const dataSource = two.exchange.context.dataSource;
    for (const id of positions) await expectCreditedOnce(dataSource, id);
    await expectLedgerClean(dataSource);

    // One stops (a failover): the other goes on crediting, still once each.
    const before = await periodsOf(dataSource, positions[0]!);
    await first.close();
    one = null;
    await until(async () => (await periodsOf(dataSource, positions[0]!)) >= before + 3, 10_000);
    for (const id of positions) await expectCreditedOnce(dataSource, id);
    await expectLedgerClean(dataSource);
  });
});
