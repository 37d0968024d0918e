import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { SystemAccount } from './account.entity';
import type { Bucket } from './ledger-entry.entity';
import { Money, ZERO, money, toSql, type Money as MoneyValue } from './money';

export type AccountOwner = { userId: string } | { system: SystemAccount };

/** One signed change of one bucket of one account. */
export interface Leg {
  owner: AccountOwner;
  asset: string;
  bucket: Bucket;
  amount: MoneyValue | string | number;
}

/** A set of legs that moves money and sums to zero per asset. */
export interface Posting {
  reason: string;
  referenceType: string;
  referenceId: string;
  legs: Leg[];
}

export class InsufficientFundsError extends Error {
  constructor(readonly asset: string) {
    super(`Insufficient ${asset} balance`);
  }
}

/**
 * Only the outside world may go below zero: it is where deposits come from. And the house desk: the
 * venue's principal account takes the other side of simple-screen trades, so its balance is the
 * venue's own position (short an asset it sold), not a stock that could run out.
 */
const OVERDRAFT_ALLOWED: ReadonlySet<SystemAccount> = new Set(['external', 'house']);

interface AccountRow {
  id: string;
  user_id: string | null;
  system: SystemAccount | null;
  asset: string;
  available: string;
  locked: string;
}

const ownerKey = (owner: AccountOwner, asset: string) =>
  'userId' in owner ? `u:${owner.userId}:${asset}` : `s:${owner.system}:${asset}`;
const rowKey = (row: AccountRow) => (row.user_id ? `u:${row.user_id}:${row.asset}` : `s:${row.system}:${row.asset}`);

function assertBalanced(posting: Posting) {
  const totals = new Map<string, MoneyValue>();
  for (const leg of posting.legs) totals.set(leg.asset, (totals.get(leg.asset) ?? ZERO).plus(money(leg.amount)));
  for (const [asset, total] of totals) {
    if (!total.isZero()) throw new Error(`Unbalanced posting ${posting.reason}: ${asset} sums to ${total.toFixed()}`);
  }
}

/**
 * Applies postings inside the caller's transaction: creates missing accounts, locks every account
 * touched (in id order, so concurrent postings cannot deadlock), refuses any user bucket going below
 * zero, then writes the new balances and the ledger entries. All or nothing with the transaction.
 */
export async function post(manager: EntityManager, ...postings: Posting[]): Promise<void> {
  const legs = postings.flatMap((posting) => {
    assertBalanced(posting);
    return posting.legs.map((leg) => ({ posting, leg, amount: money(leg.amount) }));
  });
  if (legs.length === 0) return;

  const wanted = new Map<string, { owner: AccountOwner; asset: string }>();
  for (const { leg } of legs) wanted.set(ownerKey(leg.owner, leg.asset), { owner: leg.owner, asset: leg.asset });
  const rows = await lockAccounts(manager, [...wanted.values()]);

  const balances = new Map(rows.map((row) => [rowKey(row), { row, available: money(row.available), locked: money(row.locked) }]));
  for (const { leg, amount } of legs) {
    const balance = balances.get(ownerKey(leg.owner, leg.asset))!;
    balance[leg.bucket] = balance[leg.bucket].plus(amount);
  }
  for (const { row, available, locked } of balances.values()) {
    const mayOverdraw = row.system !== null && OVERDRAFT_ALLOWED.has(row.system);
    if (!mayOverdraw && (available.isNegative() || locked.isNegative())) throw new InsufficientFundsError(row.asset);
  }

  // Columns as arrays through unnest(): a few parameters whatever the size (a long VALUES list
  // costs PostgreSQL milliseconds to parse), and balances and entries in one statement.
  const changed = [...balances.values()];
  const journalIds = new Map(postings.map((posting) => [posting, randomUUID()]));
  const entries = legs.filter(({ amount }) => !amount.isZero());
  await manager.query(
    `WITH updated AS (
       UPDATE accounts SET available = v.available, locked = v.locked
         FROM unnest($1::uuid[], $2::numeric[], $3::numeric[]) AS v(id, available, locked) WHERE accounts.id = v.id
       RETURNING 1)
     INSERT INTO ledger_entries (journal_id, account_id, asset, bucket, amount, reason, reference_type, reference_id)
     SELECT * FROM unnest($4::uuid[], $5::uuid[], $6::varchar[], $7::varchar[], $8::numeric[], $9::varchar[], $10::varchar[], $11::varchar[])`,
    [
      changed.map(({ row }) => row.id),
      changed.map(({ available }) => toSql(available)),
      changed.map(({ locked }) => toSql(locked)),
      entries.map(({ posting }) => journalIds.get(posting)!),
      entries.map(({ leg }) => balances.get(ownerKey(leg.owner, leg.asset))!.row.id),
      entries.map(({ leg }) => leg.asset),
      entries.map(({ leg }) => leg.bucket),
      entries.map(({ amount }) => toSql(amount)),
      entries.map(({ posting }) => posting.reason),
      entries.map(({ posting }) => posting.referenceType),
      entries.map(({ posting }) => posting.referenceId),
    ],
  );
}

/**
 * Locks the wanted accounts in id order and reads them; the missing ones (a user's first deposit of
 * an asset) are created first, which costs a second statement only when there are any.
 */
async function lockAccounts(manager: EntityManager, wanted: Array<{ owner: AccountOwner; asset: string }>): Promise<AccountRow[]> {
  const users = wanted.filter((w): w is { owner: { userId: string }; asset: string } => 'userId' in w.owner);
  const systems = wanted.filter((w): w is { owner: { system: SystemAccount }; asset: string } => 'system' in w.owner);
  const owners = [users.map((w) => w.owner.userId), users.map((w) => w.asset), systems.map((w) => w.owner.system), systems.map((w) => w.asset)];

  const lock = (): Promise<AccountRow[]> =>
    manager.query(
      `SELECT id, user_id, system, asset, available, locked FROM accounts
        WHERE (user_id, asset) IN (SELECT * FROM unnest($1::uuid[], $2::varchar[]))
           OR (system, asset) IN (SELECT * FROM unnest($3::varchar[], $4::varchar[]))
        ORDER BY id FOR UPDATE`,
      owners,
    );
  const rows = await lock();
  if (rows.length === wanted.length) return rows;
  await manager.query(
    `INSERT INTO accounts (user_id, system, asset)
       SELECT u, NULL, a FROM unnest($1::uuid[], $2::varchar[]) AS t(u, a)
       UNION ALL SELECT NULL, s, a FROM unnest($3::varchar[], $4::varchar[]) AS t(s, a)
     ON CONFLICT DO NOTHING`,
    owners,
  );
  return lock();
}

/** What a user can spend now in one asset (zero when the account does not exist yet). */
export async function availableBalance(manager: EntityManager, userId: string, asset: string): Promise<MoneyValue> {
  const rows: Array<{ available: string }> = await manager.query(
    'SELECT available FROM accounts WHERE user_id = $1 AND asset = $2',
    [userId, asset],
  );
  return rows[0] ? new Money(rows[0].available) : ZERO;
}
