import type Router from '@koa/router';
import { z } from 'zod';
import { ZERO } from '../../kernel/money';
import { BINANCE_INTERVALS, parseTimeZone } from '../../trading/market-data/kline-intervals';
import { readKlines } from '../../trading/market-data/klines';
import { loadDayStatistics } from '../../trading/market-data/day-statistics';
import type { BookMarket, MarketCatalog } from '../../markets/catalog';
import type { BinanceApiDeps } from './binance-deps';
import { BinanceCode, BinanceError } from './protocol/binance-error';
import {
  badCombination,
  enumParam,
  illegal,
  integerParam,
  invalidValue,
  param,
  symbolParam,
  symbolsParam,
  timeParam,
} from './binance-params';
import { readDayTrades, readTrades, type PublicTradeRow } from '../../trading/trade-reads';
import { readAggregateTrades } from './market-reads';
import { symbolInfo } from './protocol/symbol-rules';
import { dayTicker, DAY_MS } from './protocol/day-ticker';
import { decimalText } from './protocol/decimal-text';
import { binanceRateLimits, type Weight, type WeightedRequest } from './request-weight';
import { addEndpoints, getRoutes, publicEndpoint, type AnyEndpoint } from './binance-endpoint';

/**
 * Binance's public market data endpoints (ping, time, exchangeInfo, depth, trades, aggTrades, klines,
 * tickers) over our own books, trades and candles: Binance's parameter names, its answers
 * with numbers as decimal strings and times in ms, its errors.
 */

/** Binance's limits of `limit` per endpoint: the default and the most. */
const limitParam = (fallback: number, max: number) => integerParam('limit', 1, max).default(fallback);

/** One symbol, a list of them, or (neither) every book market; both at once is refused. */
const symbolChoiceOf = (catalog: MarketCatalog) => ({
  symbol: symbolParam(catalog).optional(),
  symbols: symbolsParam(catalog).optional(),
});
function chosenMarkets(
  catalog: MarketCatalog,
  { symbol, symbols }: { symbol?: BookMarket; symbols?: BookMarket[] },
): BookMarket[] | null {
  if (symbol && symbols) throw badCombination();
  return symbol ? null : (symbols ?? [...catalog.bookMarkets()]);
}

/** Binance's weight of depth by its limit (5 up to 100 levels, 25 up to 500, 50 up to 1000, 250 beyond). */
function depthWeight(limit: number): number {
  if (!(limit > 100)) return 5;
  if (limit <= 500) return 25;
  return limit <= 1000 ? 50 : 250;
}

/**
 * Binance's weight of a ticker by what it answers, `[one symbol, a list, every symbol]` (a list has
 * at most our six symbols, which Binance weighs as a short list).
 */
function tickerWeight(ctx: WeightedRequest, [one, list, all]: [number, number, number]): number {
  if (ctx.query.symbol !== undefined) return one;
  return ctx.query.symbols !== undefined ? list : all;
}

/** One symbol's answer, or the list's when a list (or none) was asked for. */
async function perSymbol<T>(
  catalog: MarketCatalog,
  choice: { symbol?: BookMarket; symbols?: BookMarket[] },
  answer: (market: BookMarket) => Promise<T>,
): Promise<T | T[]> {
  const markets = chosenMarkets(catalog, choice);
  if (markets === null) return answer(choice.symbol!);
  return Promise.all(markets.map(answer));
}

const PERMISSIONS_RANGE = '^\\[("[A-Z_]{1,20}"(,"[A-Z_]{1,20}"){0,}){0,1}\\]$';

/** exchangeInfo's `permissions`: one name or a JSON list of them; our symbols are all SPOT. */
const permissionsParam = param((text): string[] | BinanceError => {
  if (/^[A-Z_]{1,20}$/.test(text)) return [text];
  try {
    const list: unknown = JSON.parse(text);
    if (Array.isArray(list) && list.every((p) => typeof p === 'string')) return list as string[];
  } catch {
    // answered below
  }
  return illegal('permissions', PERMISSIONS_RANGE);
});

