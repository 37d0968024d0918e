import { fromLots, fromNotional, fromTicks, minNotionalUnits, toLots, toNotional, toTicks } from '../../../../engine';
import { money } from '../../../kernel/money';
import type { BookMarket } from '../../../markets/catalog';
import type { MarketStatus } from '../../../markets/market.entity';
import { ASSET_PRECISION, decimalText } from './decimal-text';
import { BinanceCode, BinanceError } from './binance-error';

/**
 * A book market as Binance describes a symbol (exchangeInfo), and the same rules applied to an
 * order: Binance's filters are our engine's tick, lot and minimum value, with the largest price,
 * quantity and value its integer units can carry.
 */

/** The dollar is USDT on this surface (1 USDT = 1 USD here). */
export const QUOTE_ASSET = 'USDT';

export const ORDER_TYPES = ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS_LIMIT'] as const;

/**
 * A trader's orders never trade with each other: an incoming order that meets one of the same
 * trader's resting orders ends there (the engine's cancel_newest), which Binance calls EXPIRE_TAKER.
 */
export const SELF_TRADE_PREVENTION = 'EXPIRE_TAKER';
export type BinanceOrderType = (typeof ORDER_TYPES)[number];

/** The largest number of engine units an order may carry: the engine's integers are JS safe integers. */
const MAX_UNITS = Number.MAX_SAFE_INTEGER;

export function symbolFilters(market: BookMarket) {
  return [
    {
      filterType: 'PRICE_FILTER',
      minPrice: decimalText(market.tickSize),
      maxPrice: decimalText(fromTicks(MAX_UNITS, market)),
      tickSize: decimalText(market.tickSize),
    },
    {
      filterType: 'LOT_SIZE',
      minQty: decimalText(market.lotSize),
      maxQty: decimalText(fromLots(MAX_UNITS, market)),
      stepSize: decimalText(market.lotSize),
    },
    {
      filterType: 'NOTIONAL',
      minNotional: decimalText(market.minNotional),
      // A market order is held to the minimum on the value the book gives it when placed.
      applyMinToMarket: true,
      maxNotional: decimalText(fromNotional(MAX_UNITS, market)),
      applyMaxToMarket: false,
      avgPriceMins: 0,
    },
  ];
}

/** A market's status as Binance names a symbol's: cancel-only is Binance's BREAK (no new orders, cancels taken). */
const BINANCE_STATUS: Record<MarketStatus, string> = { trading: 'TRADING', cancel_only: 'BREAK', halted: 'HALT' };

/** One symbol of exchangeInfo. */
export function symbolInfo(market: BookMarket) {
  return {
    symbol: market.symbol,
    status: BINANCE_STATUS[market.status],
    baseAsset: market.base,
    baseAssetPrecision: ASSET_PRECISION,
    quoteAsset: QUOTE_ASSET,
    quotePrecision: ASSET_PRECISION,
    quoteAssetPrecision: ASSET_PRECISION,
    baseCommissionPrecision: ASSET_PRECISION,
    quoteCommissionPrecision: ASSET_PRECISION,
    orderTypes: [...ORDER_TYPES],
    icebergAllowed: false,
    ocoAllowed: false,
    otoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: false,
    amendAllowed: false,
    pegInstructionsAllowed: false,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: symbolFilters(market),
    permissions: ['SPOT'],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: SELF_TRADE_PREVENTION,
    allowedSelfTradePreventionModes: [SELF_TRADE_PREVENTION],
  };
}

const filterFailure = (filter: 'PRICE_FILTER' | 'LOT_SIZE' | 'NOTIONAL') =>
  new BinanceError(400, BinanceCode.INVALID_MESSAGE, `Filter failure: ${filter}`);

/** A price within PRICE_FILTER (a positive multiple of the tick, at most maxPrice), in ticks. */
export function priceTicks(market: BookMarket, price: string): number {
  const ticks = toTicks(price, market);
  if (!ticks.ok) throw filterFailure('PRICE_FILTER');
  return ticks.value;
}

/** A quantity within LOT_SIZE (a positive multiple of the step, at most maxQty), in lots. */
export function quantityLots(market: BookMarket, quantity: string): number {
  const lots = toLots(quantity, market);
  if (!lots.ok) throw filterFailure('LOT_SIZE');
  return lots.value;
}

/**
 * An order's value within NOTIONAL, in notional units (tick x lot): at least the minimum, at most
 * what the engine's integers carry. Compared in integers, as the engine compares it.
 */
export function assertNotional(market: BookMarket, units: number): void {
  if (units < minNotionalUnits(market) || units > MAX_UNITS) throw filterFailure('NOTIONAL');
}

/** A market buy's quote amount: within NOTIONAL, and no finer than the market's smallest value (tick x lot). */
export function assertQuoteAmount(market: BookMarket, quoteOrderQty: string): void {
  const units = toNotional(quoteOrderQty, market);
  if (units.ok) return assertNotional(market, units.value);
  // Not a whole number of units: too small, too large, or finer than the market's smallest value.
  const value = money(quoteOrderQty);
  if (value.lt(market.minNotional) || value.gt(fromNotional(MAX_UNITS, market))) throw filterFailure('NOTIONAL');
  throw new BinanceError(400, BinanceCode.BAD_PRECISION, 'Precision is over the maximum defined for this asset.');
}
