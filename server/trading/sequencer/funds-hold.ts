import { feeFor, type OrderBook } from '../../../engine';
import { money } from '../../kernel/money';
import type { BookMarket } from '../../markets/catalog';
import { assertMinNotional, type OrderTerms } from '../books/order-input';
import { refuseTrading } from '../orders/refusals';

/** Fee rates in parts per million of the trade value. */
export interface FeeRates {
  makerPpm: number;
  takerPpm: number;
}

const ppm = (rate: string) => money(rate).times(1_000_000).toNumber();

/** The market's rates as orders placed on it now pay them (each order keeps the rates it was placed with). */
export const feeRatesOf = (market: BookMarket): FeeRates => ({
  makerPpm: ppm(market.makerFeeRate),
  takerPpm: ppm(market.takerFeeRate),
});

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
 * The value (notional units) that `lots` would trade at now against one side of the book, walking
 * from the best price; refused when that side is empty. Looks at the top levels first, the rest only
 * when they are not enough.
 */
export function bookValue(book: OrderBook, side: 'asks' | 'bids', lots: number): number {
  for (const levels of [64, Number.MAX_SAFE_INTEGER]) {
    let left = lots;
    let value = 0;
    const offered = book.depth(levels)[side];
    for (const level of offered) {
      const take = Math.min(left, level.quantity);
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

/**
 * What a market buy by quote amount would buy now, walking the asks from the best as the engine does
 * (at each price as many whole lots as the budget left pays for): its lots and their value in
 * notional units. Refused ('insufficient-liquidity') when the budget buys no lot.
 */
export function bookPurchase(book: OrderBook, quoteUnits: number): { lots: number; value: number } {
  for (const levels of [64, Number.MAX_SAFE_INTEGER]) {
    let left = quoteUnits;
    let lots = 0;
    const asks = book.depth(levels).asks;
    for (const level of asks) {
      const take = Math.min(level.quantity, Math.floor(left / level.price));
      lots += take;
      left -= take * level.price;
      if (take < level.quantity) return purchase(lots, quoteUnits - left);
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
 * What an order holds when placed: notional units for a buy, lots for a sell. A market order is
 * also held to the minimum order value, measured on what the book gives it now.
 */
export function holdFor(market: BookMarket, terms: OrderTerms, book: OrderBook, fees: FeeRates): number {
  if (terms.quoteUnits !== null) {
    const { lots, value } = bookPurchase(book, terms.quoteUnits);
    return marketBuyHold(value, lots, fees);
  }
  if (terms.priceTicks !== null)
    return terms.side === 'sell' ? terms.lots : buyHoldAtLimit(terms.priceTicks, terms.lots, fees);
  const value = bookValue(book, terms.side === 'buy' ? 'asks' : 'bids', terms.lots);
  assertMinNotional(market, value);
  return terms.side === 'sell' ? terms.lots : marketBuyHold(value, terms.lots, fees);
}
