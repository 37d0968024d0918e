import { Money, ZERO, money } from '../ledger/money';
import type { Posting } from '../ledger/ledger';

/**
 * The spendable balances of a batch's order placers, read under row locks at the start of the
 * batch and moved by every posting the batch makes, so each order's hold is checked against what
 * the orders before it in the same batch left. The ledger checks the final balances again.
 */
export class BalanceSheet {
  private readonly available = new Map<string, Money>();

  constructor(rows: Array<{ user_id: string; asset: string; available: string }>, userIds: Iterable<string>, assets: readonly string[]) {
    for (const userId of userIds) for (const asset of assets) this.available.set(key(userId, asset), ZERO);
    for (const row of rows) this.available.set(key(row.user_id, row.asset), money(row.available));
  }

  canSpend(userId: string, asset: string, amount: string): boolean {
    const balance = this.available.get(key(userId, asset));
    return balance !== undefined && balance.gte(amount);
  }

  apply(posting: Posting): void {
    for (const leg of posting.legs) {
      if (leg.bucket !== 'available' || !('userId' in leg.owner)) continue;
      const k = key(leg.owner.userId, leg.asset);
      const balance = this.available.get(k);
      if (balance !== undefined) this.available.set(k, balance.plus(money(leg.amount)));
    }
  }
}

const key = (userId: string, asset: string) => `${userId}:${asset}`;
