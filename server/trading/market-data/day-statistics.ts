import type { EntityManager } from 'typeorm';

/** A market's last 24 hours, as decimal strings; prices are null before its first trade in them. */
export interface DayStatistics {
  /** The latest trade ever, in the window or not. */
  last_price: string | null;
  /** The first trade of the window. */
  open_price: string | null;
  high: string | null;
  low: string | null;
  volume: string;
  quote_volume: string;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * The trades of the 24 hours up to `nowMs`, read from the 1m candles of the minutes the window holds
 * whole, and from the trades themselves in the minute it starts in: as exact as reading every trade,
 * at most 1,440 candles and a minute of trades whatever the history.
 */
export async function loadDayStatistics(
  manager: EntityManager,
  symbol: string,
  nowMs = Date.now(),
): Promise<DayStatistics> {
  const since = nowMs - DAY_MS;
  const wholeMinutes = Math.ceil(since / MINUTE_MS) * MINUTE_MS;
  const [row]: DayStatistics[] = await manager.query(
    `WITH pieces AS (
       SELECT high, low, volume, quote_volume FROM candles WHERE symbol = $1 AND width = 60 AND bucket >= $3
       UNION ALL
       -- A trade is the candle of itself.
       SELECT price, price, amount, quote_amount FROM trades WHERE symbol = $1 AND created_at >= $2 AND created_at < $3
     )
     SELECT (SELECT close FROM candles WHERE symbol = $1 AND width = 60 ORDER BY bucket DESC LIMIT 1) AS last_price,
            -- Any trade of the partial first minute comes before every whole minute's.
            COALESCE((SELECT price FROM trades WHERE symbol = $1 AND created_at >= $2 AND created_at < $3
                       ORDER BY created_at, seq LIMIT 1),
                     (SELECT open FROM candles WHERE symbol = $1 AND width = 60 AND bucket >= $3
                       ORDER BY bucket LIMIT 1)) AS open_price,
            max(high) AS high, min(low) AS low,
            COALESCE(sum(volume), 0) AS volume, COALESCE(sum(quote_volume), 0) AS quote_volume
       FROM pieces`,
    [symbol, new Date(since), new Date(wholeMinutes)],
  );
  return row!;
}
