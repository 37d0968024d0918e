import fc from 'fast-check';
import { sweepDuePositions } from '../../../../server/money/earn/earn-runner';
import { signInAdmin, traderWithDeposit } from '../../../support/back-office';
import { startTestExchange, type TestExchange } from '../../../support/test-exchange';
import type { ApiClient } from '../../../support/http-client';
import { createProduct, expectLedgerClean, FLEXIBLE, LOCKED, until } from './earn-fixtures';

const UNITS = 10n ** 18n;
const YEAR_MS = 365n * 86_400_000n;
/** A decimal string as a whole number of 10^-18. */
const units = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * UNITS + BigInt(fraction.padEnd(18, '0'));
};
/** One interval's interest by the formula, in 10^-18 units, rounded down: the venue never pays a fraction it does not hold. */
const periodInterest = (amount: string, apy: string, intervalMs: number) =>
  (units(amount) * units(apy) * BigInt(intervalMs)) / (YEAR_MS * UNITS);

/** A trader's available USD, exactly, in 10^-18 units. */
const availableUnits = async (userId: string) => {
  const rows = (await dataSource().query("SELECT available::text FROM accounts WHERE user_id = $1 AND asset = 'USD'", [
    userId,
  ])) as Array<{ available: string }>;
  return units(rows[0]?.available ?? '0');
};

let server: TestExchange;
let admin: ApiClient;
const dataSource = () => server.exchange.context.dataSource;
const positionRow = async (id: string) =>
  (
    (await dataSource().query('SELECT accrued::text, accrued_periods, status FROM earn_positions WHERE id = $1', [
      id,
    ])) as Array<{ accrued: string; accrued_periods: number; status: string }>
  )[0]!;
const periodsOf = async (id: string) =>
  (
    (await dataSource().query('SELECT period FROM earn_accruals WHERE position_id = $1 ORDER BY period', [
      id,
    ])) as Array<{
      period: number;
    }>
  ).map((row) => row.period);

beforeAll(async () => {
  server = await startTestExchange({ EARN_ACCRUAL_INTERVAL: '1s' });
  admin = await signInAdmin(server);
});
afterAll(() => server.close());

it('credits each ended interval once, principal x APY x interval / 365 days, and pays it back on redemption', async () => {
  const product = await createProduct(admin, { ...FLEXIBLE, apy: '0.1' });
  const { client, user } = await traderWithDeposit(server, admin, 1000);
  const position = (await client.post('/earn/subscribe', { product_id: product.id, amount: '1000' })).body;
  await until(async () => (await positionRow(position.id)).accrued_periods >= 3, 10_000, 'three intervals');
  const row = await positionRow(position.id);
  const periods = await periodsOf(position.id);
  expect(periods).toEqual(Array.from({ length: row.accrued_periods }, (_, k) => k + 1));
  expect(units(row.accrued)).toBe(BigInt(periods.length) * periodInterest('1000', '0.1', 1000));
  const listed = (await client.get('/earn/positions')).body[0];
  expect(listed.accrued).not.toBe('0');
  await expectLedgerClean(dataSource());

  const redeemed = (await client.post('/earn/redeem', { position_id: position.id })).body;
  expect(redeemed.status).toBe('redeemed');
  expect(await availableUnits(user.id)).toBe(units(redeemed.amount) + units(redeemed.accrued));
  expect(units(redeemed.accrued)).toBeGreaterThanOrEqual(units(row.accrued));
  await expectLedgerClean(dataSource());
});

it('pays a locked position back at maturity exactly once, however many sweeps and redemptions race for it', async () => {
  const product = await createProduct(admin, { ...LOCKED, apy: '0.2' });
  const { client, user } = await traderWithDeposit(server, admin, 500);
  const position = (await client.post('/earn/subscribe', { product_id: product.id, amount: '500' })).body;
  // The test shortens the term to 2.5 s: two whole intervals of 1 s, then maturity.
  await dataSource().query(
    `UPDATE earn_positions SET matures_at = started_at + interval '2500 ms',
            due_at = LEAST(due_at, started_at + interval '2500 ms') WHERE id = $1`,
    [position.id],
  );
  await new Promise((resolve) => setTimeout(resolve, Date.parse(position.started_at) + 2500 - Date.now()));
  const racing = await Promise.all([
    ...Array.from({ length: 8 }, () => client.post('/earn/redeem', { position_id: position.id })),
    ...Array.from({ length: 4 }, () => sweepDuePositions(server.exchange.context)),
  ]);
  const redemptions = racing.slice(0, 8) as Array<{ status: number }>;
  expect(redemptions.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
  expect(redemptions.every((r) => r.status === 200 || r.status === 409)).toBe(true);
  await until(async () => (await positionRow(position.id)).status === 'matured', 5_000, 'maturity');

  const row = await positionRow(position.id);
  expect(row.accrued_periods).toBe(2);
  expect(await periodsOf(position.id)).toEqual([1, 2]);
  expect(units(row.accrued)).toBe(2n * periodInterest('500', '0.2', 1000));
  const payouts = await dataSource().query(
    "SELECT count(*)::int AS n FROM ledger_entries WHERE reference_id = $1 AND reason = 'earn_maturity'",
    [position.id],
  );
  expect(payouts).toEqual([{ n: 2 }]); // one posting: the earn account's entry and the trader's
  expect(await availableUnits(user.id)).toBe(units('500') + units(row.accrued));
  await expectLedgerClean(dataSource());
});

it('accrues, for any principal, APY and number of intervals, the formula summed over the intervals, and conserves money', async () => {
  const product = await createProduct(admin, { ...FLEXIBLE, min_amount: '0' });
  const { client, user } = await traderWithDeposit(server, admin, 1_000_000);
  const dayMs = 86_400_000;
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 100_000_000 }).map((cents) => (cents / 100).toFixed(2)),
      fc.integer({ min: 1, max: 2_000_000 }).map((millionths) => (millionths / 1_000_000).toFixed(6)),
      fc.integer({ min: 1, max: 60 }),
      async (amount, apy, days) => {
        await admin.request('PATCH', `/admin/earn/products/${product.id}`, { body: { apy } });
        const before = await availableUnits(user.id);
        if (units(amount) > before) return;
        const position = (await client.post('/earn/subscribe', { product_id: product.id, amount })).body;
        // A position subscribed under a day's interval, moved back `days` days and a half: that many intervals have ended.
        await dataSource().query(
          `UPDATE earn_positions SET accrual_interval_ms = $2, started_at = started_at - $3 * interval '1 ms',
                  due_at = clock_timestamp() WHERE id = $1`,
          [position.id, dayMs, days * dayMs + dayMs / 2],
        );
        await sweepDuePositions(server.exchange.context);
        const row = await positionRow(position.id);
        expect(row.accrued_periods).toBe(days);
        expect(units(row.accrued)).toBe(BigInt(days) * periodInterest(amount, apy, dayMs));
        const redeemed = (await client.post('/earn/redeem', { position_id: position.id })).body;
        expect(redeemed.accrued).toBe(row.accrued.replace(/\.?0+$/, ''));
        const after = await availableUnits(user.id);
        expect(after - before).toBe(units(row.accrued));
      },
    ),
    { numRuns: 15 },
  );
  await expectLedgerClean(dataSource());
});
