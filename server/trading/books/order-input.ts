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
import { badRequest } from '../../platform/http/errors';
import { toLedgerUnits, type LedgerUnits } from '../../kernel/money';
import type { BookMarket } from '../../markets/catalog';
import type { OrderKind, OrderPlacement } from '../order-schemas';

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
 * the minimum, with a message that says which rule and what the step is.
 */
export function orderTerms(market: BookMarket, request: OrderPlacement): OrderTerms {
  const isMarket = request.type === 'market';
  const byQuote = request.quote_amount !== undefined;
  if (byQuote && (!isMarket || request.side !== 'buy' || request.amount !== undefined))
    throw badRequest('Only a market buy may give a quote amount instead of an amount');
  const lots = byQuote ? 0 : lotsOf(market, request.amount);
  const quoteUnits = byQuote ? quoteUnitsOf(market, request.quote_amount!) : null;
  const ticksOf = (value: string | null | undefined, what: 'Price' | 'Stop price') => {
    if (value === undefined || value === null)
      throw badRequest(`${what} is required for a ${request.type.replace('_', '-')} order`);
    const ticks = toTicks(value, market);
    if (!ticks.ok) {
      throw badRequest(
        ticks.reason === 'TICK_SIZE'
          ? `${what} must be a multiple of the tick size ${market.tickSize}`
          : `${what} is too large`,
      );
    }
    return ticks.value;
  };
  const priceTicks = isMarket ? null : ticksOf(request.price, 'Price');
  const stopTicks = request.type === 'stop_limit' ? ticksOf(request.stop_price, 'Stop price') : null;
  const timeInForce = request.time_in_force ?? (isMarket ? 'IOC' : 'GTC');
  const postOnly = request.post_only === true;
  if (isMarket && timeInForce === 'GTC') throw badRequest('A market order cannot rest on the book: use IOC or FOK');
  if (byQuote && timeInForce === 'FOK') throw badRequest('A market buy by quote amount cannot be fill-or-kill');
  if (postOnly && (request.type !== 'limit' || timeInForce !== 'GTC'))
    throw badRequest('Only a GTC limit order can be post-only');
  if (priceTicks !== null) {
    if (priceTicks > Math.floor(Number.MAX_SAFE_INTEGER / lots)) throw badRequest(ORDER_VALUE_TOO_LARGE);
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
  if (amount === undefined) throw badRequest('Amount is required');
  const lots = toLots(amount, market);
  if (lots.ok) return lots.value;
  throw badRequest(
    lots.reason === 'LOT_SIZE' ? `Amount must be a multiple of the lot size ${market.lotSize}` : 'Amount is too large',
  );
}

function quoteUnitsOf(market: BookMarket, quoteAmount: string): number {
  const units = toNotional(quoteAmount, market);
  if (units.ok) return units.value;
  throw badRequest(
    units.reason === 'OVERFLOW'
      ? 'Quote amount is too large'
      : `Quote amount must be a multiple of ${fromNotional(1, market)}`,
  );
}

export const ORDER_VALUE_TOO_LARGE = 'Order value is too large';
export const belowMinimumValue = (market: BookMarket) => `Order value must be at least ${market.minNotional} USDT`;

/** Minimum order value; a market order is checked against the value the book gives it. */
export function assertMinNotional(market: BookMarket, notional: number): void {
  if (notional < minNotionalUnits(market)) throw badRequest(belowMinimumValue(market));
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
