import type { EntityManager } from 'typeorm';
import { toLedgerUnits, type LedgerUnits } from '../../kernel/money';
import { USD } from '../../markets/catalog';
import { costBases, type CostBasis, type HoldingChange } from './cost-basis';

/**
 * Moves between the trader's spot balances and the world outside them, not gains or losses: deposits
 * and withdrawals paid out, and Earn subscriptions and paybacks (the coins stay the trader's).
 */
export const TRANSFER_REASONS = new Set(['deposit', 'withdrawal', 'earn_subscribe', 'earn_redeem', 'earn_maturity']);

/** One asset of a trader, in ledger units, as one snapshot of the database has it. */
export interface Holding {
  asset: string;
  available: LedgerUnits;
  locked: LedgerUnits;
  /** Of `locked`, what pending withdrawals hold (dollars only); the rest is held by open orders. */
  withdrawing: LedgerUnits;
  /** The total (both buckets) when the day began. */
  dayStartTotal: LedgerUnits;
  /** What transfers (TRANSFER_REASONS) moved in or out since the day began. */
  transfersToday: LedgerUnits;
  basis: CostBasis;
}

interface ChangeRow {
  journal_id: string;
  asset: string;
  change: string;
  reason: string;
  today: boolean;
}

const units = (value: string | null | undefined) => toLedgerUnits(value ?? '0');

/**
 * Every asset of `assets` the trader holds, read in one REPEATABLE READ snapshot: the balances, the
 * pending withdrawals and every ledger entry that changed a total, oldest first. Costs come from the
 * dollars of each entry's own posting; the day's entries give the day's start and its transfers.
 */
export async function readHoldings(
  manager: EntityManager,
  userId: string,
  assets: readonly string[],
  dayStart: Date,
): Promise<Holding[]> {
  return manager.transaction('REPEATABLE READ', async (snapshot) => {
    const balances: Array<{ asset: string; available: string; locked: string }> = await snapshot.query(
      'SELECT asset, available::text, locked::text FROM accounts WHERE user_id = $1',
      [userId],
    );
    const [pending]: Array<{ withdrawing: string | null }> = await snapshot.query(
      `SELECT sum(amount)::text AS withdrawing FROM funding_requests
        WHERE user_id = $1 AND kind = 'withdrawal' AND status = 'pending'`,
      [userId],
    );
    const rows: ChangeRow[] = await snapshot.query(
      `SELECT e.journal_id, a.asset, (e.available + e.locked)::text AS change, e.reason, e.created_at >= $2 AS today
         FROM accounts a JOIN ledger_entries e ON e.account_id = a.id
        WHERE a.user_id = $1 AND e.available + e.locked <> 0
        ORDER BY e.id`,
      [userId, dayStart],
    );
    return holdingsOf(assets, balances, units(pending?.withdrawing), rows);
  });
}

function holdingsOf(
  assets: readonly string[],
  balances: Array<{ asset: string; available: string; locked: string }>,
  withdrawing: LedgerUnits,
  rows: ChangeRow[],
): Holding[] {
  const dollarsOf = new Map(rows.filter((row) => row.asset === USD).map((row) => [row.journal_id, units(row.change)]));
  const changes: HoldingChange[] = rows.map((row) => ({
    asset: row.asset,
    change: units(row.change),
    reason: row.reason,
    dollars: dollarsOf.get(row.journal_id) ?? 0n,
  }));
  const bases = costBases(changes.filter((change) => change.asset !== USD));
  const today = changes.filter((_, i) => rows[i]!.today);
  const sumOf = (asset: string, list: HoldingChange[]) =>
    list.reduce((sum, change) => (change.asset === asset ? sum + change.change : sum), 0n);
  const byAsset = new Map(balances.map((balance) => [balance.asset, balance]));
  return assets.map((asset) => {
    const available = units(byAsset.get(asset)?.available);
    const locked = units(byAsset.get(asset)?.locked);
    return {
      asset,
      available,
      locked,
      withdrawing: asset === USD ? withdrawing : 0n,
      dayStartTotal: available + locked - sumOf(asset, today),
      transfersToday: sumOf(
        asset,
        today.filter((change) => TRANSFER_REASONS.has(change.reason)),
      ),
      basis: bases.get(asset) ?? { quantity: 0n, averageCost: null },
    };
  });
}
