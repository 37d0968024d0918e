import type { EntityManager } from 'typeorm';
import type { WindowStatistics } from './protocol/window-ticker';

/**
 * The statistics of windows that open on a minute (the rolling window tickers, the trading day),
 * read from the 1m candles alone: a window holds whole minutes only, and each candle keeps its
 * first and last trade ids, so they are as exact as reading every trade.
 */
export async function readWindowStatistics(
  manager: EntityManager,
  symbols: readonly string[],
  openTime: number,
): Promise<Map<string, WindowStatistics>> {
  const rows: Array<WindowStatistics & { symbol: string }> = await manager.query(
    `SELECT market.symbol, window_.*,
            (SELECT close FROM candles WHERE symbol = market.symbol AND width = 60 ORDER BY bucket DESC LIMIT 1) AS last_price,
            (SELECT open FROM candles WHERE symbol = market.symbol AND width = 60 AND bucket >= $2
              ORDER BY bucket LIMIT 1) AS open_price
       FROM unnest($1::text[]) AS market(symbol)
       CROSS JOIN LATERAL (
         SELECT max(high) AS high, min(low) AS low, COALESCE(sum(volume), 0) AS volume,
                COALESCE(sum(quote_volume), 0) AS quote_volume, min(open_seq) AS first_id, max(close_seq) AS last_id
           FROM candles WHERE symbol = market.symbol AND width = 60 AND bucket >= $2
       ) window_`,
    [symbols, new Date(openTime)],
  );
  return new Map(rows.map(({ symbol, ...stats }) => [symbol, stats]));
}
