import { feeFor, type OrderBook } from '../../../engine';
import { money } from '../../kernel/money';
import type { BookMarket } from '../../markets/catalog';
import { assertMinNotional, isStopKind, type OrderTerms } from '../books/order-input';
import { refuseTrading } from '../orders/refusals';

/** Fee rates in parts per million of the trade value. */
export interface FeeRates {
  makerPpm: number;
  takerPpm: number;
}

/** A rate (a fraction of the trade value, as a decimal string) in parts per million. */
export const ppm = (rate: string) => money(rate).times(1_000_000).toNumber();

/** The market's rates as orders placed on it now pay them (each order keeps the rates it was placed with). */
export const feeRatesOf = (market: BookMarket): FeeRates => ({
  makerPpm: ppm(market.makerFeeRate),
  takerPpm: ppm(market.takerFeeRate),
});

/** A trader's fee tier rates, in parts per million (null: no tier stored, the market's rates apply). */
export interface TierRates {
  makerPpm: number;
  takerPpm: number;
}

/**
 * The rates an order of a trader in `tier` pays on `market`: the tier's, but never below the
 * market's own rate where an operator set one (a market without its own rates charges the tier's).
 * A trader without a stored tier pays the market's rates (its own or the venue's defaults).
 * The market's rates are parsed once (a round's orders each ask): `tierFees(tier)` is arithmetic.
 */
export function marketFeeRates(market: BookMarket): (tier: TierRates | null | undefined) => FeeRates {
  const rates = feeRatesOf(market);
  const ownMaker = market.ownMakerFeeRate == null ? 0 : ppm(market.ownMakerFeeRate);
  const ownTaker = market.ownTakerFeeRate == null ? 0 : ppm(market.ownTakerFeeRate);
  return (tier) =>
    tier ? { makerPpm: Math.max(tier.makerPpm, ownMaker), takerPpm: Math.max(tier.takerPpm, ownTaker) } : rates;
}

/**
 * What a buy must still hold for `lots` at its limit price, in notional units: the value, the fee
 * at the higher of the two rates (it may end as maker or taker), and one unit per lot because
 * every fill's fee is rounded up on its own (a sum of rounded-up parts can pass the rounded whole).
 */
export function buyHoldAtLimit(priceTicks: number, lots: number, fees: FeeRates): number {
  const value = priceTicks * lots;
  return value + feeFor(value, Math.max(fees.makerPpm, fees.takerPpm)) + lots;
}

/**
 * What an order of a list holds to rest (engine units of its side): its amount for a sell, its
 * value and fee at its limit for a buy. A market buy has no price to hold at.
 */
export function listOrderHold(terms: Pick<OrderTerms, 'side' | 'lots' | 'priceTicks'>, fees: FeeRates): number {
  if (terms.side === 'sell') return terms.lots;
  if (terms.priceTicks === null) throw refuseTrading('list-market-buy-not-supported');
  return buyHoldAtLimit(terms.priceTicks, terms.lots, fees);
}

/**
 * What a list's pending orders hold from the start: what they need (`pendingHold`) beyond the
 * least the working order's complete fill brings in their asset. The rest is held out of that
 * fill as it comes (OrderExecution.fundPending). A working buy brings its whole amount (fees are
 * paid in USD); a working sell at least its value at its limit, less the fee at the higher rate
 * and one unit per lot (each fill's fee is rounded up on its own).
 */
export function pendingHoldAtPlacement(
  working: Pick<OrderTerms, 'side' | 'lots' | 'priceTicks'>,
  pendingSide: 'buy' | 'sell',
  pendingHold: number,
  fees: FeeRates,
): number {
  if (pendingSide === working.side) return pendingHold;
  if (working.side === 'buy') return Math.max(0, pendingHold - working.lots);
  const value = working.priceTicks! * working.lots;
  const leastProceeds = value - feeFor(value, Math.max(fees.makerPpm, fees.takerPpm)) - working.lots;
  return Math.max(0, pendingHold - Math.max(0, leastProceeds));
}

/**
 * The value (notional units) that `lots` would trade at now against one side of the book, walking
 * from the best price, less `skipped` (lots at a price it goes past); refused when that side is
 * empty. Looks at the top levels first, the rest only when they are not enough.
 */