function trade(row: PublicTradeRow) {
  return {
    id: Number(row.seq),
    price: decimalText(row.price),
    qty: decimalText(row.amount),
    quoteQty: decimalText(row.quote_amount),
    time: row.created_at.getTime(),
    // The resting order was the buy: the taker sold.
    isBuyerMaker: row.taker_side === 'sell',
    isBestMatch: true,
  };
}

/** ticker/24hr's MINI fields: without the book and the changes. */
const MINI_FIELDS = [
  'symbol',
  'openPrice',
  'highPrice',
  'lowPrice',
  'lastPrice',
  'volume',
  'quoteVolume',
  'openTime',
  'closeTime',
  'firstId',
  'lastId',
  'count',
] as const;

/** 24 hours of a market, as Binance's ticker/24hr tells it (`MINI`: without the book and the changes). */
async function dayTickerOf({ context, trading }: BinanceApiDeps, market: BookMarket, type: 'FULL' | 'MINI') {
  const closeTime = Date.now();
  const openTime = closeTime - DAY_MS;
  const [day, trades, book] = await Promise.all([
    loadDayStatistics(context.dataSource.manager, market.symbol, closeTime),
    readDayTrades(context.dataSource, market.symbol, openTime),
    type === 'FULL' ? trading.depth(market.symbol, 1) : null,
  ]);
  const ticker = dayTicker({
    symbol: market.symbol,
    day,
    trades,
    bestBid: book?.bids[0] ?? null,
    bestAsk: book?.asks[0] ?? null,
    openTime,
    closeTime,
  });
  return type === 'FULL' ? ticker : Object.fromEntries(MINI_FIELDS.map((field) => [field, ticker[field]]));
}

/** Adds Binance's public market data endpoints to the /api/v3 router. */
export function marketRoutes(router: Router, deps: BinanceApiDeps): void {
  addEndpoints(router, deps, getRoutes(marketEndpoints(deps)));
}

