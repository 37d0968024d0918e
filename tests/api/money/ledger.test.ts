import fc from 'fast-check';
import { query, useBackOfficeExchange } from '../../support/back-office';
import { ApiClient, registerTrader } from '../../support/http-client';

const suite = useBackOfficeExchange();

type Command =
  | { kind: 'deposit' | 'withdrawal'; trader: number; cents: number }
  | { kind: 'decide'; pick: number; approve: boolean };

const TRADERS = 12;
const BATCH = 20;

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    trader: fc.nat(TRADERS - 1),
    cents: fc.integer({ min: 1, max: 5_000_00 }),
  }),
  fc.record({
    kind: fc.constant('withdrawal' as const),
    trader: fc.nat(TRADERS - 1),
    cents: fc.integer({ min: 1, max: 3_000_00 }),
  }),
  fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), approve: fc.boolean() }),
);

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const cents = (amount: number | string) => Math.round(Number(amount) * 100);

/** The USD held by users and by system accounts, in cents, from the ledger check. */
function usdTotals(check: { totals: Array<{ asset: string; users: string; system: string }> }) {
  const usd = check.totals.find((t) => t.asset === 'USD');
  return { users: cents(usd?.users ?? 0), system: cents(usd?.system ?? 0) };
}

interface Pending {
  kind: 'deposit' | 'withdrawal';
  id: string;
  trader: number;
  cents: number;
}

describe('the ledger under a randomized stream of funding', () => {
  it('after 1,000 concurrent deposits, withdrawals and decisions from many users, no money was made or lost', async () => {
    const traders = await Promise.all(
      Array.from({ length: TRADERS }, (_, i) => registerTrader(new ApiClient(suite.server.url), `Random ${i}`)),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1000, maxLength: 1000 }), async (commands) => {
        // Other tests of this database hold money too: compare what this run added.
        const before = usdTotals((await suite.admin.get('/admin/ledger/check')).body);
        const pending: Pending[] = [];
        const approvedCents = {
          deposit: new Array<number>(TRADERS).fill(0),
          withdrawal: new Array<number>(TRADERS).fill(0),
        };
        const run = async (c: Command) => {
          if (c.kind !== 'decide') {
            const path = c.kind === 'deposit' ? '/deposit/request' : '/withdraw/request';
            const response = await traders[c.trader]!.client.post(`${path}${query({ amount: dollars(c.cents) })}`);
            if (response.status === 200)
              pending.push({ kind: c.kind, id: response.body.id, trader: c.trader, cents: c.cents });
            else
              expect([
                'Insufficient balance',
                `You already have 5 pending ${c.kind}s; wait until they are decided`,
              ]).toContain(response.body.detail);
            return;
          }
          if (pending.length === 0) return;
          // Two commands of a batch may pick the same item: one wins, the other must get 409.
          const item = pending[c.pick % pending.length]!;
          const idField = item.kind === 'deposit' ? 'deposit_id' : 'withdrawal_id';
          const response = await suite.admin.post(
            `/admin/${item.kind}/${c.approve ? 'approve' : 'reject'}${query({ [idField]: item.id })}`,
          );
          if (response.status === 409) return;
          expect(response.status).toBe(200);
          pending.splice(pending.indexOf(item), 1);
          if (c.approve) approvedCents[item.kind][item.trader]! += item.cents;
        };
        for (let start = 0; start < commands.length; start += BATCH)
          await Promise.all(commands.slice(start, start + BATCH).map(run));

        // The stream really exercised every path: money came in and went out.
        expect(
          Math.min(
            ...['deposit', 'withdrawal'].map((kind) =>
              approvedCents[kind as Pending['kind']].reduce((a, b) => a + b, 0),
            ),
          ),
        ).toBeGreaterThan(0);

        const check = await suite.admin.get('/admin/ledger/check');
        expect(check.body.mismatches).toEqual([]);
        expect(check.body.ok).toBe(true);
        const net = (i: number) => approvedCents.deposit[i]! - approvedCents.withdrawal[i]!;
        const after = usdTotals(check.body);
        const everyone = traders.reduce((sum, _, i) => sum + net(i), 0);
        expect(after.users - before.users).toBe(everyone);
        expect(after.system - before.system).toBe(-everyone);

        for (const [i, trader] of traders.entries()) {
          const held = pending
            .filter((p) => p.kind === 'withdrawal' && p.trader === i)
            .reduce((sum, p) => sum + p.cents, 0);
          const assets = (await trader.client.get('/user/assets')).body as Array<{
            asset: string;
            available: number;
            locked: number;
            total: number;
          }>;
          const account = assets.find((a) => a.asset === 'USD')!;
          expect({ total: cents(account.total), locked: cents(account.locked) }).toEqual({
            total: net(i),
            locked: held,
          });
        }
      }),
      // One run of 1,000 commands; shrinking would replay it hundreds of times.
      { numRuns: 1, endOnFailure: true },
    );
  }, 180_000);
});
