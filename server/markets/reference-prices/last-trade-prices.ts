import type { DataSource } from 'typeorm';

/** Each of `symbols`' last trade price, for those that have traded (read through the trades' symbol and seq index). */
export async function lastTradePrices(
  dataSource: DataSource,
  symbols: readonly string[],
): Promise<Map<string, string>> {
  const rows: Array<{ symbol: string; price: string }> = await dataSource.query(
    `SELECT market.symbol, last.price
       FROM unnest($1::text[]) AS market(symbol)
       JOIN LATERAL (SELECT price::text AS price FROM trades WHERE trades.symbol = market.symbol ORDER BY seq DESC LIMIT 1) last ON true`,
    [symbols],
  );
  return new Map(rows.map((row) => [row.symbol, row.price]));
}
