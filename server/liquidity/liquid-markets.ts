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
 * proportion to their base inventories' value. A market the maker holds no base of (one listed
 * since) counts as an average one for its USD share, and is bid on alone. Fixed by the inventory,
 * not by the balances of the moment, so the levels keep their sizes from one requote to the next.
 */
export function ladderDepth(
  market: BookMarket,
  inventory: Readonly<Record<string, string>>,
  markets: readonly BookMarket[] = liquidMarkets(),
): Money {
  const baseValue = (m: BookMarket) => money(inventory[m.base] ?? 0).times(m.seedPrice);
  const held = markets.map(baseValue).filter((value) => value.greaterThan(0));
  if (held.length === 0) return money(0);
  const average = held.reduce((sum, value) => sum.plus(value), money(0)).div(held.length);
  const weight = (m: BookMarket) => (baseValue(m).isZero() ? average : baseValue(m));
  const allWeights = markets.reduce((sum, m) => sum.plus(weight(m)), money(0));
  const usdShare = money(inventory[USD] ?? 0)
    .times(weight(market))
    .div(allWeights);
  const limit = baseValue(market).isZero() ? usdShare : Decimal.min(usdShare, baseValue(market));
  return limit.times(DEPTH_SHARE).toDecimalPlaces(2);
}
