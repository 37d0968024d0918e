import {
  fromLots,
  fromNotional,
  fromTicks,
  minNotionalUnits,
  toLots,
  toNotional,
  toTicks,
  type MarketSpec,
  type Side,
  type TimeInForce,
} from '../../../engine';
import { toLedgerUnits, type LedgerUnits } from '../../kernel/money';
import type { BookMarket } from '../../markets/catalog';
import type { OrderKind, OrderPlacement } from '../orders/order-schemas';
import { refuseTrading } from '../orders/refusals';

/** An order request checked against its market's rules and turned into the engine's integer units. */
export interface OrderTerms {
  side: Side;
  type: OrderKind;
  timeInForce: TimeInForce;
  postOnly: boolean;
  /** 0 for a market buy by quote amount: what it buys is known once it has traded. */
  lots: number;
  /** A market buy by quote amount: the notional units it may spend (fees on top); null otherwise. */
  quoteUnits: number | null;
  priceTicks: number | null;
  stopTicks: number | null;
  clientOrderId: string | null;
  /** The rules the units above count in: the book refuses the order if its rules have changed since. */
  spec: MarketSpec;
}

/**
 * Refuses (never rounds) a price off the tick, an amount off the lot and an order worth less than
 * the minimum, with the data that says which rule and what the step is.
 */
export function orderTerms(market: BookMarket, request: OrderPlacement): OrderTerms {
  const isMarket = request.type === 'market';
  const byQuote = request.quote_amount !== undefined;
  if (byQuote && (!isMarket || request.side !== 'buy' || request.amount !== undefined))
    throw refuseTrading('quote-amount-not-allowed');
  const lots = byQuote ? 0 : lotsOf(market, request.amount);
  const quoteUnits = byQuote ? quoteUnitsOf(market, request.quote_amount!) : null;
  const ticksOf = (value: string | null | undefined, field: 'price' | 'stop_price') => {
    if (value === undefined || value === null) throw refuseTrading('price-required', { field, type: request.type });
    const ticks = toTicks(value, market);
    if (!ticks.ok) {
      throw ticks.reason === 'TICK_SIZE'
        ? refuseTrading('price-not-multiple-of-tick', { field, tickSize: market.tickSize })
        : refuseTrading('price-too-large', { field });
    }
    return ticks.value;
  };
  const priceTicks = isMarket ? null : ticksOf(request.price, 'price');
  const stopTicks = request.type === 'stop_limit' ? ticksOf(request.stop_price, 'stop_price') : null;
  const timeInForce = request.time_in_force ?? (isMarket ? 'IOC' : 'GTC');
  const postOnly = request.post_only === true;
  if (isMarket && timeInForce === 'GTC') throw refuseTrading('market-order-cannot-rest');
  if (byQuote && timeInForce === 'FOK') throw refuseTrading('quote-order-cannot-be-fill-or-kill');
  if (postOnly && (request.type !== 'limit' || timeInForce !== 'GTC')) throw refuseTrading('post-only-not-gtc-limit');
  if (priceTicks !== null) {
    if (priceTicks > Math.floor(Number.MAX_SAFE_INTEGER / lots)) throw refuseTrading('order-value-too-large');
    assertMinNotional(market, priceTicks * lots);
  }
  if (quoteUnits !== null) assertMinNotional(market, quoteUnits);
  return {
    side: request.side,
    type: request.type,
    timeInForce,
    postOnly,
    lots,
    quoteUnits,
    priceTicks,
    stopTicks,
    clientOrderId: request.client_order_id ?? null,
    spec: market,
  };
}

function lotsOf(market: BookMarket, amount: string | undefined): number {
  if (amount === undefined) throw refuseTrading('amount-required');
  const lots = toLots(amount, market);
  if (lots.ok) return lots.value;
  throw lots.reason === 'LOT_SIZE'
    ? refuseTrading('amount-not-multiple-of-lot', { lotSize: market.lotSize })
    : refuseTrading('amount-too-large');
}

function quoteUnitsOf(market: BookMarket, quoteAmount: string): number {
  const units = toNotional(quoteAmount, market);
  if (units.ok) return units.value;
  throw units.reason === 'OVERFLOW'
    ? refuseTrading('quote-amount-too-large')
    : refuseTrading('quote-amount-not-multiple-of-step', { step: fromNotional(1, market) });
}

/** Minimum order value; a market order is checked against the value the book gives it. */
export function assertMinNotional(market: BookMarket, notional: number): void {
  if (notional < minNotionalUnits(market))
    throw refuseTrading('below-minimum-value', { minNotional: market.minNotional });
}

/** Decimal strings of engine units, for rows and answers. */
export const decimals = (spec: MarketSpec) => ({
  price: (ticks: number) => fromTicks(ticks, spec),
  amount: (lots: number) => fromLots(lots, spec),
  quote: (units: number) => fromNotional(units, spec),
});

/** Ledger units of engine units, for postings: one multiplication each, no decimal text. */
export function ledgerUnits(spec: MarketSpec) {
  const perLot = toLedgerUnits(fromLots(1, spec));
  const perNotional = toLedgerUnits(fromNotional(1, spec));
  return {
    amount: (lots: number): LedgerUnits => BigInt(lots) * perLot,
    quote: (units: number): LedgerUnits => BigInt(units) * perNotional,
  };
}
