import {
  fromLots,
  fromNotional,
  fromTicks,
  minNotionalUnits,
  toLots,
  toNotional,
  toTicks,
  type StpMode,
} from '../../../../engine';
import { money } from '../../../kernel/money';
import type { BookMarket } from '../../../markets/catalog';
import type { MarketStatus } from '../../../markets/market.entity';
import type { OrderKind } from '../../../trading/orders/order-schemas';
import { ASSET_PRECISION, decimalText } from './decimal-text';
import { BinanceCode, BinanceError } from './binance-error';

/**
 * A book market as Binance describes a symbol (exchangeInfo), and the same rules applied to an
 * order: Binance's filters are our engine's tick, lot and minimum value, with the largest price,
 * quantity and value its integer units can carry.
 */

/** The dollar is USDT on this surface (1 USDT = 1 USD here). */
export const QUOTE_ASSET = 'USDT';

/** Binance's order types, in exchangeInfo's order, each with the trading core's kind (LIMIT_MAKER: a post-only limit). */
export const ORDER_KINDS = {
  LIMIT: 'limit',
  LIMIT_MAKER: 'limit',
  MARKET: 'market',
  STOP_LOSS: 'stop_market',
  STOP_LOSS_LIMIT: 'stop_limit',
  TAKE_PROFIT: 'take_profit',
  TAKE_PROFIT_LIMIT: 'take_profit_limit',
} as const satisfies Record<string, OrderKind>;
export const ORDER_TYPES = [
  'LIMIT',
  'LIMIT_MAKER',
  'MARKET',
  'STOP_LOSS',
  'STOP_LOSS_LIMIT',
  'TAKE_PROFIT',
  'TAKE_PROFIT_LIMIT',
] as const satisfies ReadonlyArray<keyof typeof ORDER_KINDS>;

/**
 * A trader's orders never trade with each other. Binance's self-trade prevention modes served here,
 * as the engine's (decided by the incoming order, the taker, as Binance decides them): which order
 * a meeting of two of one trader's orders ends, or DECREMENT: both lose what they would have traded.
 * Binance's NONE (the trade happens) is not served: this venue allows no wash trades; nor TRANSFER
 * (between the accounts of a trade group, which this venue does not have).
 */
export const STP_MODES = {
  EXPIRE_TAKER: 'cancel_newest',
  EXPIRE_MAKER: 'cancel_oldest',
  EXPIRE_BOTH: 'cancel_both',
  DECREMENT: 'decrement',
} as const satisfies Record<string, StpMode>;
export type BinanceStpMode = keyof typeof STP_MODES;
export const DEFAULT_STP_MODE: BinanceStpMode = 'EXPIRE_TAKER';
/** Binance's modes that this venue does not serve: refused as Binance refuses a mode a symbol does not allow. */
export const UNSERVED_STP_MODES = ['NONE', 'TRANSFER'] as const;

const BINANCE_STP_MODES = Object.fromEntries(
  Object.entries(STP_MODES).map(([binance, stp]) => [stp, binance]),
) as Record<StpMode, BinanceStpMode>;
/** An order's mode as Binance names it. */
export const binanceStpMode = (stp: StpMode): BinanceStpMode => BINANCE_STP_MODES[stp];
export type BinanceOrderType = (typeof ORDER_TYPES)[number];

/** ICEBERG_PARTS: an iceberg shows at least a tenth of its quantity at a time. */
const ICEBERG_PARTS = 10;
/** TRAILING_DELTA, in basis points: Binance's usual bounds, the same either way (the engine takes 1..9999). */
const TRAILING_DELTA = { min: 10, max: 2000 };

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
    { filterType: 'ICEBERG_PARTS', limit: ICEBERG_PARTS },
    {
      filterType: 'TRAILING_DELTA',
      minTrailingAboveDelta: TRAILING_DELTA.min,
      maxTrailingAboveDelta: TRAILING_DELTA.max,
      minTrailingBelowDelta: TRAILING_DELTA.min,
      maxTrailingBelowDelta: TRAILING_DELTA.max,
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
export const SYMBOL_STATUSES = Object.values(BINANCE_STATUS);
export const symbolStatus = (market: BookMarket) => BINANCE_STATUS[market.status];

/** One symbol of exchangeInfo. */
export function symbolInfo(market: BookMarket) {
  return {
    symbol: market.symbol,
    status: symbolStatus(market),
    baseAsset: market.base,
    baseAssetPrecision: ASSET_PRECISION,
    quoteAsset: QUOTE_ASSET,
    quotePrecision: ASSET_PRECISION,
    quoteAssetPrecision: ASSET_PRECISION,
    baseCommissionPrecision: ASSET_PRECISION,
    quoteCommissionPrecision: ASSET_PRECISION,
    orderTypes: [...ORDER_TYPES],
    icebergAllowed: true,
    ocoAllowed: true,
    otoAllowed: true,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: true,
    cancelReplaceAllowed: true,
    amendAllowed: true,
    pegInstructionsAllowed: false,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: symbolFilters(market),
    permissions: ['SPOT'],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: DEFAULT_STP_MODE,
    allowedSelfTradePreventionModes: Object.keys(STP_MODES),
  };
}

const filterFailure = (filter: 'PRICE_FILTER' | 'LOT_SIZE' | 'NOTIONAL' | 'ICEBERG_PARTS' | 'TRAILING_DELTA') =>
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

/** An iceberg's parts within ICEBERG_PARTS: its quantity shown a slice of `icebergLots` at a time. */
export function assertIcebergParts(lots: number, icebergLots: number): void {
  if (Math.ceil(lots / icebergLots) > ICEBERG_PARTS) throw filterFailure('ICEBERG_PARTS');
}

/** A trailing stop's delta within TRAILING_DELTA. */
export function assertTrailingDelta(delta: number): void {
  if (delta < TRAILING_DELTA.min || delta > TRAILING_DELTA.max) throw filterFailure('TRAILING_DELTA');
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
