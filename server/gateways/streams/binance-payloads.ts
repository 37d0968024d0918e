import { aggregateTrades } from '../binance/aggregate-trades';
import { DAY_MS, dayTicker, miniDayTicker, type DayTickerState } from '../binance/protocol/day-ticker';
import type { windowTicker } from '../binance/protocol/window-ticker';
import type { AveragePrice } from '../binance/average-price';
import { decimalText } from '../binance/protocol/decimal-text';
import { ZERO } from '../../kernel/money';
import type { BinanceInterval } from '../../trading/market-data/kline-intervals';
import type { SeriesKline } from '../../trading/market-data/klines';
import type { DayStatistics } from '../../trading/market-data/day-statistics';
import type { BookMarket } from '../../markets/catalog';
import type { TradesMessage } from '../../trading/market-relay';

/**
 * The events of Binance's spot market streams, field for field: amounts and prices as decimal
 * text as the REST surface writes them (decimalText), ids and times (ms) as numbers, the symbol in
 * upper case. Pure: what to put in them is the stream source's business.
 */
type Level = [string, string];
type PublicTrade = TradesMessage['trades'][number];

const levels = (list: Level[]): Level[] => list.map(([price, quantity]) => [decimalText(price), decimalText(quantity)]);

export const depthUpdate = (
  now: number,
  symbol: string,
  diff: { firstUpdateId: number; lastUpdateId: number; bids: Level[]; asks: Level[] },
) => ({
  e: 'depthUpdate',
  E: now,
  s: symbol,
  U: diff.firstUpdateId,
  u: diff.lastUpdateId,
  b: levels(diff.bids),
  a: levels(diff.asks),
});

export const partialDepth = (depth: { lastUpdateId: number; bids: Level[]; asks: Level[] }, count: number) => ({
  lastUpdateId: depth.lastUpdateId,
  bids: levels(depth.bids.slice(0, count)),
  asks: levels(depth.asks.slice(0, count)),
});

/** `m`: the buyer was the maker, i.e. the taker sold. `M` is a field Binance keeps for old clients, always true. */
export const tradeEvent = (now: number, symbol: string, trade: PublicTrade) => ({
  e: 'trade',
  E: now,
  s: symbol,
  t: trade.seq,
  p: decimalText(trade.price),
  q: decimalText(trade.amount),
  T: trade.time,
  m: trade.taker_side === 'sell',
  M: true,
});

/** Aggregate trades as Binance (and the REST aggTrades) count them: one trades message holds each whole. */
export function aggTradeEvents(now: number, symbol: string, trades: PublicTrade[]) {
  return aggregateTrades(trades).map((aggregate) => {
    const first = aggregate[0]!;
    return {
      e: 'aggTrade',
      E: now,
      s: symbol,
      a: first.seq,
      p: decimalText(first.price),
      q: decimalText(aggregate.reduce((sum, t) => sum.plus(t.amount), ZERO)),
      f: first.seq,
      l: aggregate[aggregate.length - 1]!.seq,
      T: first.time,
      m: first.taker_side === 'sell',
      M: true,
    };
  });
}

/** `x`: the kline is closed (a later one has opened); `f` and `L` are -1 without trades; `B` is a field Binance ignores. */
export function klineEvent(
  now: number,
  symbol: string,
  interval: BinanceInterval,
  kline: SeriesKline,
  closed: boolean,
) {
  return {
    e: 'kline',
    E: now,
    s: symbol,
    k: {
      t: kline.open_time,
      T: kline.close_time,
      s: symbol,
      i: interval,
      f: kline.first_id,
      L: kline.last_id,
      o: decimalText(kline.open),
      c: decimalText(kline.close),
      h: decimalText(kline.high),
      l: decimalText(kline.low),
      v: decimalText(kline.volume),
      n: kline.count,
      x: closed,
      q: decimalText(kline.quote_volume),
      V: decimalText(kline.taker_buy_volume),
      Q: decimalText(kline.taker_buy_quote_volume),
      B: '0',
    },
  };
}

export function miniTickerEvent(now: number, market: BookMarket, day: DayStatistics) {
  const t = miniDayTicker(market.symbol, day, now - DAY_MS, now);
  return {
    e: '24hrMiniTicker',
    E: now,
    s: market.symbol,
    c: t.lastPrice,
    o: t.openPrice,
    h: t.highPrice,
    l: t.lowPrice,
    v: t.volume,
    q: t.quoteVolume,
  };
}

/** The @ticker event: REST ticker/24hr's fields (day-ticker.ts) under the stream's names. */
export function tickerEvent(now: number, state: DayTickerState) {
  const t = dayTicker(state);
  return {
    e: '24hrTicker',
    E: now,
    s: t.symbol,
    p: t.priceChange,
    P: t.priceChangePercent,
    w: t.weightedAvgPrice,
    x: t.prevClosePrice,
    c: t.lastPrice,
    Q: t.lastQty,
    b: t.bidPrice,
    B: t.bidQty,
    a: t.askPrice,
    A: t.askQty,
    o: t.openPrice,
    h: t.highPrice,
    l: t.lowPrice,
    v: t.volume,
    q: t.quoteVolume,
    O: t.openTime,
    C: t.closeTime,
    F: t.firstId,
    L: t.lastId,
    n: t.count,
  };
}

/** The @ticker_<window> event (`1hTicker`...): REST ticker's fields (window-ticker.ts) under the stream's names. */
export function windowTickerEvent(now: number, window: string, t: ReturnType<typeof windowTicker>) {
  return {
    e: `${window}Ticker`,
    E: now,
    s: t.symbol,
    p: t.priceChange,
    P: t.priceChangePercent,
    o: t.openPrice,
    h: t.highPrice,
    l: t.lowPrice,
    c: t.lastPrice,
    w: t.weightedAvgPrice,
    v: t.volume,
    q: t.quoteVolume,
    O: t.openTime,
    C: t.closeTime,
    F: t.firstId,
    L: t.lastId,
    n: t.count,
  };
}

/** The @avgPrice event: REST avgPrice's price (`w`) over its interval (`i`), `T` the last trade's time. */
export const avgPriceEvent = (now: number, symbol: string, minutes: number, average: AveragePrice) => ({
  e: 'avgPrice',
  E: now,
  s: symbol,
  i: `${minutes}m`,
  w: average.price,
  T: average.closeTime,
});

/** Binance's bookTicker carries no event type or time: `u` is the book's update id the best prices are as of. */
export const bookTickerEvent = (symbol: string, updateId: number, bestBid: Level | null, bestAsk: Level | null) => ({
  u: updateId,
  s: symbol,
  b: decimalText(bestBid?.[0] ?? 0),
  B: decimalText(bestBid?.[1] ?? 0),
  a: decimalText(bestAsk?.[0] ?? 0),
  A: decimalText(bestAsk?.[1] ?? 0),
});
