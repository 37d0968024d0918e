/**
 * Binance's aggregate trades: the consecutive trades (in trade id order) of one taker order at one
 * price are one, named after its first trade. A taker order's trades all commit in one round, so a
 * round's trades hold each of its aggregates whole. Used by REST aggTrades and the @aggTrade stream.
 */
export function aggregateTrades<T extends { taker_order_id: string; price: string }>(trades: T[]): T[][] {
  const aggregates: T[][] = [];
  for (const trade of trades) {
    const current = aggregates[aggregates.length - 1];
    const first = current?.[0];
    if (first && first.taker_order_id === trade.taker_order_id && first.price === trade.price) current!.push(trade);
    else aggregates.push([trade]);
  }
  return aggregates;
}
