import { fromLots } from '../../../engine';
import type { Money } from '../../kernel/money';
import type { BookMarket } from '../../markets/catalog';
import { gaussian, type Random } from '../../markets/reference-prices/random-walk';

/** The simulated takers' pace and sizes. */
export const TAKER_FLOW = {
  /**
   * Mean time between two takers' orders on the market whose ladder is deepest (BTC): arrivals are
   * a Poisson process. A thinner market's come less often, in proportion to its depth (takerPaces).
   */
  deepestIntervalMs: 1500,
  /** Order values are log-normal: this median, in USD, and this spread of their logarithm. */
  medianNotional: 100,
  notionalSpread: 1,
  maxNotional: 20_000,
  /** How far from the reference a taker's IOC order may fill, so it never sweeps a thin book. */
  priceLimit: '0.005',
} as const;

export interface TakerOrder {
  side: 'buy' | 'sell';
  amount: string;
}

/**
 * The time to the next of a Poisson process's arrivals at `meanMs` apart: exponential. Never zero,
 * so two draws never share a millisecond's order.
 */
export const nextArrivalMs = (meanMs: number, random: Random) => Math.max(1, -meanMs * Math.log(1 - random()));

/**
 * Each market's mean time between two takers' orders: the deepest market's TAKER_FLOW pace, a
 * market half as deep half as often, so trading follows liquidity as on a real venue. A market
 * without depth (nothing to trade with) gets no orders.
 */
export function takerPaces(depths: ReadonlyMap<BookMarket, Money>): Map<BookMarket, number> {
  const deepest = Math.max(0, ...[...depths.values()].map((depth) => depth.toNumber()));
  const paces = new Map<BookMarket, number>();
  for (const [market, depth] of depths) {
    if (depth.greaterThan(0)) paces.set(market, (TAKER_FLOW.deepestIntervalMs * deepest) / depth.toNumber());
  }
  return paces;
}

/**
 * The side an arbitrageur takes when the book has fallen behind the reference: it buys asks below
 * the reference and sells to bids above it, so the book and its last trade follow the reference
 * (the market maker keeps the last trade within its touch, quote-ladder.ts ladderCenter). Null
 * while the reference is within the touch, or a side of the book is empty.
 */
export function arbitrageSide(reference: Money, bestBid: Money | null, bestAsk: Money | null): 'buy' | 'sell' | null {
  if (bestBid === null || bestAsk === null) return null;
  if (bestAsk.lessThan(reference)) return 'buy';
  if (bestBid.greaterThan(reference)) return 'sell';
  return null;
}

/**
 * One taker's order: a log-normal value in the base asset at the reference, in whole lots and at
 * least the market's minimum value, `scale` times the flow's usual size. Buys are likelier while the
 * taker holds less of the base than it was given (`baseShare` below 1) and sells while it holds
 * more, so neither the taker nor the maker it trades with drifts into one asset; `side`, when
 * given, is taken instead (an arbitrageur's, arbitrageSide). The size is drawn
 * in floating point (it is noise, not money) as a whole number of lots, so the amount is exact.
 */
export function drawTakerOrder(
  market: BookMarket,
  reference: Money,
  baseShare: number,
  random: Random,
  scale = 1,
  side: 'buy' | 'sell' | null = null,
): TakerOrder {
  const buyChance = 0.5 - 0.4 * Math.tanh(baseShare - 1);
  const drawn = random() < buyChance ? 'buy' : 'sell';
  const notional = Math.min(
    TAKER_FLOW.medianNotional * scale * Math.exp(TAKER_FLOW.notionalSpread * gaussian(random)),
    TAKER_FLOW.maxNotional * scale,
  );
  const lotValue = reference.toNumber() * Number(market.lotSize);
  // A margin over the minimum value, as the order's limit price is below the reference for a sell.
  const smallest = Math.ceil((Number(market.minNotional) * 1.02) / lotValue);
  return { side: side ?? drawn, amount: fromLots(Math.max(Math.floor(notional / lotValue), smallest), market) };
}
