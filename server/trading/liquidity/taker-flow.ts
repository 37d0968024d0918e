import { fromLots } from '../../../engine';
import type { Money } from '../../kernel/money';
import type { BookMarket } from '../../markets/catalog';
import { gaussian, type Random } from '../../markets/reference-prices/random-walk';

/** The simulated takers' pace and sizes, one market's worth (every market gets the same). */
export const TAKER_FLOW = {
  /** Mean time between two takers' orders on a market: arrivals are a Poisson process. */
  meanIntervalMs: 5000,
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
 * One taker's order: a log-normal value in the base asset at the reference, in whole lots and at
 * least the market's minimum value, `scale` times the flow's usual size. Buys are likelier while the
 * taker holds less of the base than it was given (`baseShare` below 1) and sells while it holds
 * more, so neither the taker nor the maker it trades with drifts into one asset. The size is drawn
 * in floating point (it is noise, not money) as a whole number of lots, so the amount is exact.
 */
export function drawTakerOrder(
  market: BookMarket,
  reference: Money,
  baseShare: number,
  random: Random,
  scale = 1,
): TakerOrder {
  const buyChance = 0.5 - 0.4 * Math.tanh(baseShare - 1);
  const side = random() < buyChance ? 'buy' : 'sell';
  const notional = Math.min(
    TAKER_FLOW.medianNotional * scale * Math.exp(TAKER_FLOW.notionalSpread * gaussian(random)),
    TAKER_FLOW.maxNotional * scale,
  );
  const lotValue = reference.toNumber() * Number(market.lotSize);
  // A margin over the minimum value, as the order's limit price is below the reference for a sell.
  const smallest = Math.ceil((Number(market.minNotional) * 1.02) / lotValue);
  return { side, amount: fromLots(Math.max(Math.floor(notional / lotValue), smallest), market) };
}
