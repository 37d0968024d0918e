import { feeFor, fromNotional, toLots, toTicks, type Conversion } from '../../../engine';
import { money, type Money } from '../../kernel/money';
import type { BookMarket } from '../../markets/catalog';
import { drawTakerOrder, nextArrivalMs, TAKER_FLOW } from '../liquidity/taker-flow';
import { nextWalkPrice, type Random } from '../../markets/reference-prices/random-walk';
import { WALK } from '../../markets/reference-prices/reference-prices.service';

/**
 * Mean time between two trades of the past on one market: sparser than the live flow's (fewer rows
 * to write on the first start), each trade as much bigger, so the volume per hour is the same.
 */
export const PAST_MEAN_INTERVAL_MS = 30_000;
const PAST_SCALE = PAST_MEAN_INTERVAL_MS / TAKER_FLOW.meanIntervalMs;

export interface PastTrade {
  time: Date;
  price: string;
  amount: string;
  quote: string;
  takerSide: 'buy' | 'sell';
  makerFee: string;
  takerFee: string;
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
  /** Fee rates as fractions (the market's). */
  makerFeeRate: string;
  takerFeeRate: string;
  /** What the two system traders can spend (left as they are): a trade either could not pay for is left out. */
  maker: PastBalances;
  taker: PastBalances;
  /** The base the taker was given: its buys and sells are steered back to it (drawTakerOrder). */
  takerInventory: Money;
}

/**
 * The times and prices of a market's past trades, oldest first: arrivals of a Poisson process, the
 * price at each the live reference's walk (the same steps, taken as many seconds at once as lie
 * between two trades), walked backwards from the price the live walk starts at. The walk reverts
 * to its anchor at the same rate either way, so backwards it is as believable as forwards, and it
 * meets the live walk exactly.
 */
function pastPrices(market: BookMarket, options: PastOptions, random: Random): Array<{ time: number; price: Money }> {
  const anchor = money(market.seedPrice);
  const points: Array<{ time: number; price: Money }> = [];
  let time = options.endMs - nextArrivalMs(PAST_MEAN_INTERVAL_MS, random);
  let price = options.endPrice;
  while (time >= options.startMs) {
    points.push({ time, price });
    const gap = nextArrivalMs(PAST_MEAN_INTERVAL_MS, random);
    price = nextWalkPrice(price, anchor, market.tickSize, WALK.crypto, random, Math.max(1, Math.round(gap / 1000)));
    time -= gap;
  }
  return points.reverse();
}

/** A fraction with at most six decimals (a fee rate) in parts per million, as the engine takes it. */
const ppm = (rate: string) => Math.round(Number(rate) * 1_000_000);

/**
 * A market's believable past: trades between the market maker and the simulated taker over
 * [startMs, endMs), sized and sided as the live flow's (drawTakerOrder), at the walk's prices,
 * with fees as a fill is charged them (feeFor). Computed in the engine's integer units, as fills
 * are: each trade is paid for from the balances given, moved by the trades before it, and one
 * either side could not pay for is left out.
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
  const fees = { maker: ppm(options.makerFeeRate), taker: ppm(options.takerFeeRate) };
  const trades: PastTrade[] = [];
  for (const { time, price } of pastPrices(market, options, random)) {
    const baseShare = takerInventoryLots === 0 ? 1 : taker.lots / takerInventoryLots;
    const order = drawTakerOrder(market, price, baseShare, random, PAST_SCALE);
    const ticks = engineUnits(toTicks(price.toFixed(), market));
    const lots = engineUnits(toLots(order.amount, market));
    const notional = ticks * lots;
    const makerFee = feeFor(notional, fees.maker);
    const takerFee = feeFor(notional, fees.taker);
    const [buyer, seller, buyerFee, sellerFee] =
      order.side === 'buy' ? [taker, maker, takerFee, makerFee] : [maker, taker, makerFee, takerFee];
    if (buyer.notional < notional + buyerFee || seller.lots < lots) continue;
    buyer.notional -= notional + buyerFee;
    buyer.lots += lots;
    seller.notional += notional - sellerFee;
    seller.lots -= lots;
    trades.push({
      time: new Date(time),
      price: price.toFixed(),
      amount: order.amount,
      quote: fromNotional(notional, market),
      takerSide: order.side,
      makerFee: fromNotional(makerFee, market),
      takerFee: fromNotional(takerFee, market),
    });
  }
  return trades;
}

/** A walk price is on the tick and a drawn amount in whole lots: their conversions cannot fail. */
function engineUnits(conversion: Conversion): number {
  if (!conversion.ok) throw new Error(`not in engine units: ${conversion.reason}`);
  return conversion.value;
}
