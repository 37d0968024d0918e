import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { SqlParams } from '../db/sql-params';
import type { SystemAccount } from './account.entity';
import type { Bucket } from './ledger-entry.entity';
import { fromLedgerUnits, ledgerUnitsSql, Money, toLedgerUnits, ZERO, type LedgerUnits, type Money as MoneyValue } from './money';

export type AccountOwner = { userId: string } | { system: SystemAccount };

/** One signed change of one bucket of one account. */
export interface Leg {
  owner: AccountOwner;
  asset: string;
  bucket: Bucket;
  /** A decimal, or a bigint of ledger units (what trading computes in). */
  amount: MoneyValue | string | number | LedgerUnits;
}

/** A set of legs that moves money and sums to zero per asset. */
export interface Posting {
  reason: string;
  referenceType: string;
  referenceId: string;
  legs: Leg[];
}

export class InsufficientFundsError extends Error {
  constructor() {
    super('Insufficient balance');
  }
}

/**
 * The accounts' check constraint is what refuses a bucket going below zero: users' accounts never,
 * system accounts except the outside world (deposits come from it) and the house desk (the venue's
 * own position against simple-screen trades, short an asset it sold). A statement it stops comes
 * back here as InsufficientFundsError; anything else as it was.
 */
export const NEVER_NEGATIVE = 'accounts_never_negative';

export function asInsufficientFunds(error: unknown): unknown {
  const pgError = error as { code?: string; constraint?: string };
  return pgError.code === '23514' && pgError.constraint === NEVER_NEGATIVE ? new InsufficientFundsError() : error;
}

/** An account as a key both sides of the wire agree on: the user id as text, or the system account's name. */
const ownerKey = (owner: AccountOwner) => ('userId' in owner ? owner.userId : owner.system);

/** One account's change: what its two buckets move by. */
interface AccountChange {
  owner: string;
  asset: string;
  /** In ledger units (see toLedgerUnits). */
  available: bigint;
  locked: bigint;
}

/** Adds up changes per account (owner and asset), in the order accounts first appear; an account left as it was drops out. */
function sumPerAccount(changes: AccountChange[]): AccountChange[] {
  const sums = new Map<string, AccountChange>();
  for (const change of changes) {
    const key = `${change.owner}:${change.asset}`;
    const sum = sums.get(key);
    if (sum) {
      sum.available += change.available;
      sum.locked += change.locked;
    } else {
      sums.set(key, { ...change });
    }
  }
  return [...sums.values()].filter((sum) => sum.available !== 0n || sum.locked !== 0n);
}


/** A posting's changes per account, refused unless they sum to zero per asset. */
function balancedChanges(posting: Posting): AccountChange[] {
  const changes = sumPerAccount(
    posting.legs.map((leg) => {
      const amount = toLedgerUnits(leg.amount);
      return { owner: ownerKey(leg.owner), asset: leg.asset, available: leg.bucket === 'available' ? amount : 0n, locked: leg.bucket === 'locked' ? amount : 0n };
    }),
  );
  const totals = new Map<string, bigint>();
  for (const c of changes) totals.set(c.asset, (totals.get(c.asset) ?? 0n) + c.available + c.locked);
  for (const [asset, total] of totals) {
    if (total !== 0n) throw new Error(`Unbalanced posting ${posting.reason}: ${asset} sums to ${fromLedgerUnits(total)}`);
  }
  return changes;
}

/** The accounts postings touch, user and system ones apart (they have different unique keys). */
export interface AccountKeys {
  users: Array<{ userId: string; asset: string }>;
  systems: Array<{ system: SystemAccount; asset: string }>;
}

