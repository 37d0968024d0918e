import type { EntityManager } from 'typeorm';
import { SqlParams } from '../platform/db/sql-params';
import { Refusal } from '../kernel/refusal';
import { refuseLedger } from './refusals';
import type { SystemAccount } from './account.entity';
import type { Bucket } from './ledger-entry.entity';
import {
  fromLedgerUnits,
  ledgerUnitsSql,
  Money,
  toLedgerUnits,
  ZERO,
  type LedgerUnits,
  type Money as MoneyValue,
} from '../kernel/money';

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

/**
 * The accounts' check constraint is what refuses a bucket going below zero: users' accounts never,
 * system accounts except the outside world (deposits come from it) and the desk (the venue's
 * own position against simple-screen trades, short an asset it sold). A statement it stops comes
 * back here as the refusal 'insufficient-balance'; anything else as it was.
 */
export const NEVER_NEGATIVE = 'accounts_never_negative';

export function asInsufficientFunds(error: unknown): unknown {
  const pgError = error as { code?: string; constraint?: string };
  return pgError.code === '23514' && pgError.constraint === NEVER_NEGATIVE
    ? refuseLedger('insufficient-balance')
    : error;
}

export const isInsufficientFunds = (error: unknown): boolean =>
  error instanceof Refusal && error.code === 'insufficient-balance';

/** An account as one string: its owner (user id or system account) and asset. */
const accountOf = (owner: AccountOwner, asset: string) => `${'userId' in owner ? owner.userId : owner.system}:${asset}`;

/** One account's change: what its two buckets move by. */
interface AccountChange {
  /** See accountOf. */
  account: string;
  asset: string;
  /** In ledger units (see toLedgerUnits). */
  available: bigint;
  locked: bigint;
}

/** Adds up changes per account, in the order accounts first appear; an account left as it was drops out. */
function sumPerAccount(changes: AccountChange[]): AccountChange[] {
  const sums = new Map<string, AccountChange>();
  for (const change of changes) {
    const sum = sums.get(change.account);
    if (sum) {
      sum.available += change.available;
      sum.locked += change.locked;
    } else {
      sums.set(change.account, { ...change });
    }
  }
  return [...sums.values()].filter((sum) => sum.available !== 0n || sum.locked !== 0n);
}

/** A posting's changes per account, refused unless they sum to zero per asset. */
function balancedChanges(posting: Posting): AccountChange[] {
  const changes = sumPerAccount(
    posting.legs.map((leg) => {
      const amount = toLedgerUnits(leg.amount);
      return {
        account: accountOf(leg.owner, leg.asset),
        asset: leg.asset,
        available: leg.bucket === 'available' ? amount : 0n,
        locked: leg.bucket === 'locked' ? amount : 0n,
      };
    }),
  );
  const totals = new Map<string, bigint>();
  for (const c of changes) totals.set(c.asset, (totals.get(c.asset) ?? 0n) + c.available + c.locked);
  for (const [asset, total] of totals) {
    if (total !== 0n)
      throw new Error(`Unbalanced posting ${posting.reason}: ${asset} sums to ${fromLedgerUnits(total)}`);
  }
  return changes;
}

/** The accounts postings touch, user and system ones apart (they have different unique keys). */
export interface AccountKeys {
  users: Array<{ userId: string; asset: string }>;
  systems: Array<{ system: SystemAccount; asset: string }>;
}

/** The accounts postings touch, and a number for each (users' first, in the order they appear): how a statement's rows name them. */
function numberedAccounts(postings: Posting[]): { keys: AccountKeys; numbers: Map<string, number> } {
  const keys: AccountKeys = { users: [], systems: [] };
  const users: string[] = [];
  const systems: string[] = [];
  const seen = new Set<string>();
  for (const { owner, asset } of postings.flatMap((posting) => posting.legs)) {
    const account = accountOf(owner, asset);
    if (seen.has(account)) continue;
    seen.add(account);
    if ('userId' in owner) {
      keys.users.push({ userId: owner.userId, asset });
      users.push(account);
    } else {
      keys.systems.push({ system: owner.system, asset });
      systems.push(account);
    }
  }
  return { keys, numbers: new Map([...users, ...systems].map((account, k) => [account, k])) };
}

export const accountKeys = (postings: Posting[]): AccountKeys => numberedAccounts(postings).keys;

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
 * (see ensureAccounts). Rows name accounts by number (`k`, see numberedAccounts) and postings by
 * position (`p`), so each account's and posting's text travels once. `ledger_locked` locks every
 * touched account in id order (the same order for every writer, so concurrent postings cannot
 * deadlock), `ledger_keyed` gives each number its account, `ledger_accounts` adds each account's
 * summed change to it and returns the changed rows (user_id, system, asset, available, locked),
 * `ledger_journals` gives each posting its journal id, and `ledger_entries_written` writes one
 * entry per account each posting changes (both buckets in one row), in posting order. An entry
 * whose account is missing has no account id, which the entries' NOT NULL refuses: the statement
 * fails whole, nothing is lost.
 */
