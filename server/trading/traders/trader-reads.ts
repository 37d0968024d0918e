import type { EntityManager } from 'typeorm';
import type { StatementRunner } from '../../db/named-statement';
import { ensureAccounts } from '../../ledger/ledger';
import { BalanceSheet } from './balance-sheet';
import type { Trader } from '../sequencer/order-execution';

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

/** A round's last logged command: the round committed exactly when this row exists. */
export interface RoundMarker {
  symbol: string;
  seq: number;
}

/** SQL: whether the round marked by (`symbol`, `seq`) has committed, as the statement sees it; no marker (null) counts as committed. */
export const roundCommittedSql = (symbol: string, seq: string) =>
  `(${symbol} IS NULL OR EXISTS (SELECT 1 FROM order_commands WHERE symbol = ${symbol} AND seq = ${seq}))`;

/** The placers as read, and how many of the rounds still being written (`after`, in order) that read saw committed. */
export interface PlacersRead {
  placers: Placers;
  seen: number;
}

/**
 * Reads a round's placers: who they are and what they can spend, with no lock (a round writes
 * changes, not balances, and the accounts' check constraint refuses any overdraft a concurrent
 * change could cause, failing the round, which is then retried one command at a time). The same
 * read counts which of the rounds `after` (still being written, committing in order; each known by
 * its last command) had committed when it looked, so the caller knows whose balance changes are
 * in what it read. A placer without an account in one of the round's assets (a first order) gets
 * it created, outside any round, and the placers are read again.
 */
export async function readPlacers(
  connection: PlacersConnection,
  keys: PlacerKeys,
  after: Array<RoundMarker | null>,
): Promise<PlacersRead> {
  if (keys.userIds.length === 0) return { placers: placersFrom([], keys), seen: after.length };
  let read = await placerRows(connection.run, keys, after);
  const held = new Set(read.rows.map((row) => `${row.id}:${row.asset}`));
  // Every existing placer has a row (its accounts left-joined); one without is not a user and will be refused.
  const users = new Set(read.rows.map((row) => row.id));
  const missing = [...users].flatMap((userId) =>
    keys.assets.filter((asset) => !held.has(`${userId}:${asset}`)).map((asset) => ({ userId, asset })),
  );
  if (missing.length > 0) {
    await ensureAccounts(connection.manager, { users: missing, systems: [] });
    read = await placerRows(connection.run, keys, after);
  }
  return { placers: placersFrom(read.rows, keys), seen: read.seen };
}

async function placerRows(
  run: StatementRunner,
  { userIds, assets }: PlacerKeys,
  after: Array<RoundMarker | null>,
): Promise<{ rows: PlacerRow[]; seen: number }> {
  const [read] = await run<{ rows: PlacerRow[]; seen: number }>({
    name: 'trading-round-read',
    text: `SELECT (SELECT COALESCE(json_agg(p), '[]') FROM (
                     SELECT u.id, u.kyc_status, u.is_active, u.is_admin, u.is_system, a.asset, a.available::text AS available
                       FROM users u LEFT JOIN accounts a ON a.user_id = u.id AND a.asset = ANY($2::varchar[])
                      WHERE u.id = ANY($1::uuid[])) p) AS rows,
                  (SELECT count(*)::int FROM unnest($3::varchar[], $4::bigint[]) AS m(symbol, seq)
                    WHERE ${roundCommittedSql('m.symbol', 'm.seq')}) AS seen`,
    values: [userIds, assets, after.map((m) => m?.symbol ?? null), after.map((m) => m?.seq ?? null)],
  });
  return read!;
}

function placersFrom(rows: PlacerRow[], { userIds, assets }: PlacerKeys): Placers {
  const traders = new Map<string, Trader>(rows.map((row) => [row.id, row]));
  const balances = rows.flatMap((row) =>
    row.asset === null || row.available === null
      ? []
      : [{ user_id: row.id, asset: row.asset, available: row.available }],
  );
  return { traders, sheet: new BalanceSheet(balances, userIds, assets) };
}
