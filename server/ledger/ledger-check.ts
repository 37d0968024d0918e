import type { EntityManager } from 'typeorm';
import { money } from '../kernel/money';

export interface LedgerMismatch {
  account_id: string;
  asset: string;
  bucket: 'available' | 'locked';
  balance: string;
  ledger: string;
}

/** A system account that stands for what a domain holds, and what the domain's rows say it holds. */
export interface HeldMismatch {
  system: string;
  asset: string;
  balance: string;
  held: string;
}

/** Money the journal moved for a domain's rows (by the postings' reason), against what the rows say was paid. */
export interface PaidMismatch {
  reason: string;
  asset: string;
  journal: string;
  recorded: string;
}

export interface AssetTotals {
  asset: string;
  users: string;
  system: string;
  /** Sum over every account: zero when no money was made or lost. */
  total: string;
}

/**
 * The system accounts that hold for others, against the rows that say what they hold: `earn` holds
 * the principal and credited interest of the active Earn positions, and `earn_interest` is below
 * zero by every interest credit the accruals record.
 */
const HELD_MISMATCHES = `
  WITH held AS (
    SELECT 'earn' AS system, asset, SUM(amount + accrued) AS amount FROM earn_positions WHERE status = 'active' GROUP BY asset
    UNION ALL
    SELECT 'earn_interest', p.asset, -SUM(a.interest) FROM earn_accruals a JOIN earn_positions p ON p.id = a.position_id GROUP BY p.asset
  ), accounts_held AS (
    SELECT system, asset, available + locked AS balance FROM accounts WHERE system IN ('earn', 'earn_interest')
  )
  SELECT COALESCE(a.system, h.system) AS system, COALESCE(a.asset, h.asset) AS asset,
         COALESCE(a.balance, 0)::text AS balance, COALESCE(h.amount, 0)::text AS held
    FROM accounts_held a FULL JOIN held h ON h.system = a.system AND h.asset = a.asset
   WHERE COALESCE(a.balance, 0) <> COALESCE(h.amount, 0)`;

/**
 * The domains' payments against their postings: the referral commissions recorded against what
 * the journal credited users for them (the fee revenue's side balances it, as every posting does).
 */
const PAID_MISMATCHES = `
  WITH journal AS (
    SELECT e.asset, SUM(e.available) AS amount FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
     WHERE e.reason = 'referral_commission' AND a.user_id IS NOT NULL GROUP BY e.asset
  ), recorded AS (
    SELECT 'USD'::varchar AS asset, SUM(commission) AS amount FROM referral_commissions HAVING count(*) > 0
  )
  SELECT 'referral_commission' AS reason, COALESCE(j.asset, r.asset) AS asset,
         COALESCE(j.amount, 0)::text AS journal, COALESCE(r.amount, 0)::text AS recorded
    FROM journal j FULL JOIN recorded r ON r.asset = j.asset
   WHERE COALESCE(j.amount, 0) <> COALESCE(r.amount, 0)`;

/**
 * Recomputes every account from its ledger entries and compares with the stored balance; totals
 * per asset show that, across users and system accounts, every asset sums to zero; and the
 * accounts that hold for a domain hold what its rows say (HELD_MISMATCHES).
 */
export async function checkLedger(manager: EntityManager): Promise<{
  ok: boolean;
  mismatches: LedgerMismatch[];
  held: HeldMismatch[];
  paid: PaidMismatch[];
  totals: AssetTotals[];
}> {
  const rows: Array<{
    account_id: string;
    asset: string;
    available: string;
    locked: string;
    ledger_available: string;
    ledger_locked: string;
  }> = await manager.query(`
      SELECT a.id AS account_id, a.asset, a.available, a.locked,
             COALESCE(e.available, 0) AS ledger_available, COALESCE(e.locked, 0) AS ledger_locked
        FROM accounts a
        LEFT JOIN (
          SELECT account_id, SUM(available) AS available, SUM(locked) AS locked
            FROM ledger_entries GROUP BY account_id
        ) e ON e.account_id = a.id
       WHERE a.available <> COALESCE(e.available, 0) OR a.locked <> COALESCE(e.locked, 0)`);
  const mismatches: LedgerMismatch[] = [];
  for (const row of rows) {
    for (const bucket of ['available', 'locked'] as const) {
      const ledger = bucket === 'available' ? row.ledger_available : row.ledger_locked;
      if (!money(row[bucket]).eq(ledger)) {
        mismatches.push({ account_id: row.account_id, asset: row.asset, bucket, balance: row[bucket], ledger });
      }
    }
  }
  const totals: AssetTotals[] = await manager.query(`
    SELECT asset,
           COALESCE(SUM(available + locked) FILTER (WHERE user_id IS NOT NULL), 0)::text AS users,
           COALESCE(SUM(available + locked) FILTER (WHERE system IS NOT NULL), 0)::text AS system,
           SUM(available + locked)::text AS total
      FROM accounts GROUP BY asset ORDER BY asset`);
  const held: HeldMismatch[] = await manager.query(HELD_MISMATCHES);
  const paid: PaidMismatch[] = await manager.query(PAID_MISMATCHES);
  const ok =
    mismatches.length === 0 && held.length === 0 && paid.length === 0 && totals.every((t) => money(t.total).isZero());
  return { ok, mismatches, held, paid, totals };
}
