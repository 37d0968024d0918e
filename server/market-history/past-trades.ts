import Decimal from 'decimal.js';
import { money, type Money } from '../ledger/money';
import type { BookMarket } from '../markets/catalog';
import { drawTakerOrder, nextArrivalMs, TAKER_FLOW } from '../liquidity/taker-flow';
import { nextWalkPrice, type Random } from '../reference-prices/random-walk';
import { WALK } from '../reference-prices/reference-prices.service';

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
  /** Fee rates as fractions (MAKER_FEE_RATE, TAKER_FEE_RATE). */
  makerFeeRate: string;
  takerFeeRate: string;
  /** What the two system traders can spend: a trade either could not pay for is left out. */
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

/** A fee as a fill is charged it: the rate of the value, rounded up to the market's smallest notional unit. */
const feeOf = (quote: Money, rate: string, market: BookMarket) =>
  quote.times(rate).toNearest(money(market.tickSize).times(market.lotSize), Decimal.ROUND_UP);

/**
 * A market's believable past: trades between the market maker and the simulated taker over
 * [startMs, endMs), sized and sided as the live flow's (drawTakerOrder), at the walk's prices,
 * each paid for from the balances given (which it moves, fees included).
 */
export function pastTrades(market: BookMarket, options: PastOptions, random: Random): PastTrade[] {
  const { maker, taker } = options;
  const trades: PastTrade[] = [];
  for (const { time, price } of pastPrices(market, options, random)) {
    const baseShare = options.takerInventory.isZero() ? 1 : taker.base.div(options.takerInventory).toNumber();
    const order = drawTakerOrder(market, price, baseShare, random, PAST_SCALE);
    const amount = money(order.amount);
    const quote = price.times(amount);
    const makerFee = feeOf(quote, options.makerFeeRate, market);
    const takerFee = feeOf(quote, options.takerFeeRate, market);
    const [buyer, seller, buyerFee, sellerFee] =
      order.side === 'buy' ? [taker, maker, takerFee, makerFee] : [maker, taker, makerFee, takerFee];
    if (buyer.usd.lessThan(quote.plus(buyerFee)) || seller.base.lessThan(amount)) continue;
    buyer.usd = buyer.usd.minus(quote).minus(buyerFee);
    buyer.base = buyer.base.plus(amount);
    seller.usd = seller.usd.plus(quote).minus(sellerFee);
    seller.base = seller.base.minus(amount);
    trades.push({
      time: new Date(time),
      price: price.toFixed(),
      amount: amount.toFixed(),
      quote: quote.toFixed(),
      takerSide: order.side,
      makerFee: makerFee.toFixed(),
      takerFee: takerFee.toFixed(),
    });
  }
  return trades;
}
