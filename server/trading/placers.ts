import type { EntityManager } from 'typeorm';
import type { StatementRunner } from '../db/named-statement';
import { ensureAccounts } from '../ledger/ledger';
import { SqlParams } from '../db/sql-params';
import { BalanceSheet } from './balance-sheet';
import type { Trader } from './order-execution';

/** Whose balances a round must read: the users placing orders in it, in the assets it trades. */
export interface PlacerKeys {
  userIds: string[];
  assets: string[];
}

/** What a round reads of its order placers: who they are (KYC, suspension, role) and what they can spend. */
export interface Placers {
  traders: Map<string, Trader>;
  sheet: BalanceSheet;
}

/** A writer's connection, for its named statements and for plain ones. */
export interface PlacersConnection {
  run: StatementRunner;
  manager: EntityManager;
}

/** One placer's user row joined with one of their accounts (null when they have none in the round's assets). */
export type PlacerRow = Trader & { id: string; asset: string | null; available: string | null };

/**
 * A common table expression reading the placers as `placer_rows`. Given `changedAccounts`, the name
 * of a CTE of accounts the same statement changes, their new balances count over the ones the
 * statement started from. No lock is taken: a round writes changes, not balances, and the
 * accounts' check constraint refuses any overdraft a concurrent withdrawal could cause, failing
 * the round (then retried one by one).
 */
export function placersSql(params: SqlParams, { userIds, assets }: PlacerKeys, changedAccounts?: string): string {
  const ids = params.add(userIds, 'uuid[]');
  const wanted = params.add(assets, 'varchar[]');
  const changed = changedAccounts ? `LEFT JOIN ${changedAccounts} c ON c.user_id = a.user_id AND c.asset = a.asset` : '';
  return `placer_rows AS (
       SELECT u.id, u.kyc_status, u.is_active, u.is_admin, u.is_system, a.asset, ${changedAccounts ? 'COALESCE(c.available, a.available)' : 'a.available'}::text AS available
         FROM users u LEFT JOIN accounts a ON a.user_id = u.id AND a.asset = ANY(${wanted}) ${changed}
        WHERE u.id = ANY(${ids})
     )`;
}

/**
 * The placers as read (by a write, or on their own). A placer without an account in one of the
 * round's assets (a first order) gets it created, on its own statement, outside any round: an
 * insert that meets a row another writer is changing waits for it, and must not do so while
 * holding the round's locks. Then they are read again.
 */
export async function completePlacers(connection: PlacersConnection, keys: PlacerKeys, rows: PlacerRow[]): Promise<Placers> {
  const held = new Set(rows.map((row) => `${row.id}:${row.asset}`));
  // Every existing placer has a row (its accounts left-joined); one without is not a user and will be refused.
  const users = new Set(rows.map((row) => row.id));
  const missing = [...users].flatMap((userId) => keys.assets.filter((asset) => !held.has(`${userId}:${asset}`)).map((asset) => ({ userId, asset })));
  if (missing.length === 0) return placersFrom(rows, keys);
  await ensureAccounts(connection.manager, { users: missing, systems: [] });
  return placersFrom(await placerRows(connection.run, keys), keys);
}

/** Reads a round's placers on their own (the first round of a chain). */
export async function readPlacers(connection: PlacersConnection, keys: PlacerKeys): Promise<Placers> {
  return completePlacers(connection, keys, await placerRows(connection.run, keys));
}

function placerRows(run: StatementRunner, keys: PlacerKeys): Promise<PlacerRow[]> {
  if (keys.userIds.length === 0) return Promise.resolve([]);
  const params = new SqlParams();
  const text = `WITH ${placersSql(params, keys)} SELECT * FROM placer_rows`;
  return run<PlacerRow>({ name: 'trading-round-read', text, values: params.values });
}

function placersFrom(rows: PlacerRow[], { userIds, assets }: PlacerKeys): Placers {
  const traders = new Map<string, Trader>(rows.map((row) => [row.id, row]));
  const balances = rows.flatMap((row) => (row.asset === null || row.available === null ? [] : [{ user_id: row.id, asset: row.asset, available: row.available }]));
  return { traders, sheet: new BalanceSheet(balances, userIds, assets) };
}
