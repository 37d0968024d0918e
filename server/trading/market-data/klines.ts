import type { EntityManager } from 'typeorm';
import { candleRuns } from './candles';
import { klineOpen, klineOpenFrom, nextKlineOpen, previousKlineOpen, type KlineSeries } from './kline-intervals';

/**
 * Klines of any interval and time zone (kline-intervals.ts), as Binance tells them: composed at
 * read time from the fewest stored candles that make each one up (candles.ts), 1s klines from the
 * trades themselves (no candle is that fine: a second's trades are few, and the trading rounds
 * write nothing more for them). Once a market has traded it has a kline for every interval: one
 * without trades is flat at the close before it, with no volume and no trade.
 */

/** A kline: prices and volumes as decimal strings, times in ms; `first_id`/`last_id` -1 without trades. */
export interface SeriesKline {
  open_time: number;
  close_time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  quote_volume: string;
  taker_buy_volume: string;
  taker_buy_quote_volume: string;
  first_id: number;
  last_id: number;
  count: number;
}

/**
 * Which klines: opening at or after `startTime` onward (up to `endTime`), otherwise the latest
 * opening at or before `endTime`; never one opening after now, nor before the market's first trade.
 */
export interface KlineRequest {
  series: KlineSeries;
  startTime?: number;
  endTime?: number;
  limit: number;
}

/** What one composed kline's rows sum to, as the queries answer it. */
interface Sums {
  k: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  quote_volume: string;
  taker_buy_volume: string;
  taker_buy_quote_volume: string;
  first_id: string;
  last_id: string;
}

/**
 * Of the rows joined to each range `k`: the first opening and last closing price by time then
 * trade id (arrays compare element by element: no sort), the extremes, and `sums`.
 */
const summed = (
  [openAt, openSeq, open]: string[],
  [closeAt, closeSeq, close]: string[],
  [high, low]: string[],
  sums: string,
) => `
  SELECT r.k, (min(ARRAY[extract(epoch FROM ${openAt}), ${openSeq}, ${open}]))[3] AS open,
         max(${high}) AS high, min(${low}) AS low,
         (max(ARRAY[extract(epoch FROM ${closeAt}), ${closeSeq}, ${close}]))[3] AS close, ${sums}`;

/** Candles of the given widths (seconds) opening within each range [since, until). */
const CANDLE_SUMS = `${summed(
  ['c.open_at', 'c.open_seq', 'c.open'],
  ['c.close_at', 'c.close_seq', 'c.close'],
  ['c.high', 'c.low'],
  `sum(c.volume) AS volume, sum(c.quote_volume) AS quote_volume,
   sum(c.taker_buy_volume) AS taker_buy_volume, sum(c.taker_buy_quote_volume) AS taker_buy_quote_volume,
   min(c.open_seq) AS first_id, max(c.close_seq) AS last_id`,
)}
    FROM unnest($2::int[], $3::int[], $4::timestamptz[], $5::timestamptz[]) AS r(k, width, since, until)
    JOIN candles c ON c.symbol = $1 AND c.width = r.width AND c.bucket >= r.since AND c.bucket < r.until
   GROUP BY r.k`;

/** Trades within each range [since, until). */
const trade = ['t.created_at', 't.seq', 't.price'];
const TRADE_SUMS = `${summed(
  trade,
  trade,
  ['t.price', 't.price'],
  `sum(t.amount) AS volume, sum(t.quote_amount) AS quote_volume,
   COALESCE(sum(t.amount) FILTER (WHERE t.taker_side = 'buy'), 0) AS taker_buy_volume,
   COALESCE(sum(t.quote_amount) FILTER (WHERE t.taker_side = 'buy'), 0) AS taker_buy_quote_volume,
   min(t.seq) AS first_id, max(t.seq) AS last_id`,
)}
    FROM unnest($2::int[], $3::timestamptz[], $4::timestamptz[]) AS r(k, since, until)
    JOIN trades t ON t.symbol = $1 AND t.created_at >= r.since AND t.created_at < r.until
   GROUP BY r.k`;

const pick = <T, K extends keyof T>(row: T, keys: K[]) =>
  Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;

const iso = (ms: number) => new Date(ms).toISOString();

