/**
 * What holdings are worth in dollars, from the prices a screen has: a coin at its market's last
 * price, a currency at its forex pair's quote (EUR at EURUSD, JPY at 1 / USDJPY).
 */
import type { ForexPair } from './api/types';

export interface PricesOnHand {
  forexPairs: Pick<ForexPair, 'symbol' | 'quote' | 'asset'>[];
  /** The simple screen's quotes (coins and forex pairs). */
  quotes: { symbol: string; price: number }[];
  /** The markets' tickers, preferred for coins where given. */
  tickers?: { symbol: string; last_price: number }[];
}

/** The dollars one unit of the asset is worth; 0 while no price for it is known. */
export function dollarPrice(asset: string, { forexPairs, quotes, tickers = [] }: PricesOnHand): number {
  if (asset === 'USD' || asset === 'USDT') return 1;
  const priceOf = (symbol: string) =>
    tickers.find((t) => t.symbol === symbol)?.last_price ?? quotes.find((q) => q.symbol === symbol)?.price;
  const coin = priceOf(`${asset}USDT`);
  if (coin !== undefined) return coin;
  const pair = forexPairs.find((p) => p.asset === asset);
  const rate = pair ? priceOf(pair.symbol) : undefined;
  if (!pair || !rate) return 0;
  // USDJPY is yen per dollar: a yen is worth its inverse.
  return pair.quote === asset ? 1 / rate : rate;
}
