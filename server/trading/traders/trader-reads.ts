import type { EntityManager } from 'typeorm';
import type { StatementRunner } from '../../platform/db/named-statement';
import { ensureAccounts } from '../../ledger/ledger';
import type { TraderStanding } from '../../identity/auth/may-trade';
import { roundCommittedSql, type RoundMarker } from '../round-writer/round-marker';
import { BalanceSheet } from './balance-sheet';

/** Whose balances a round must read: the traders placing orders in it, in the assets it trades. */
export interface TraderKeys {
  userIds: string[];
  assets: string[];
}

/** What a round knows of its traders: who they are (may they trade) and what they can spend. */
export interface Traders {
  standings: Map<string, TraderState>;
  sheet: BalanceSheet;
}

/** What a round knows of one trader: its standing, and its fee tier's rates in ppm (null: none stored). */
export type TraderState = TraderStanding & { maker_ppm?: number | null; taker_ppm?: number | null };

/** A connection to read on, for its named statements and for plain ones. */
export interface ReadConnection {
  run: StatementRunner;
  manager: EntityManager;
}

/** One trader's user row joined with one of their accounts (null when they have none in the round's assets). */
type TraderRow = TraderState & { id: string; asset: string | null; available: string | null };

/** The traders as read, and how many of the rounds still being written (`after`, in order) that read saw committed. */
export interface TradersRead {
  traders: Traders;
  seen: number;
}

/**
 * Reads a round's traders: who they are and what they can spend, with no lock (a round writes
 * changes, not balances, and the accounts' check constraint refuses any overdraft a concurrent
 * change could cause, failing the round, which is then retried one command at a time). The same
 * read counts which of the rounds `after` (still being written, committing in order; each known by
 * its last command) had committed when it looked, so the caller knows whose balance changes are
 * in what it read. A trader without an account in one of the round's assets (a first order) gets
 * it created, outside any round, and the traders are read again.
 */
export async function readTraders(
  connection: ReadConnection,
  keys: TraderKeys,
  after: Array<RoundMarker | null>,
): Promise<TradersRead> {
  if (keys.userIds.length === 0) return { traders: tradersFrom([], keys), seen: after.length };
  let read = await traderRows(connection.run, keys, after);
  const held = new Set(read.rows.map((row) => `${row.id}:${row.asset}`));
  // Every existing trader has a row (their accounts left-joined); one without is not a user and will be refused.
  const users = new Set(read.rows.map((row) => row.id));
  const missing = [...users].flatMap((userId) =>
    keys.assets.filter((asset) => !held.has(`${userId}:${asset}`)).map((asset) => ({ userId, asset })),
  );
  if (missing.length > 0) {
    await ensureAccounts(connection.manager, { users: missing, systems: [] });
    read = await traderRows(connection.run, keys, after);
  }
  return { traders: tradersFrom(read.rows, keys), seen: read.seen };
}

async function traderRows(
  run: StatementRunner,
  { userIds, assets }: TraderKeys,
  after: Array<RoundMarker | null>,
): Promise<{ rows: TraderRow[]; seen: number }> {
  const [read] = await run<{ rows: TraderRow[]; seen: number }>({
    name: 'trading-round-read',
    text: `SELECT (SELECT COALESCE(json_agg(p), '[]') FROM (
                     SELECT u.id, u.kyc_status, u.is_active, u.is_admin, u.is_system,
                            (u.tier_maker_rate * 1000000)::int AS maker_ppm, (u.tier_taker_rate * 1000000)::int AS taker_ppm,
                            a.asset, a.available::text AS available
                       FROM users u LEFT JOIN accounts a ON a.user_id = u.id AND a.asset = ANY($2::varchar[])
                      WHERE u.id = ANY($1::uuid[])) p) AS rows,
                  (SELECT count(*)::int FROM unnest($3::varchar[], $4::bigint[]) AS m(symbol, seq)
                    WHERE ${roundCommittedSql('m.symbol', 'm.seq')}) AS seen`,
    values: [userIds, assets, after.map((m) => m?.symbol ?? null), after.map((m) => m?.seq ?? null)],
  });
  return read!;
}

function tradersFrom(rows: TraderRow[], { userIds, assets }: TraderKeys): Traders {
  const standings = new Map<string, TraderState>(rows.map((row) => [row.id, row]));
  const balances = rows.flatMap((row) =>
    row.asset === null || row.available === null
      ? []
      : [{ user_id: row.id, asset: row.asset, available: row.available }],
  );
  return { standings, sheet: new BalanceSheet(balances, userIds, assets) };
}