/** Opening times of the klines `request` asks for, ascending, given when the market first traded. */
export function klineOpens(request: KlineRequest, firstTrade: number, now: number): number[] {
  const { series, startTime, endTime, limit } = request;
  const first = klineOpen(series, firstTrade);
  const last = klineOpen(series, Math.min(endTime ?? now, now));
  const opens: number[] = [];
  if (startTime !== undefined) {
    let open = Math.max(klineOpenFrom(series, startTime), first);
    for (; open <= last && opens.length < limit; open = nextKlineOpen(series, open)) opens.push(open);
    return opens;
  }
  for (let open = last; open >= first && opens.length < limit; open = previousKlineOpen(series, open)) opens.push(open);
  return opens.reverse();
}

/**
 * The klines of each request, ascending. Four statements whatever the requests: the first trade,
 * the candles' and the trades' sums, and the close before each request's first kline.
 */
export async function readKlines(
  db: EntityManager,
  symbol: string,
  requests: KlineRequest[],
  now = Date.now(),
): Promise<SeriesKline[][]> {
  const [firstRow]: Array<{ time: string }> = await db.query(
    `SELECT floor(extract(epoch FROM created_at) * 1000)::bigint AS time FROM trades
      WHERE symbol = $1 ORDER BY created_at LIMIT 1`,
    [symbol],
  );
  if (!firstRow) return requests.map(() => []);
  const firstTrade = Number(firstRow.time);

  // Every kline asked for, numbered (k), with the ranges of candles or trades it is made of.
  const klines: Array<{ open: number; close: number }> = [];
  const candles = { k: [] as number[], width: [] as number[], since: [] as string[], until: [] as string[] };
  const trades = { k: [] as number[], since: [] as string[], until: [] as string[] };
  const spans = requests.map((request) => {
    const from = klines.length;
    for (const open of klineOpens(request, firstTrade, now)) {
      const close = nextKlineOpen(request.series, open);
      const k = klines.push({ open, close }) - 1;
      if (request.series.interval === '1s') {
        trades.k.push(k);
        trades.since.push(iso(open));
        trades.until.push(iso(close));
        continue;
      }
      for (const run of candleRuns(open, close)) {
        candles.k.push(k);
        candles.width.push(run.width / 1000);
        candles.since.push(iso(run.from));
        candles.until.push(iso(run.to));
      }
    }
    return { from, to: klines.length };
  });
  const befores = spans.filter(({ from, to }) => to > from && klines[from]!.open > firstTrade);

  const [candleSums, tradeSums, closes]: [Sums[], Sums[], Array<{ k: number; price: string }>] = await Promise.all([
    candles.k.length > 0 ? db.query(CANDLE_SUMS, [symbol, candles.k, candles.width, candles.since, candles.until]) : [],
    trades.k.length > 0 ? db.query(TRADE_SUMS, [symbol, trades.k, trades.since, trades.until]) : [],
    befores.length > 0
      ? db.query(
          `SELECT r.k, p.price FROM unnest($2::int[], $3::timestamptz[]) AS r(k, before)
             CROSS JOIN LATERAL (SELECT price FROM trades WHERE symbol = $1 AND created_at < r.before
                                  ORDER BY created_at DESC, seq DESC LIMIT 1) p`,
          [symbol, befores.map(({ from }) => from), befores.map(({ from }) => iso(klines[from]!.open))],
        )
      : [],
  ]);
  const sums = new Map([...candleSums, ...tradeSums].map((row) => [Number(row.k), row]));
  const closeBefore = new Map(closes.map((row) => [Number(row.k), row.price]));

  return spans.map(({ from, to }) => {
    const answer: SeriesKline[] = [];
    let close = closeBefore.get(from) ?? null;
    for (let k = from; k < to; k++) {
      const { open, close: next } = klines[k]!;
      const row = sums.get(k);
      if (row) {
        const [first, last] = [Number(row.first_id), Number(row.last_id)];
        answer.push({
          ...flatKline(open, next - 1, row.close),
          ...pick(row, ['open', 'high', 'low', 'volume', 'quote_volume', 'taker_buy_volume', 'taker_buy_quote_volume']),
          first_id: first,
          last_id: last,
          // A symbol's trade ids count up without gaps, in time order: the kline's trades are those between its first and last.
          count: last - first + 1,
        });
        close = row.close;
      } else if (close !== null) answer.push(flatKline(open, next - 1, close));
    }
    return answer;
  });
}

/** A kline without trades: at the close before it. */
export const flatKline = (open_time: number, close_time: number, price: string): SeriesKline => ({
  open_time,
  close_time,
  open: price,
  high: price,
  low: price,
  close: price,
  volume: '0',
  quote_volume: '0',
  taker_buy_volume: '0',
  taker_buy_quote_volume: '0',
  first_id: -1,
  last_id: -1,
  count: 0,
});