/** Binance's public market data endpoints by their REST path, for the routes and the WebSocket API's methods. */
export function marketEndpoints(deps: BinanceApiDeps): Map<string, AnyEndpoint> {
  const endpoints = new Map<string, AnyEndpoint>();
  const db = deps.context.dataSource;
  const symbolChoice = symbolChoiceOf(deps.catalog);

  /** A public GET of Binance's `weight`: its parameters checked by `schema`, its answer from `answer`. */
  function get<Shape extends z.ZodRawShape>(
    path: string,
    weight: Weight,
    schema: z.ZodObject<Shape>,
    answer: (params: z.output<z.ZodObject<Shape>>) => unknown,
  ) {
    endpoints.set(path, publicEndpoint(weight, schema, answer));
  }

  get('/ping', 1, z.object({}), () => ({}));

  get('/time', 1, z.object({}), () => ({ serverTime: Date.now() }));

  get(
    '/exchangeInfo',
    20,
    z.object({
      ...symbolChoice,
      permissions: permissionsParam.optional(),
      showPermissionSets: z.string().optional(),
      symbolStatus: z.string().optional(),
    }),
    (params) => {
      const spot = (params.permissions ?? ['SPOT']).includes('SPOT');
      const trading = params.symbolStatus === undefined || params.symbolStatus === 'TRADING';
      const markets = chosenMarkets(deps.catalog, params) ?? [params.symbol!];
      return {
        timezone: 'UTC',
        serverTime: Date.now(),
        rateLimits: binanceRateLimits(deps.context.config),
        exchangeFilters: [],
        symbols: spot && trading ? markets.map(symbolInfo) : [],
      };
    },
  );

  get(
    '/depth',
    (ctx) => depthWeight(Number(ctx.query.limit ?? 100)),
    z.object({ symbol: symbolParam(deps.catalog), limit: limitParam(100, 5000) }),
    async ({ symbol, limit }) => {
      const book = await deps.trading.depth(symbol.symbol, limit);
      const levels = (side: Array<[string, string]>) =>
        side.map(([price, quantity]) => [decimalText(price), decimalText(quantity)]);
      return { lastUpdateId: book.lastUpdateId, bids: levels(book.bids), asks: levels(book.asks) };
    },
  );

  get(
    '/trades',
    25,
    z.object({ symbol: symbolParam(deps.catalog), limit: limitParam(500, 1000) }),
    async ({ symbol, limit }) => (await readTrades(db, symbol.symbol, {}, limit)).map(trade),
  );

  get(
    '/historicalTrades',
    25,
    z.object({
      symbol: symbolParam(deps.catalog),
      limit: limitParam(500, 1000),
      fromId: integerParam('fromId').optional(),
    }),
    async ({ symbol, limit, fromId }) => (await readTrades(db, symbol.symbol, { fromId }, limit)).map(trade),
  );

  get(
    '/aggTrades',
    4,
    z.object({
      symbol: symbolParam(deps.catalog),
      fromId: integerParam('fromId').optional(),
      startTime: timeParam('startTime').optional(),
      endTime: timeParam('endTime').optional(),
      limit: limitParam(500, 1000),
    }),
    async ({ symbol, limit, ...window }) => {
      const { startTime, endTime } = window;
      if (startTime !== undefined && endTime !== undefined && (endTime < startTime || endTime - startTime > 3_600_000))
        throw invalidValue('endTime');
      const aggregates = await readAggregateTrades(db, symbol.symbol, window, limit);
      return aggregates.map(({ id, lastId, trades }) => {
        const first = trades[0]!;
        return {
          a: id,
          p: decimalText(first.price),
          q: decimalText(trades.reduce((sum, t) => sum.plus(t.amount), ZERO)),
          f: id,
          l: lastId,
          T: first.created_at.getTime(),
          m: first.taker_side === 'sell',
          M: true,
        };
      });
    },
  );

  const klines = async ({ symbol, interval, timeZone, ...window }: z.output<typeof klineParams>) => {
    const [rows] = await deps.context.reads.run((history) =>
      readKlines(history.manager, symbol.symbol, [{ series: { interval, offset: timeZone ?? 0 }, ...window }]),
    );
    return rows!.map((row) => [
      row.open_time,
      decimalText(row.open),
      decimalText(row.high),
      decimalText(row.low),
      decimalText(row.close),
      decimalText(row.volume),
      row.close_time,
      decimalText(row.quote_volume),
      row.count,
      decimalText(row.taker_buy_volume),
      decimalText(row.taker_buy_quote_volume),
      '0',
    ]);
  };
  const klineParams = z.object({
    symbol: symbolParam(deps.catalog),
    interval: enumParam(BINANCE_INTERVALS, () => new BinanceError(400, BinanceCode.BAD_INTERVAL, 'Invalid interval.')),
    startTime: timeParam('startTime').optional(),
    endTime: timeParam('endTime').optional(),
    timeZone: param((text) => parseTimeZone(text) ?? invalidValue('timeZone')).optional(),
    limit: limitParam(500, 1000),
  });
  get('/klines', 2, klineParams, klines);
  get('/uiKlines', 2, klineParams, klines);

  get(
    '/ticker/24hr',
    (ctx) => tickerWeight(ctx, [2, 2, 80]),
    z.object({
      ...symbolChoice,
      type: enumParam(['FULL', 'MINI'] as const, () => invalidValue('type')).default('FULL'),
    }),
    (params) => perSymbol(deps.catalog, params, (market) => dayTickerOf(deps, market, params.type)),
  );

  get(
    '/ticker/price',
    (ctx) => tickerWeight(ctx, [2, 4, 4]),
    z.object(symbolChoice),
    (params) =>
      perSymbol(deps.catalog, params, async (market) => {
        const last = await deps.trading.lastPrice(market.symbol);
        return { symbol: market.symbol, price: decimalText(last ?? 0) };
      }),
  );

  get(
    '/ticker/bookTicker',
    (ctx) => tickerWeight(ctx, [2, 4, 4]),
    z.object(symbolChoice),
    (params) =>
      perSymbol(deps.catalog, params, async (market) => {
        const { bids, asks } = await deps.trading.depth(market.symbol, 1);
        return {
          symbol: market.symbol,
          bidPrice: decimalText(bids[0]?.[0] ?? 0),
          bidQty: decimalText(bids[0]?.[1] ?? 0),
          askPrice: decimalText(asks[0]?.[0] ?? 0),
          askQty: decimalText(asks[0]?.[1] ?? 0),
        };
      }),
  );
  return endpoints;
}
