import { money, type Money } from '../../kernel/money';

/** A uniform random number in [0, 1). */
export type Random = () => number;

/** mulberry32: a small, fast generator, so a seed replays the same prices (tests, demos). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box-Muller). */
export function gaussian(random: Random): number {
  const u = 1 - random(); // (0, 1]: log(0) must not happen
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export interface WalkStep {
  /** Standard deviation of one step's log return, e.g. 0.0005 for 0.05%. */
  volatility: number;
  /** Pull back towards the anchor per step, so the walk wanders but never drifts away for good. */
  reversion: number;
}

/**
 * `steps` steps of a mean-reverting geometric random walk at once, rounded to the tick. Its log
 * distance from the anchor is an AR(1) process (each step keeps 1 - reversion of it and adds noise),
 * so many steps have an exact closed form: a coarse walk (the market's seeded past) is the one-step
 * walk sampled less often. Only the random factor is a float (it is noise, not money); the price
 * itself stays an exact decimal, never below one tick.
 */
export function nextWalkPrice(
  price: Money,
  anchor: Money,
  tickSize: string,
  step: WalkStep,
  random: Random,
  steps = 1,
): Money {
  // The distance is noise's input, not money: floating point is exact enough.
  const distance = Math.log(price.toNumber() / anchor.toNumber());
  const keptPerStep = 1 - step.reversion;
  const kept = keptPerStep ** steps;
  // The noise of `steps` steps: each step's, shrunk by the steps after it (a geometric sum; `steps` without reversion).
  const variances = keptPerStep === 1 ? steps : (1 - kept * kept) / (1 - keptPerStep * keptPerStep);
  const noise = step.volatility * Math.sqrt(variances);
  const factor = Math.exp(-(1 - kept) * distance + noise * gaussian(random));
  const tick = money(tickSize);
  const next = price.times(factor.toFixed(12)).toNearest(tick);
  return next.lessThan(tick) ? tick : next;
}
