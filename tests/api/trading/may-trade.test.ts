import { Refusal } from '../../../server/kernel/refusal';
import { assertMayTrade, mayTradeSql, type TraderStanding } from '../../../server/identity/auth/may-trade';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/**
 * The trading rule has two forms: the order's round checks it in memory, the round's statement
 * in SQL as the database has the trader when it commits. Here both judge every standing there is.
 */
let server: TestExchange;
beforeAll(async () => {
  server = await startTestExchange();
});
afterAll(() => server.close());

const booleans = [true, false];
const standings: TraderStanding[] = booleans.flatMap((is_active) =>
  booleans.flatMap((is_admin) =>
    booleans.flatMap((is_system) =>
      ['pending', 'submitted', 'approved', 'rejected'].map((kyc_status) => ({
        is_active,
        is_admin,
        is_system,
        kyc_status,
      })),
    ),
  ),
);

function inMemory(standing: TraderStanding): boolean {
  try {
    assertMayTrade(standing);
    return true;
  } catch (error) {
    if (error instanceof Refusal) return false;
    throw error;
  }
}

it('the SQL predicate and the in-memory check agree on every standing', async () => {
  const rows: Array<{ may_trade: boolean }> = await server.exchange.context.dataSource.query(
    `SELECT ${mayTradeSql('t')} AS may_trade
       FROM unnest($1::boolean[], $2::boolean[], $3::boolean[], $4::varchar[]) WITH ORDINALITY
            AS t(is_active, is_admin, is_system, kyc_status, n)
      ORDER BY n`,
    [
      standings.map((s) => s.is_active),
      standings.map((s) => s.is_admin),
      standings.map((s) => s.is_system),
      standings.map((s) => s.kyc_status),
    ],
  );
  expect(rows.map((row) => row.may_trade)).toEqual(standings.map(inMemory));
  // Active non-administrators: the venue's own whatever their KYC, the others once it is approved.
  expect(rows.filter((row) => row.may_trade)).toHaveLength(5);
});
