import Decimal from 'decimal.js';
import { money, type Money } from '../ledger/money';
import type { BookMarket } from '../markets/catalog';

export interface LadderQuote {
  side: 'buy' | 'sell';
  price: string;
  amount: string;
}

export interface LadderShape {
  levels: number;
  /** Distance of the best quotes from the reference, as a fraction (0.0005 = 0.05%, a 0.1% spread). */
  halfSpread: string;
  /** Extra distance of each further level. */
  levelStep: string;
}

export const DEFAULT_LADDER: LadderShape = { levels: 5, halfSpread: '0.0005', levelStep: '0.0005' };

/**
 * Layered bids below and asks above the reference: prices on the tick, at least one tick apart and
 * off the reference; each side's budget (USD for bids, the base asset for asks) split evenly over
 * its levels and rounded down to the lot, so the ladder never asks for more than the budget. Levels
 * worth less than the market's minimum order value are left out.
 */
export function quoteLadder(
  market: BookMarket,
  reference: Money,
  bidBudget: Money,
  askBudget: Money,
  shape: LadderShape = DEFAULT_LADDER,
): LadderQuote[] {
  const tick = money(market.tickSize);
  const lot = money(market.lotSize);
  const minNotional = money(market.minNotional);
  const quotes: LadderQuote[] = [];
  for (let level = 0; level < shape.levels; level++) {
    const distance = money(shape.halfSpread).plus(money(shape.levelStep).times(level));
    const minimumGap = tick.times(level + 1);
    const gap = Decimal.max(reference.times(distance), minimumGap);
    const bid = reference.minus(gap).toNearest(tick, Decimal.ROUND_DOWN);
    const ask = reference.plus(gap).toNearest(tick, Decimal.ROUND_UP);
    if (bid.greaterThan(0)) {
      const amount = bidBudget.div(shape.levels).div(bid).toNearest(lot, Decimal.ROUND_DOWN);
      if (amount.times(bid).greaterThanOrEqualTo(minNotional) && amount.greaterThan(0)) {
        quotes.push({ side: 'buy', price: bid.toFixed(), amount: amount.toFixed() });
      }
    }
    const amount = askBudget.div(shape.levels).toNearest(lot, Decimal.ROUND_DOWN);
    if (amount.times(ask).greaterThanOrEqualTo(minNotional) && amount.greaterThan(0)) {
      quotes.push({ side: 'sell', price: ask.toFixed(), amount: amount.toFixed() });
    }
  }
  return quotes;
}
