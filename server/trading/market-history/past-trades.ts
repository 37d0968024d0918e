import { fromNotional, toLots, toTicks, type Conversion } from '../../../engine';
import { money, type Money } from '../../kernel/money';
import type { BookMarket } from '../../markets/catalog';
import { drawTakerOrder, nextArrivalMs } from '../liquidity/taker-flow';
import { nextWalkPrice, type Random } from '../../markets/reference-prices/random-walk';
import { WALK } from '../../markets/reference-prices/reference-prices.service';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** How many days back the past reaches: the chart's daily candles show three months. */
export const PAST_DAYS = 92;

/**
 * How densely the past trades, by age: each of the chart's intervals shows 200 candles (15 minutes
 * back to 50 hours, an hour to 200 hours, 4 hours to 800 hours, a day beyond), and the past has
 * about `trades` trades in each candle of the finest interval that reaches that far: enough for a
 * candle's four prices to differ. Further back a trade is alone in its candles of the finer widths,
 * each a row the candles trigger writes (seven widths), so the sparse past is kept to a few trades
 * a candle: about 4,400 trades a market, written as fast as the 6,000 of 50 hours at a trade every
 * 30 s were (`npm run bench:market-life`).
 */
const DENSITY = [
  { untilMs: 50 * HOUR_MS, candleMs: 15 * MINUTE_MS, trades: 12 },
  { untilMs: 200 * HOUR_MS, candleMs: HOUR_MS, trades: 5 },
  { untilMs: 800 * HOUR_MS, candleMs: 4 * HOUR_MS, trades: 5 },
  { untilMs: Infinity, candleMs: 24 * HOUR_MS, trades: 12 },
] as const;

/** Mean time between two trades of the past, `ageMs` before its end. */
export function pastMeanIntervalMs(ageMs: number): number {
  const { candleMs, trades } = DENSITY.find(({ untilMs }) => ageMs < untilMs)!;
  return candleMs / trades;
}

/**
 * Each past trade is as much bigger than a live taker's as the past is sparser than the market's
 * live flow, so the volume per hour is the live one; but no more than this many times bigger, so
 * the traders' balances carry the trades: beyond a week or two back the market traded less.
 */
const MAX_PAST_SCALE = 1000;

export interface PastTrade {
  time: Date;
  price: string;
  amount: string;
  quote: string;
  takerSide: 'buy' | 'sell';
}

/** A system trader's balances of the market's two assets, as the past moves them. */
export interface PastBalances {
  base: Money;
  usd: Money;
}

export interface PastOptions {
  /** When the past begins and ends, ms since the epoch: its last trade is just before the end. */
  startMs: number;
  endMs: number;
  /** The last trade's price: the reference the live walk starts from. */
  endPrice: Money;
  /** The live takers' mean time between two orders on the market (takerPaces): the past's sizes follow it. */
  livePaceMs: number;
  /** What the two system traders can spend (left as they are): a trade either could not pay for is left out. */
  maker: PastBalances;
  taker: PastBalances;
  /** The base the taker was given: its buys and sells are steered back to it (drawTakerOrder). */
  takerInventory: Money;
}

/**
 * The times and prices of a market's past trades, oldest first, and how much bigger than a live
 * taker's each is: arrivals of a Poisson process, sparser further back (pastMeanIntervalMs), the
 * price at each the live reference's walk (the same steps, taken as many seconds at once as lie
 * between two trades), walked backwards from the price the live walk starts at. The walk reverts
 * to its anchor at the same rate either way, so backwards it is as believable as forwards, and it
 * meets the live walk exactly.
 */
function pastPrices(
  market: BookMarket,
  options: PastOptions,
  random: Random,
): Array<{ time: number; price: Money; scale: number }> {
  const anchor = money(market.seedPrice);
  const points: Array<{ time: number; price: Money; scale: number }> = [];
  const meanAt = (time: number) => pastMeanIntervalMs(options.endMs - time);
  let time = options.endMs - nextArrivalMs(meanAt(options.endMs), random);
  let price = options.endPrice;
  while (time >= options.startMs) {
    const mean = meanAt(time);
    points.push({ time, price, scale: Math.min(mean / options.livePaceMs, MAX_PAST_SCALE) });
    const gap = nextArrivalMs(mean, random);
    price = nextWalkPrice(price, anchor, market.tickSize, WALK.crypto, random, Math.max(1, Math.round(gap / 1000)));
    time -= gap;
  }
  return points.reverse();
}

/**
 * A market's believable past: trades between the market maker and the simulated taker over
 * [startMs, endMs), sized and sided as the live flow's (drawTakerOrder, scaled by pastScale), at
 * the walk's prices, without fees (the venue earns nothing from a past it made up). Computed in
 * the engine's integer units, as fills are: each trade is paid for from the balances given, moved
 * by the trades before it, and one either side could not pay for is left out.
 */
export function pastTrades(market: BookMarket, options: PastOptions, random: Random): PastTrade[] {
  const lot = money(market.lotSize);
  const notionalUnit = money(market.tickSize).times(market.lotSize);
  // Rounded down: the past never spends more than there is.
  const units = ({ base, usd }: PastBalances) => ({
    lots: Math.floor(base.div(lot).toNumber()),
    notional: Math.floor(usd.div(notionalUnit).toNumber()),
  });
  const maker = units(options.maker);
  const taker = units(options.taker);
  const takerInventoryLots = options.takerInventory.div(lot).toNumber();
  const trades: PastTrade[] = [];
  for (const { time, price, scale } of pastPrices(market, options, random)) {
    const baseShare = takerInventoryLots === 0 ? 1 : taker.lots / takerInventoryLots;
    const order = drawTakerOrder(market, price, baseShare, random, scale);
    const ticks = engineUnits(toTicks(price.toFixed(), market));
    const lots = engineUnits(toLots(order.amount, market));
    const notional = ticks * lots;
    const [buyer, seller] = order.side === 'buy' ? [taker, maker] : [maker, taker];
    if (buyer.notional < notional || seller.lots < lots) continue;
    buyer.notional -= notional;
    buyer.lots += lots;
    seller.notional += notional;
    seller.lots -= lots;
    trades.push({
      time: new Date(time),
      price: price.toFixed(),
      amount: order.amount,
      quote: fromNotional(notional, market),
      takerSide: order.side,
    });
  }
  return trades;
}

/** A walk price is on the tick and a drawn amount in whole lots: their conversions cannot fail. */
function engineUnits(conversion: Conversion): number {
  if (!conversion.ok) throw new Error(`not in engine units: ${conversion.reason}`);
  return conversion.value;
}
