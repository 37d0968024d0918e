import { fromLedgerUnits, money, type LedgerUnits, type Money } from '../../kernel/money';

/** The postings that buy and sell: order-book fills and the desk's trades. */
const TRADE_REASONS = new Set(['trade', 'instant_trade']);

/** One change of a held asset (both buckets together), in ledger order. */
export interface HoldingChange {
  asset: string;
  change: LedgerUnits;
  /** The posting's reason (ledger_entries.reason). */
  reason: string;
  /** What the same posting moved in the trader's dollars (fees included); 0 when it moved none. */
  dollars: LedgerUnits;
}

/** A holding's quantity and the dollars one unit cost on average (null before any buy). */
export interface CostBasis {
  quantity: LedgerUnits;
  averageCost: Money | null;
}

/**
 * The average cost of each asset, from its changes in ledger order (README.md, "Average cost"):
 * a buy (a trade that brings the asset for dollars) adds its units at what it paid, fee included;
 * any other change moves the quantity at the average cost, which a sale thereby leaves as it was.
 */
export function costBases(changes: Iterable<HoldingChange>): Map<string, CostBasis> {
  const bases = new Map<string, CostBasis>();
  for (const { asset, change, reason, dollars } of changes) {
    const basis = bases.get(asset) ?? { quantity: 0n, averageCost: null };
    const quantity = basis.quantity + change;
    if (TRADE_REASONS.has(reason) && change > 0n && dollars < 0n) {
      const paid = money(fromLedgerUnits(-dollars));
      // Units held at no known cost (a trader has none before a first buy) count at this buy's price.
      basis.averageCost =
        basis.averageCost === null
          ? paid.div(fromLedgerUnits(change))
          : basis.averageCost.times(fromLedgerUnits(basis.quantity)).plus(paid).div(fromLedgerUnits(quantity));
    }
    basis.quantity = quantity;
    bases.set(asset, basis);
  }
  return bases;
}
