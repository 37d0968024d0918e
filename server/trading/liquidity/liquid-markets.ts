import Decimal from 'decimal.js';
import { money, type Money } from '../../kernel/money';
import { USD, type BookMarket, type MarketCatalog } from '../../markets/catalog';
import { ladderShape, ladderShortfall } from './quote-ladder';

/** The markets the system traders keep alive (quotes, flow, a past): the book markets the catalog lists as trading. */
export const liquidMarkets = (catalog: MarketCatalog): readonly BookMarket[] =>
  catalog.bookMarkets().filter((m) => m.status === 'trading');

/** Share of a market's inventory one side of its ladder holds: the rest absorbs fills until the next top-up. */
const DEPTH_SHARE = 0.4;

/**
 * The maker's inventory for the markets listed now: what it was funded with, and for each market
 * listed since whose base that holds none of, as much of that base as an average market's is worth
 * (at the seed prices, to the lot, one lot at least), so a new market is quoted on both sides at once.
 */
export function listedInventory(
  funded: Readonly<Record<string, string>>,
  markets: readonly BookMarket[],
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
 * The most one market counts for when the maker's USD is shared out, as a share of that USD: a
 * market whose base is worth more than all the others together counts for no more than this, so a
 * listing leaves every other market most of its depth (the opening markets each count for less).
 */
const MAX_WEIGHT = 0.5;

/**
 * What one side of a market's ladder holds, in USD: a share of the maker's inventory of its base
 * (at the seed price) or of its USD, whichever is less, the USD shared out between the markets in
 * proportion to their base inventories' value, each counting for at most MAX_WEIGHT of the USD. The
 * inventory is the one for the markets listed now (listedInventory). Fixed by the inventory, not by
 * the balances of the moment, so the levels keep their sizes from one requote to the next.
 */
export function ladderDepth(
  market: BookMarket,
  funded: Readonly<Record<string, string>>,
  markets: readonly BookMarket[],
): Money {
  const inventory = listedInventory(funded, markets);
  const usd = money(inventory[USD] ?? 0);
  const baseValue = (m: BookMarket) => money(inventory[m.base] ?? 0).times(m.seedPrice);
  const weight = (m: BookMarket) => Decimal.min(baseValue(m), usd.times(MAX_WEIGHT));
  const allWeights = markets.reduce((sum, m) => sum.plus(weight(m)), money(0));
  if (allWeights.isZero()) return money(0);
  const usdShare = usd.times(weight(market)).div(allWeights);
  return Decimal.min(usdShare, baseValue(market)).times(DEPTH_SHARE).toDecimalPlaces(2);
}

/**
 * Why the market maker could not quote a market about to be listed, or null: its ladder at the
 * reference price, with the depth it would have among the markets listed now (ladderShortfall).
 */
export function listingShortfall(
  market: BookMarket,
  funded: Readonly<Record<string, string>>,
  markets: readonly BookMarket[],
): string | null {
  const shape = ladderShape(ladderDepth(market, funded, [...markets, market]));
  return ladderShortfall(market, money(market.seedPrice), shape);
}
