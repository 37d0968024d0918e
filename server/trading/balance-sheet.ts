import { toLedgerUnits, type LedgerUnits } from '../ledger/money';
import type { Posting } from '../ledger/ledger';

/**
 * The spendable balances of a round's order placers, as read for the round (see placers.ts) and
 * moved by every posting the round makes, so each order's hold is checked against what the orders
 * before it in the same round left. The accounts' check constraint checks the final balances again.
 */
export class BalanceSheet {
  /** In ledger units (exact, cheap to add). */
  private readonly available = new Map<string, LedgerUnits>();

  constructor(rows: Array<{ user_id: string; asset: string; available: string }>, userIds: Iterable<string>, assets: readonly string[]) {
    for (const userId of userIds) for (const asset of assets) this.available.set(key(userId, asset), 0n);
    for (const row of rows) this.available.set(key(row.user_id, row.asset), toLedgerUnits(row.available));
  }

  canSpend(userId: string, asset: string, amount: LedgerUnits): boolean {
    const balance = this.available.get(key(userId, asset));
    return balance !== undefined && balance >= amount;
  }

  apply(posting: Posting): void {
    for (const leg of posting.legs) {
      if (leg.bucket !== 'available' || !('userId' in leg.owner)) continue;
      const k = key(leg.owner.userId, leg.asset);
      const balance = this.available.get(k);
      if (balance !== undefined) this.available.set(k, balance + toLedgerUnits(leg.amount));
    }
  }
}

const key = (userId: string, asset: string) => `${userId}:${asset}`;
