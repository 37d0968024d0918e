/**
 * The order book grouped by a coarser price step, a multiple of the market's tick: a bid goes to
 * the step at or below its price and an ask to the step at or above, so a grouped level never
 * looks better than the orders in it; the amounts of a step are summed. Prices are counted in
 * units of the tick's last decimal, so steps like 0.001 stay exact.
 */
import type { Level } from '../../api/types';
import { decimalsOf } from '../../format';

export type BookSide = 'bid' | 'ask';

/** The steps offered: the tick, then ten, a hundred and a thousand ticks. */
export const GROUP_FACTORS = [1, 10, 100, 1000] as const;

/** The step's price as text with the decimals it needs (tick 0.01, factor 10: "0.1"). */
export function stepLabel(tick: string, factor: number): string {
  const decimals = Math.max(0, decimalsOf(tick) - Math.round(Math.log10(factor)));
  return (Number(tick) * factor).toFixed(decimals);
}

/** The price of the step a price falls in on that side. */
export function groupPrice(value: number, side: BookSide, tick: string, factor: number): number {
  const decimals = decimalsOf(tick);
  const scale = 10 ** decimals;
  const step = Math.round(Number(tick) * scale) * factor;
  const units = Math.round(value * scale) / step;
  const grouped = (side === 'bid' ? Math.floor(units) : Math.ceil(units)) * step;
  return Number((grouped / scale).toFixed(decimals));
}

/** A side's levels (best first) grouped: best first still, amounts summed to the lot's decimals. */
export function groupLevels(levels: Level[], side: BookSide, tick: string, lot: string, factor: number): Level[] {
  if (factor === 1) return levels;
  const lotDecimals = decimalsOf(lot);
  const grouped: Level[] = [];
  for (const [price, quantity] of levels) {
    const step = groupPrice(price, side, tick, factor);
    const last = grouped[grouped.length - 1];
    // Best first in, best first out: a level joins the step before it or opens the next one.
    if (last && last[0] === step) last[1] = Number((last[1] + quantity).toFixed(lotDecimals));
    else grouped.push([step, quantity]);
  }
  return grouped;
}
