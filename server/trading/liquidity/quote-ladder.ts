import Decimal from 'decimal.js';
import { money, type Money } from '../../kernel/money';
import type { BookMarket } from '../../markets/catalog';

export interface LadderQuote {
  side: 'buy' | 'sell';
  /** 0 for the best quote of its side, growing outwards. */
  level: number;
  price: string;
  amount: string;
  /**
   * How far from `price` a quote already resting may stand in for this one: half the gap to the
   * level before (the levels' windows never overlap), so a small move of the reference leaves the
   * deep levels where they rest and only the near ones are replaced.
   */
  tolerance: string;
}

export interface LadderShape {
  levels: number;
  /** Distance of the best quotes from the reference, as a fraction (0.0002 = 0.02%, a 0.04% spread). */
  halfSpread: string;
  /** The gap between the first two levels, as a fraction; each further gap is `growth` times the one before. */
  firstGap: string;
  growth: number;
  /** What each side holds in all, in USD: spread over the levels, deeper levels bigger. */
  depth: string;
}

/** Levels a side. */
export const LADDER_LEVELS = 24;
/** Half-spread of a ladder one million dollars deep a side; thinner ladders quote wider (see ladderShape). */
const HALF_SPREAD_AT_A_MILLION = 0.0001;
const HALF_SPREAD_RANGE = { min: 0.0001, max: 0.002 };
/** Each level is (1 + DEPTH_SLOPE x its index) units deep on average, so size grows with distance. */
const DEPTH_SLOPE = 0.3;
/** A level's size varies by up to this share either way, so no two levels look alike. */
const SIZE_SPREAD = 0.5;

/**
 * The ladder a market of this depth (USD a side) affords: the deeper its liquidity, the tighter its
 * spread (half-spread falls with the square root of depth, as the price impact of an order of a
 * given size does); the gaps between levels start at the half-spread and grow by 12% a level, so 24
 * levels reach about 1.5% (BTC) to 3% (a thin market) from the reference.
 */
export function ladderShape(depth: Money): LadderShape {
  const halfSpread = Math.min(
    Math.max(HALF_SPREAD_AT_A_MILLION * Math.sqrt(1_000_000 / Math.max(depth.toNumber(), 1)), HALF_SPREAD_RANGE.min),
    HALF_SPREAD_RANGE.max,
  );
  const fraction = halfSpread.toFixed(6);
  return { levels: LADDER_LEVELS, halfSpread: fraction, firstGap: fraction, growth: 1.12, depth: depth.toFixed(2) };
}

/**
 * The price a ladder is laid around: the reference, moved no further than keeps the last trade
 * within the best bid and ask (at the best ask when the reference is below it, at the best bid when
 * above). So a taker that took levels leaves the last trade at the touch once the ladder is laid
 * again, and a reference that ran away from the last trade pulls the book only as far as that: the
 * book's price moves when trades move it, and the takers lean toward the reference while the book
 * lags it (taker-flow.ts arbitrageSide). Without a trade yet, the reference.
 */
export function ladderCenter(reference: Money, last: Money | null, halfSpread: string): Money {
  if (last === null) return reference;
  const half = money(halfSpread);
  // Laid around these, the best ask (rounded up to the tick) or the best bid (down) is the last
  // trade: each a hair inside its bound, so the division's last digit cannot round it past a tick.
  const lowest = last.div(half.plus(1)).toSignificantDigits(30, Decimal.ROUND_DOWN);
  const highest = last.div(money(1).minus(half)).toSignificantDigits(30, Decimal.ROUND_UP);
  return Decimal.min(Decimal.max(reference, lowest), highest);
}

/** A number in [0, 1) fixed by the text (FNV-1a): the same level gets the same size at every requote. */
function hashFraction(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) / 4294967296;
}

/** One level's two prices, and how far from them a resting quote may stand in (LadderQuote.tolerance). */
interface LevelPrices {
  level: number;
  bid: Money;
  ask: Money;
  tolerance: Money;
}

/**
 * The ladder's prices: on the tick, strictly apart and off the reference, the gaps growing by
 * `growth`. A reference only a few ticks above 0 leaves the deep bids at 0 or below.
 */
