import type { DataSource } from 'typeorm';
import { money } from '../../kernel/money';
import { decimalText } from './protocol/decimal-text';

/**
 * Binance's current average price of a symbol (REST `avgPrice`, the `@avgPrice` stream): the
 * volume-weighted price of the trades of the last 5 minutes, sum(quote) / sum(quantity). Without a
 * trade in them it is the last trade's price, as Binance falls back; a symbol that never traded has
 * none (0). `closeTime` is the last trade's time (0 before the first).
 */

export const AVERAGE_PRICE_MINUTES = 5;

export interface AveragePrice {
  price: string;
  closeTime: number;
}

interface AverageRow {
  symbol: string;
  volume: string;
  quote_volume: string;
  last_price: string | null;
  last_at: Date | null;
}

/** The average price of each of `symbols` as of `now`, in one statement (the trades' symbol and time index). */
export async function readAveragePrices(
  db: DataSource,
  symbols: readonly string[],
  now = Date.now(),
): Promise<Map<string, AveragePrice>> {
  const rows: AverageRow[] = await db.query(
    `SELECT market.symbol, recent.volume, recent.quote_volume, last.price AS last_price, last.created_at AS last_at
       FROM unnest($1::text[]) AS market(symbol)
       CROSS JOIN LATERAL (
         SELECT COALESCE(sum(amount), 0) AS volume, COALESCE(sum(quote_amount), 0) AS quote_volume
           FROM trades WHERE symbol = market.symbol AND created_at > $2 AND created_at <= $3
       ) recent
       LEFT JOIN LATERAL (SELECT price, created_at FROM trades WHERE symbol = market.symbol ORDER BY seq DESC LIMIT 1) last
         ON true`,
    [symbols, new Date(now - AVERAGE_PRICE_MINUTES * 60_000), new Date(now)],
  );
  return new Map(rows.map((row) => [row.symbol, averageOf(row)]));
}

function averageOf(row: AverageRow): AveragePrice {
  const volume = money(row.volume);
  const price = volume.isZero() ? money(row.last_price ?? 0) : money(row.quote_volume).div(volume).toDecimalPlaces(8);
  return { price: decimalText(price), closeTime: row.last_at?.getTime() ?? 0 };
}

/** `GET /api/v3/avgPrice`'s answer (the WebSocket API's `avgPrice` result). */
export async function averagePrice(db: DataSource, symbol: string) {
  const average = (await readAveragePrices(db, [symbol])).get(symbol)!;
  return { mins: AVERAGE_PRICE_MINUTES, price: average.price, closeTime: average.closeTime };
}
