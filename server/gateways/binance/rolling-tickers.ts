import { z } from 'zod';
import type { BookMarket, MarketCatalog } from '../../markets/catalog';
import type { BinanceApiDeps } from './binance-deps';
import {
  badCombination,
  eitherMandatory,
  enumParam,
  invalidValue,
  param,
  symbolParam,
  symbolsParam,
  timeZoneParam,
} from './binance-params';
import { BinanceCode, BinanceError } from './protocol/binance-error';
import { SYMBOL_STATUSES, symbolStatus } from './protocol/symbol-rules';
import { miniWindowTicker, rollingOpenTime, windowSizeMs, windowTicker } from './protocol/window-ticker';
import { readWindowStatistics } from './window-statistics';

/**
 * Binance's tickers over a window of the caller's choosing: `GET /api/v3/ticker` (the rolling
 * window, `windowSize` 1m..59m, 1h..23h, 1d..7d, default 1d, opening on the minute) and
 * `GET /api/v3/ticker/tradingDay` (the day so far in `timeZone`). Each takes `symbol` or `symbols`
 * (one of them), `type` FULL or MINI and `symbolStatus`; the answer functions take the parsed
 * parameters, for REST and the WebSocket API alike.
 */

const DAY_MS = 86_400_000;
/** Binance's weight per symbol, and the most a request of many symbols costs (more than 50 of them). */
const WEIGHT_PER_SYMBOL = 4;
const MOST_WEIGHT = 200;
const MANY_SYMBOLS = 50;

/** Binance's weight of either ticker: 4 a symbol, 200 once `symbols` lists more than 50 (a list that does not parse weighs as one). */
export function windowTickerWeight(symbols: string | undefined): number {
  let count = 1;
  try {
    const list: unknown = symbols === undefined ? null : JSON.parse(symbols);
    if (Array.isArray(list)) count = Math.max(list.length, 1);
  } catch {
    // refused with its parameters
  }
  return count > MANY_SYMBOLS ? MOST_WEIGHT : count * WEIGHT_PER_SYMBOL;
}

const typeParam = enumParam(['FULL', 'MINI'] as const, () => invalidValue('type'));
const statusParam = enumParam(SYMBOL_STATUSES, () => invalidValue('symbolStatus'));

const choiceOf = (catalog: MarketCatalog) => ({
  symbol: symbolParam(catalog).optional(),
  symbols: symbolsParam(catalog).optional(),
  type: typeParam.default('FULL'),
  symbolStatus: statusParam.optional(),
});

export const rollingTickerParams = (catalog: MarketCatalog) =>
  z.object({
    ...choiceOf(catalog),
    windowSize: param((text) => windowSizeMs(text) ?? invalidValue('windowSize')).default(DAY_MS),
  });

export const tradingDayParams = (catalog: MarketCatalog) =>
  z.object({ ...choiceOf(catalog), timeZone: timeZoneParam().default(0) });

type Choice = z.output<z.ZodObject<ReturnType<typeof choiceOf>>>;
type Deps = Pick<BinanceApiDeps, 'context'>;

/** The markets asked for, those of another status left out of a list; one of another status is refused (-1220). */
function chosen({ symbol, symbols, symbolStatus: status }: Choice): { one: boolean; markets: BookMarket[] } {
  if (symbol && symbols) throw badCombination();
  if (!symbol && !symbols) throw eitherMandatory('symbol', 'symbols');
  const matches = (market: BookMarket) => status === undefined || symbolStatus(market) === status;
  if (symbol && !matches(symbol))
    throw new BinanceError(
      400,
      BinanceCode.SYMBOL_DOES_NOT_MATCH_STATUS,
      "The symbol's status does not match the requested symbolStatus.",
    );
  return symbol ? { one: true, markets: [symbol] } : { one: false, markets: symbols!.filter(matches) };
}

/** Each chosen market's ticker over the window from `openTime`, one object for `symbol`, a list for `symbols`. */
async function tickersOver(deps: Deps, params: Choice, openTime: number, closeTime: number) {
  const { one, markets } = chosen(params);
  const statistics = await readWindowStatistics(
    deps.context.dataSource.manager,
    markets.map((market) => market.symbol),
    openTime,
  );
  const build = params.type === 'FULL' ? windowTicker : miniWindowTicker;
  const tickers = markets.map((market) => build(market.symbol, statistics.get(market.symbol)!, openTime, closeTime));
  return one ? tickers[0]! : tickers;
}

/** `GET /api/v3/ticker` (the WebSocket API's `ticker`): the window up to now, opening on the minute. */
export function rollingWindowTicker(deps: Deps, params: z.output<ReturnType<typeof rollingTickerParams>>) {
  const closeTime = Date.now();
  return tickersOver(deps, params, rollingOpenTime(closeTime, params.windowSize), closeTime);
}

/** `GET /api/v3/ticker/tradingDay` (`ticker.tradingDay`): the day in `timeZone` so far; closeTime is the day's last ms. */
export function tradingDayTicker(deps: Deps, params: z.output<ReturnType<typeof tradingDayParams>>) {
  const offset = params.timeZone;
  const openTime = Math.floor((Date.now() + offset) / DAY_MS) * DAY_MS - offset;
  return tickersOver(deps, params, openTime, openTime + DAY_MS - 1);
}