export function bookValue(book: OrderBook, side: 'asks' | 'bids', lots: number, skipped = NONE_SKIPPED): number {
  for (const levels of [64, Number.MAX_SAFE_INTEGER]) {
    let left = lots;
    let value = 0;
    const offered = book.depth(levels)[side];
    for (const level of offered) {
      const take = Math.min(left, offeredAt(level, skipped));
      value += take * level.price;
      left -= take;
      if (left === 0) return value;
    }
    if (offered.length < levels) {
      if (value === 0) throw refuseTrading('insufficient-liquidity');
      return value;
    }
  }
  throw refuseTrading('insufficient-liquidity');
}

const NONE_SKIPPED: ReadonlyMap<number, number> = new Map();

const offeredAt = (level: { price: number; quantity: number }, skipped: ReadonlyMap<number, number>) =>
  Math.max(0, level.quantity - (skipped.get(level.price) ?? 0));

/**
 * What a market buy goes past without trading, by price: the trader's own asks, when its
 * self-trade prevention cancels the resting order it meets and goes on (cancel_oldest). Its hold
 * must then be for the asks beyond them. Other modes end the buy there or take its quantity off.
 */
function skippedAsks(book: OrderBook, userId: string, stp: OrderTerms['stp']) {
  if (stp !== 'cancel_oldest') return NONE_SKIPPED;
  const own = new Map<number, number>();
  for (const order of book.openOrders(userId))
    if (order.side === 'sell' && order.status !== 'waiting' && order.price !== undefined)
      own.set(order.price, (own.get(order.price) ?? 0) + order.remaining);
  return own;
}

/**
 * What a market buy by quote amount would buy now, walking the asks from the best as the engine does
 * (at each price as many whole lots as the budget left pays for): its lots and their value in
 * notional units. Refused ('insufficient-liquidity') when the budget buys no lot.
 */
export function bookPurchase(
  book: OrderBook,
  quoteUnits: number,
  skipped = NONE_SKIPPED,
): { lots: number; value: number } {
  for (const levels of [64, Number.MAX_SAFE_INTEGER]) {
    let left = quoteUnits;
    let lots = 0;
    const asks = book.depth(levels).asks;
    for (const level of asks) {
      const offered = offeredAt(level, skipped);
      const take = Math.min(offered, Math.floor(left / level.price));
      lots += take;
      left -= take * level.price;
      if (take < offered) return purchase(lots, quoteUnits - left);
    }
    if (asks.length < levels) return purchase(lots, quoteUnits - left);
  }
  throw refuseTrading('insufficient-liquidity');
}

function purchase(lots: number, value: number) {
  if (lots === 0) throw refuseTrading('insufficient-liquidity');
  return { lots, value };
}

/**
 * A market buy holds the asks it would walk now for its amount, plus fee and rounding allowance:
 * exact for this moment (the sequencer applies it right after); what it does not use is released.
 */
export function marketBuyHold(value: number, lots: number, fees: FeeRates): number {
  return value + feeFor(value, fees.takerPpm) + lots;
}

/**
 * What `userId`'s order holds when placed: notional units for a buy, lots for a sell. A market
 * order is also held to the minimum order value, measured on what the book gives it now.
 */
export function holdFor(
  market: BookMarket,
  terms: OrderTerms,
  book: OrderBook,
  fees: FeeRates,
  userId: string,
): number {
  const skipped =
    terms.side === 'buy' && terms.priceTicks === null ? skippedAsks(book, userId, terms.stp) : NONE_SKIPPED;
  if (terms.quoteUnits !== null) {
    const { lots, value } = bookPurchase(book, terms.quoteUnits, skipped);
    return marketBuyHold(value, lots, fees);
  }
  if (terms.priceTicks !== null)
    return terms.side === 'sell' ? terms.lots : buyHoldAtLimit(terms.priceTicks, terms.lots, fees);
  // A stop-loss or take-profit market sell: its base amount, as any sell (a buy has a protective limit).
  if (isStopKind(terms.type)) return terms.lots;
  const value = bookValue(book, terms.side === 'buy' ? 'asks' : 'bids', terms.lots, skipped);
  assertMinNotional(market, value);
  return terms.side === 'sell' ? terms.lots : marketBuyHold(value, terms.lots, fees);
}
