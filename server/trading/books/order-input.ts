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
  type StpMode,
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
  /** A stop-loss or take-profit market buy: its protective limit (see STOP_MARKET_BUY_BAND_BPS). */
  priceTicks: number | null;
  /** Null for a trailing stop placed without one: it trails from placement. */
  stopTicks: number | null;
  /** An iceberg: the lots it shows at a time; null otherwise. */
  icebergLots: number | null;
  /** A trailing stop's delta in basis points; null otherwise. */
  trailingDelta: number | null;
  clientOrderId: string | null;
  stp: StpMode;
  /** The rules the units above count in: the book refuses the order if its rules have changed since. */
  spec: MarketSpec;
}

/**
 * Refuses (never rounds) a price off the tick, an amount off the lot and an order worth less than
 * the minimum, with the data that says which rule and what the step is.
 */
export function orderTerms(market: BookMarket, request: OrderPlacement): OrderTerms {
  const isMarket = !hasLimitPrice(request.type);
  const isStop = isStopKind(request.type);
  const byQuote = request.quote_amount !== undefined;
  if (byQuote && (request.type !== 'market' || request.side !== 'buy' || request.amount !== undefined))
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
  const trailingDelta = request.trailing_delta ?? null;
  if (trailingDelta !== null && !isStop) throw refuseTrading('trailing-not-stop');
  const stopTicks =
    isStop && (trailingDelta === null || request.stop_price != null) ? ticksOf(request.stop_price, 'stop_price') : null;
  let priceTicks = isMarket ? null : ticksOf(request.price, 'price');
  if (isStop && isMarket && request.side === 'buy') {
    // A trailing one without a stop price has no price to be held at.
    if (stopTicks === null) throw refuseTrading('stop-market-buy-needs-stop-price');
    priceTicks = protectiveLimit(stopTicks);
  }
  const timeInForce = request.time_in_force ?? (isMarket ? 'IOC' : 'GTC');
  const postOnly = request.post_only === true;
  if (isMarket && timeInForce === 'GTC') throw refuseTrading('market-order-cannot-rest');
  if (byQuote && timeInForce === 'FOK') throw refuseTrading('quote-order-cannot-be-fill-or-kill');
  if (postOnly && (request.type !== 'limit' || timeInForce !== 'GTC')) throw refuseTrading('post-only-not-gtc-limit');
  const icebergLots = request.iceberg_amount === undefined ? null : lotsOf(market, request.iceberg_amount);
  if (icebergLots !== null) {
    if (isMarket || timeInForce !== 'GTC') throw refuseTrading('iceberg-not-gtc-limit');
    if (icebergLots >= lots) throw refuseTrading('iceberg-not-smaller');
  }
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
    icebergLots,
    trailingDelta,
    clientOrderId: request.client_order_id ?? null,
    stp: request.stp ?? 'cancel_newest',
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

/**
 * A stop-loss or take-profit market buy takes, once triggered, the asks up to this far above its
 * stop price (basis points), and what they do not fill expires: what it would pay is known only
 * once it triggers, so it is held, and trades, as a limit buy at that price (protectiveLimit).
 */
export const STOP_MARKET_BUY_BAND_BPS = 500;

/** The limit price (ticks) a stop-loss or take-profit market buy of `stopTicks` trades up to. */
export const protectiveLimit = (stopTicks: number) =>
  Math.ceil((stopTicks * (10_000 + STOP_MARKET_BUY_BAND_BPS)) / 10_000);

/**
 * The engine's type of an order: a stop-loss or take-profit market buy is its limit kind at its
 * protective limit, taking what it can (IOC).
 */
export function engineOrderType(terms: Pick<OrderTerms, 'type' | 'priceTicks'>): OrderKind {
  if (terms.priceTicks === null || hasLimitPrice(terms.type)) return terms.type;
  return terms.type === 'stop_market' ? 'stop_limit' : 'take_profit_limit';
}

/** The order kinds with a limit price: limit, stop-limit and take-profit-limit. */
export const hasLimitPrice = (type: OrderKind) =>
  type === 'limit' || type === 'stop_limit' || type === 'take_profit_limit';

/** Stop-loss and take-profit kinds: they wait for the last price (the engine's stop book). */
export const isStopKind = (type: OrderKind) => type !== 'limit' && type !== 'market';

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