export function postingsSql(postings: Posting[], params: SqlParams): string {
  const { keys, numbers } = numberedAccounts(postings);
  const changes = postings.map(balancedChanges);
  const amounts = ({ available, locked }: AccountChange) => ({
    available: ledgerUnitsSql(available),
    locked: ledgerUnitsSql(locked),
  });
  const userKeys = params.rows(
    keys.users.map((key, k) => ({ k, user_id: key.userId, asset: key.asset })),
    'u',
    'k int, user_id uuid, asset varchar',
  );
  const systemKeys = params.rows(
    keys.systems.map((key, i) => ({ k: keys.users.length + i, ...key })),
    's',
    'k int, system varchar, asset varchar',
  );
  const moved = params.rows(
    sumPerAccount(changes.flat()).map((change) => ({ k: numbers.get(change.account), ...amounts(change) })),
    'c',
    'k int, available numeric, locked numeric',
  );
  const journals = params.rows(
    postings.map((posting, p) => ({
      p,
      reason: posting.reason,
      reference_type: posting.referenceType,
      reference_id: posting.referenceId,
    })),
    'j',
    'p int, reason varchar, reference_type varchar, reference_id varchar',
  );
  const entries = params.rows(
    changes.flatMap((list, p) => list.map((change) => ({ p, k: numbers.get(change.account), ...amounts(change) }))),
    'e',
    'p int, k int, available numeric, locked numeric',
  );
  return `ledger_user_keys AS (SELECT * FROM ${userKeys}),
     ledger_system_keys AS (SELECT * FROM ${systemKeys}),
     ledger_locked AS MATERIALIZED (
       SELECT id, user_id, system, asset FROM accounts
        WHERE (user_id, asset) IN (SELECT user_id, asset FROM ledger_user_keys)
           OR (system, asset) IN (SELECT system, asset FROM ledger_system_keys)
        ORDER BY id FOR UPDATE
     ), ledger_keyed AS (
       SELECT u.k, u.asset, l.id FROM ledger_user_keys u LEFT JOIN ledger_locked l ON l.user_id = u.user_id AND l.asset = u.asset
       UNION ALL
       SELECT s.k, s.asset, l.id FROM ledger_system_keys s LEFT JOIN ledger_locked l ON l.system = s.system AND l.asset = s.asset
     ), ledger_accounts AS (
       UPDATE accounts SET available = accounts.available + c.available, locked = accounts.locked + c.locked
         FROM ${moved} JOIN ledger_keyed a ON a.k = c.k
        WHERE accounts.id = a.id
       RETURNING accounts.user_id, accounts.system, accounts.asset, accounts.available, accounts.locked
     ), ledger_journals AS MATERIALIZED (
       SELECT j.*, gen_random_uuid() AS journal_id FROM ${journals}
     ), ledger_entries_written AS (
       INSERT INTO ledger_entries (journal_id, account_id, asset, available, locked, reason, reference_type, reference_id)
       SELECT j.journal_id, a.id, a.asset, e.available, e.locked, j.reason, j.reference_type, j.reference_id
         FROM ${entries}
         JOIN ledger_journals j ON j.p = e.p
         JOIN ledger_keyed a ON a.k = e.k
        ORDER BY e.p
       RETURNING 1
     )`;
}

/** A user's account as a statement changed it: both buckets, as decimal text. */
export interface AccountBalance {
  user_id: string;
  asset: string;
  available: string;
  locked: string;
}

/** After postingsSql's expressions: the users' accounts they changed, as AccountBalance rows. */
export const CHANGED_USER_ACCOUNTS = `SELECT user_id, asset, available::text AS available, locked::text AS locked
  FROM ledger_accounts WHERE user_id IS NOT NULL`;

/**
 * Applies postings inside the caller's transaction: creates missing accounts, then one statement
 * locks, changes and journals them (postingsSql). All or nothing with the transaction; a bucket
 * that would go below zero where that is not allowed throws the refusal 'insufficient-balance'. Answers the
 * users' accounts it changed, as it leaves them (what is pushed to them once the transaction commits).
 */
export async function post(manager: EntityManager, ...postings: Posting[]): Promise<AccountBalance[]> {
  if (postings.every((posting) => posting.legs.length === 0)) return [];
  const params = new SqlParams();
  const statement = `WITH ${postingsSql(postings, params)} ${CHANGED_USER_ACCOUNTS}`;
  try {
    await ensureAccounts(manager, accountKeys(postings));
    return await manager.query(statement, params.values);
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
