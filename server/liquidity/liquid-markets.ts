import Decimal from 'decimal.js';
import { money, type Money } from '../ledger/money';
import { bookMarkets, USD, type BookMarket } from '../markets/catalog';

/** The markets the system traders keep alive (quotes, flow, a past): the book markets the catalog lists as trading. */
export const liquidMarkets = (): readonly BookMarket[] => bookMarkets().filter((m) => m.status === 'trading');

/** Share of a market's inventory one side of its ladder holds: the rest absorbs fills until the next top-up. */
const DEPTH_SHARE = 0.4;

/**
 * The maker's inventory for the markets listed now: what it was funded with, and for each market
 * listed since whose base that holds none of, as much of that base as an average market's is worth
 * (at the seed prices, to the lot, one lot at least), so a new market is quoted on both sides at once.
 */
export function listedInventory(
  funded: Readonly<Record<string, string>>,
  markets: readonly BookMarket[] = liquidMarkets(),
): Record<string, string> {
  const baseValue = (m: BookMarket) => money(funded[m.base] ?? 0).times(m.seedPrice);
  const held = markets.map(baseValue).filter((value) => value.greaterThan(0));
  const inventory = { ...funded };
  if (held.length === 0) return inventory;
  const average = held.reduce((sum, value) => sum.plus(value), money(0)).div(held.length);
  for (const market of markets) {
    if (baseValue(market).greaterThan(0)) continue;
    const lot = money(market.lotSize);
    const amount = average.div(market.seedPrice).toNearest(lot, Decimal.ROUND_DOWN);
    inventory[market.base] = Decimal.max(amount, lot).toFixed();
  }
  return inventory;
}

/**
 * What one side of a market's ladder holds, in USD: a share of the maker's inventory of its base
 * (at the seed price) or of its USD, whichever is less, the USD shared out between the markets in
 * proportion to their base inventories' value. The inventory is the one for the markets listed now
 * (listedInventory). Fixed by the inventory, not by the balances of the moment, so the levels keep
 * their sizes from one requote to the next.
 */
export function ladderDepth(
  market: BookMarket,
  funded: Readonly<Record<string, string>>,
  markets: readonly BookMarket[] = liquidMarkets(),
): Money {
  const inventory = listedInventory(funded, markets);
  const baseValue = (m: BookMarket) => money(inventory[m.base] ?? 0).times(m.seedPrice);
  const allValues = markets.reduce((sum, m) => sum.plus(baseValue(m)), money(0));
  if (allValues.isZero()) return money(0);
  const usdShare = money(inventory[USD] ?? 0)
    .times(baseValue(market))
    .div(allValues);
  return Decimal.min(usdShare, baseValue(market)).times(DEPTH_SHARE).toDecimalPlaces(2);
}
