import { z } from 'zod';

export const PUBLIC_TICKER_URL = 'https://api.binance.com/api/v3/ticker/price';
const TIMEOUT_MS = 3000;

const tickerResponse = z.array(z.object({ symbol: z.string(), price: z.string().regex(/^\d+(\.\d+)?$/) }));

/**
 * The public exchange's REST price ticker for our symbols: symbol -> price as a decimal string.
 * Throws when the service cannot be reached in time or answers something unexpected.
 */
export async function fetchPublicPrices(
  symbols: readonly string[],
  url = PUBLIC_TICKER_URL,
): Promise<Map<string, string>> {
  const query = new URLSearchParams({ symbols: JSON.stringify(symbols) });
  const response = await fetch(`${url}?${query}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`public ticker answered ${response.status}`);
  const prices = tickerResponse.parse(await response.json());
  return new Map(prices.filter((p) => Number(p.price) > 0).map((p) => [p.symbol, p.price]));
}
