/** The markets this venue lists, with display names and colours. */

export interface MarketInfo {
  symbol: string;
  base: string;
  name: string;
  color: string;
}

export const CRYPTO_MARKETS: MarketInfo[] = [
  { symbol: 'BTCUSDT', base: 'BTC', name: 'Bitcoin', color: '#F7931A' },
  { symbol: 'ETHUSDT', base: 'ETH', name: 'Ethereum', color: '#627EEA' },
  { symbol: 'BNBUSDT', base: 'BNB', name: 'Binance Coin', color: '#F0B90B' },
  { symbol: 'SOLUSDT', base: 'SOL', name: 'Solana', color: '#9945FF' },
  { symbol: 'XRPUSDT', base: 'XRP', name: 'XRP', color: '#23A8E0' },
  { symbol: 'ADAUSDT', base: 'ADA', name: 'Cardano', color: '#3468D1' },
];

/** Simple trading screen lists (SPEC: five crypto, four forex). */
export const SIMPLE_CRYPTO = ['BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'ADAUSDT', 'SOLUSDT'];
export const SIMPLE_FOREX: { symbol: string; name: string; base: number }[] = [
  { symbol: 'EURUSD', name: 'Euro / US Dollar', base: 1.08 },
  { symbol: 'GBPUSD', name: 'British Pound / US Dollar', base: 1.26 },
  { symbol: 'USDJPY', name: 'US Dollar / Japanese Yen', base: 148.5 },
  { symbol: 'AUDUSD', name: 'Australian Dollar / US Dollar', base: 0.64 },
];

export const DEFAULT_PAIR = 'BTCUSDT';

const OTHER_COIN_COLORS: Record<string, string> = { USDT: '#26A17B' };

export function marketInfo(symbol: string): MarketInfo {
  const known = CRYPTO_MARKETS.find((m) => m.symbol === symbol);
  if (known) return known;
  const base = symbol.replace(/USDT$|USD$/, '') || symbol;
  return { symbol, base, name: base, color: OTHER_COIN_COLORS[base] ?? '#848E9C' };
}

export const isKnownMarket = (symbol: string): boolean => CRYPTO_MARKETS.some((m) => m.symbol === symbol);
