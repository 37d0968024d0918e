import type { EntityManager } from 'typeorm';
import { money } from '../kernel/money';

export interface LedgerMismatch {
  account_id: string;
  asset: string;
  bucket: 'available' | 'locked';
  balance: string;
  ledger: string;
}

export interface AssetTotals {
  asset: string;
  users: string;
  system: string;
  /** Sum over every account: zero when no money was made or lost. */
  total: string;
}

/**
 * Recomputes every account from its ledger entries and compares with the stored balance; totals
 * per asset show that, across users and system accounts, every asset sums to zero.
 */
export async function checkLedger(
  manager: EntityManager,
): Promise<{ ok: boolean; mismatches: LedgerMismatch[]; totals: AssetTotals[] }> {
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
  const ok = mismatches.length === 0 && totals.every((t) => money(t.total).isZero());
  return { ok, mismatches, totals };
}
