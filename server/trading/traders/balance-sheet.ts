import { toLedgerUnits, type LedgerUnits } from '../../kernel/money';
import type { Posting } from '../../ledger/ledger';

/**
 * The spendable balances of traders, as read (see trader-reads.ts) and moved by every posting a
 * round makes, so each order's hold is checked against what the orders before it left. The
 * accounts' check constraint checks the final balances again.
 */
export class BalanceSheet {
  /** Per user, per asset, in ledger units (exact, cheap to add). */
  private readonly available = new Map<string, Map<string, LedgerUnits>>();

  constructor(
    rows: Array<{ user_id: string; asset: string; available: string }>,
    userIds: Iterable<string>,
    assets: readonly string[],
  ) {
    for (const userId of userIds) this.available.set(userId, new Map(assets.map((asset) => [asset, 0n])));
    for (const row of rows) this.available.get(row.user_id)?.set(row.asset, toLedgerUnits(row.available));
  }

  canSpend(userId: string, asset: string, amount: LedgerUnits): boolean {
    const balance = this.available.get(userId)?.get(asset);
    return balance !== undefined && balance >= amount;
  }

  apply(posting: Posting): void {
    for (const leg of posting.legs) {
      if (leg.bucket !== 'available' || !('userId' in leg.owner)) continue;
      const balances = this.available.get(leg.owner.userId);
      const balance = balances?.get(leg.asset);
      if (balance !== undefined) balances!.set(leg.asset, balance + toLedgerUnits(leg.amount));
    }
  }

  /** Whether the sheet has `userId`'s balance in every one of `assets`. */
  holds(userId: string, assets: readonly string[]): boolean {
    const balances = this.available.get(userId);
    return balances !== undefined && assets.every((asset) => balances.has(asset));
  }

  /** Takes `userId`'s balances from `newer` (a later read), keeping those in other assets. */
  update(userId: string, newer: BalanceSheet): void {
    const read = newer.available.get(userId);
    if (!read) return;
    const balances = this.available.get(userId);
    if (balances) for (const [asset, balance] of read) balances.set(asset, balance);
    else this.available.set(userId, new Map(read));
  }

  forget(userId: string): void {
    this.available.delete(userId);
  }
}
