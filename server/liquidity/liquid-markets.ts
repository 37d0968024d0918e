import Decimal from 'decimal.js';
import { money, type Money } from '../ledger/money';
import { bookMarkets, USD, type BookMarket } from '../markets/catalog';

/** The markets the system traders keep alive (quotes, flow, a past): the book markets the catalog lists as trading. */
export const liquidMarkets = (): readonly BookMarket[] => bookMarkets().filter((m) => m.status === 'trading');

/** Share of a market's inventory one side of its ladder holds: the rest absorbs fills until the next top-up. */
const DEPTH_SHARE = 0.4;

/**
 * What one side of a market's ladder holds, in USD: a share of the maker's inventory of its base
 * (at the seed price) or of its USD, whichever is less, the USD shared out between the markets in
 * proportion to their base inventories' value. Fixed by the inventory, not by the balances of the
 * moment, so the levels keep their sizes from one requote to the next.
 */
export function ladderDepth(
  market: BookMarket,
  inventory: Readonly<Record<string, string>>,
  markets: readonly BookMarket[] = liquidMarkets(),
): Money {
  const baseValue = (m: BookMarket) => money(inventory[m.base] ?? 0).times(m.seedPrice);
  const allBaseValue = markets.reduce((sum, m) => sum.plus(baseValue(m)), money(0));
  if (allBaseValue.isZero()) return money(0);
  const usdShare = money(inventory[USD] ?? 0)
    .times(baseValue(market))
    .div(allBaseValue);
  return Decimal.min(usdShare, baseValue(market)).times(DEPTH_SHARE).toDecimalPlaces(2);
}