function levelPrices(tick: Money, reference: Money, shape: LadderShape): LevelPrices[] {
  const levels: LevelPrices[] = [];
  let distance = Number(shape.halfSpread);
  let gap = Number(shape.firstGap);
  let bid = reference;
  let ask = reference;
  for (let level = 0; level < shape.levels; level++) {
    if (level > 0) {
      distance += gap;
      gap *= shape.growth;
    }
    bid = Decimal.min(reference.times(1 - distance).toNearest(tick, Decimal.ROUND_DOWN), bid.minus(tick));
    ask = Decimal.max(reference.times(1 + distance).toNearest(tick, Decimal.ROUND_UP), ask.plus(tick));
    const tolerance = reference
      .times((level === 0 ? distance : gap / shape.growth) / 2)
      .toNearest(tick, Decimal.ROUND_DOWN);
    levels.push({ level, bid, ask, tolerance });
  }
  return levels;
}

/**
 * Layered bids below and asks above the reference (levelPrices); each side's depth spread over its
 * levels, deeper levels bigger on average and every size varied by a hash of its price, rounded down
 * to the lot and to what a book counts. Levels worth less than the market's minimum order value,
 * and bids at 0, are left out.
 */
export function quoteLadder(market: BookMarket, reference: Money, shape: LadderShape): LadderQuote[] {
  const tick = money(market.tickSize);
  const lot = money(market.lotSize);
  const minNotional = money(market.minNotional);
  let meanUnits = 0;
  for (let level = 0; level < shape.levels; level++) meanUnits += 1 + DEPTH_SLOPE * level;
  const unitValue = money(shape.depth).div(meanUnits);
  const quotes: LadderQuote[] = [];
  for (const { level, bid, ask, tolerance } of levelPrices(tick, reference, shape)) {
    for (const [side, price] of [
      ['buy', bid],
      ['sell', ask],
    ] as const) {
      if (price.lessThanOrEqualTo(0)) continue;
      const variation = 1 + SIZE_SPREAD * (2 * hashFraction(`${market.symbol}:${side}:${price.toFixed()}`) - 1);
      const value = unitValue.times(1 + DEPTH_SLOPE * level).times(variation.toFixed(6));
      // A book counts an order's value in ticks x lots, as a safe integer: a level holds no more.
      const mostLots = money(Number.MAX_SAFE_INTEGER).div(price.div(tick)).floor();
      const amount = Decimal.min(value.div(price).toNearest(lot, Decimal.ROUND_DOWN), mostLots.times(lot));
      if (amount.greaterThan(0) && amount.times(price).greaterThanOrEqualTo(minNotional)) {
        quotes.push({ side, level, price: price.toFixed(), amount: amount.toFixed(), tolerance: tolerance.toFixed() });
      }
    }
  }
  return quotes;
}

/** The reference is too few ticks above 0 for the ladder. */
const BIDS_AT_ZERO = 'its deepest bids would round to 0 at the tick';
/** No level of a side can hold one lot worth the minimum order value (or there is no depth to share). */
const EMPTY_SIDE =
  'a side of its ladder would be empty: one lot, or the minimum order value, is worth more than a level holds';

/**
 * What keeps a market's ladder from quoting as it should (BIDS_AT_ZERO, EMPTY_SIDE); null when every
 * level's prices are above 0 and both sides hold at least one level.
 */
export function ladderShortfall(market: BookMarket, reference: Money, shape: LadderShape): string | null {
  if (levelPrices(money(market.tickSize), reference, shape).some(({ bid }) => bid.lessThanOrEqualTo(0)))
    return BIDS_AT_ZERO;
  const sides = new Set(quoteLadder(market, reference, shape).map((quote) => quote.side));
  return sides.size < 2 ? EMPTY_SIDE : null;
}

/** A quote resting on the book, as the ladder is compared with it. */
export interface RestingQuote {
  id: string;
  side: 'buy' | 'sell';
  price: string;
}

/**
 * What turns the resting quotes into the ladder: each level keeps the nearest resting quote of its
 * side within its tolerance, the rest are cancelled, and levels left without one are placed.
 */
export function ladderChanges(
  ladder: LadderQuote[],
  resting: RestingQuote[],
): { cancel: RestingQuote[]; place: LadderQuote[] } {
  const unmatched = new Set(resting);
  const place: LadderQuote[] = [];
  for (const quote of ladder) {
    const price = money(quote.price);
    let nearest: RestingQuote | undefined;
    for (const candidate of unmatched) {
      const off = money(candidate.price).minus(price).abs();
      if (candidate.side !== quote.side || off.greaterThan(quote.tolerance)) continue;
      if (!nearest || off.lessThan(money(nearest.price).minus(price).abs())) nearest = candidate;
    }
    if (nearest) unmatched.delete(nearest);
    else place.push(quote);
  }
  return { cancel: [...unmatched], place };
}