export function accountKeys(postings: Posting[]): AccountKeys {
  const keys: AccountKeys = { users: [], systems: [] };
  const seen = new Set<string>();
  for (const { owner, asset } of postings.flatMap((posting) => posting.legs)) {
    const key = `${ownerKey(owner)}:${asset}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if ('userId' in owner) keys.users.push({ userId: owner.userId, asset });
    else keys.systems.push({ system: owner.system, asset });
  }
  return keys;
}

/** Creates the accounts that do not exist yet (a user's first deposit of an asset), at zero. */
export function ensureAccounts(manager: EntityManager, { users, systems }: AccountKeys): Promise<unknown> {
  return manager.query(
    `INSERT INTO accounts (user_id, system, asset)
       SELECT u, NULL, a FROM unnest($1::uuid[], $2::varchar[]) AS t(u, a)
       UNION ALL SELECT NULL, s, a FROM unnest($3::varchar[], $4::varchar[]) AS t(s, a)
     ON CONFLICT DO NOTHING`,
    [users.map((k) => k.userId), users.map((k) => k.asset), systems.map((k) => k.system), systems.map((k) => k.asset)],
  );
}

/**
 * The common table expressions of one statement that applies postings to accounts that exist
 * (see ensureAccounts): `ledger_locked` locks every touched account in id order (the same order for
 * every writer, so concurrent postings cannot deadlock), `ledger_accounts` adds each account's summed
 * change to it and returns the changed rows (user_id, system, asset, available, locked), and
 * `ledger_entries_written` writes one entry per account each posting changes (both buckets in one
 * row). An entry whose account is missing has no account id, which the entries' NOT NULL refuses:
 * the statement fails whole, nothing is lost.
 */
export function postingsSql(postings: Posting[], params: SqlParams): string {
  const entries = postings.flatMap((posting) => {
    const journalId = randomUUID();
    return balancedChanges(posting).map((change) => ({ posting, journalId, change }));
  });
  const moved = sumPerAccount(entries.map(({ change }) => change));
  const keys = accountKeys(postings);
  return `ledger_locked AS MATERIALIZED (
       SELECT id, COALESCE(user_id::text, system) AS owner, asset FROM accounts
        WHERE (user_id, asset) IN (SELECT * FROM ${params.rows(keys.users.map((k) => ({ user_id: k.userId, asset: k.asset })), 'u', 'user_id uuid, asset varchar')})
           OR (system, asset) IN (SELECT * FROM ${params.rows(keys.systems, 's', 'system varchar, asset varchar')})
        ORDER BY id FOR UPDATE
     ), ledger_accounts AS (
       UPDATE accounts SET available = accounts.available + c.available, locked = accounts.locked + c.locked
         FROM ledger_locked l
         JOIN ${params.rows(
           moved.map(({ owner, asset, available, locked }) => ({ owner, asset, available: ledgerUnitsSql(available), locked: ledgerUnitsSql(locked) })),
           'c',
           'owner text, asset varchar, available numeric, locked numeric',
         )} ON c.owner = l.owner AND c.asset = l.asset
        WHERE accounts.id = l.id
       RETURNING accounts.user_id, accounts.system, accounts.asset, accounts.available, accounts.locked
     ), ledger_entries_written AS (
       INSERT INTO ledger_entries (journal_id, account_id, asset, available, locked, reason, reference_type, reference_id)
       SELECT e.journal_id, l.id, e.asset, e.available, e.locked, e.reason, e.reference_type, e.reference_id
         FROM ${params.rows(
           entries.map(({ posting, journalId, change }) => ({
             owner: change.owner,
             journal_id: journalId,
             asset: change.asset,
             available: ledgerUnitsSql(change.available),
             locked: ledgerUnitsSql(change.locked),
             reason: posting.reason,
             reference_type: posting.referenceType,
             reference_id: posting.referenceId,
           })),
           'e',
           'owner text, journal_id uuid, asset varchar, available numeric, locked numeric, reason varchar, reference_type varchar, reference_id varchar',
         )}
         LEFT JOIN ledger_locked l ON l.owner = e.owner AND l.asset = e.asset
       RETURNING 1
     )`;
}

/**
 * Applies postings inside the caller's transaction: creates missing accounts, then one statement
 * locks, changes and journals them (postingsSql). All or nothing with the transaction; a bucket
 * that would go below zero where that is not allowed throws InsufficientFundsError.
 */
export async function post(manager: EntityManager, ...postings: Posting[]): Promise<void> {
  if (postings.every((posting) => posting.legs.length === 0)) return;
  const params = new SqlParams();
  const statement = `WITH ${postingsSql(postings, params)} SELECT 1`;
  try {
    await ensureAccounts(manager, accountKeys(postings));
    await manager.query(statement, params.values);
  } catch (error) {
    throw asInsufficientFunds(error);
  }
}

/** What a user can spend now in one asset (zero when the account does not exist yet). */
export async function availableBalance(manager: EntityManager, userId: string, asset: string): Promise<MoneyValue> {
  const rows: Array<{ available: string }> = await manager.query(
    'SELECT available FROM accounts WHERE user_id = $1 AND asset = $2',
    [userId, asset],
  );
  return rows[0] ? new Money(rows[0].available) : ZERO;
}
