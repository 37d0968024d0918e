import type { MarketSpec } from '../../engine';

export const USD = 'USD';

/**
 * The instruments of the venue. Pairs quoted in USDT settle in the USD account (1 USDT = 1 USD here).
 * Order-book markets trade on the matching engine; forex pairs are simulated instruments traded only
 * on the simple screen, where a buy takes the base currency and pays the quote currency, as on an FX
 * desk (server/instant-trade/README.md).
 */
export interface BookMarket extends MarketSpec {
  kind: 'crypto';
  symbol: string;
  /** The slash form used in order queries, e.g. BTC/USDT. */
  display: string;
  name: string;
  base: string;
  /** The account the quote side settles in. */
  quote: 'USD';
  /** Where the simulated reference price starts. */
  seedPrice: string;
}

export interface ForexPair {
  kind: 'forex';
  symbol: string;
  display: string;
  name: string;
  /** The currency a buy takes; the price is how much of the quote currency one unit of it costs. */
  base: string;
  quote: string;
  /** The pair's currency other than the dollar: what a dollar account holds after trading it. */
  asset: string;
  tickSize: string;
  lotSize: string;
  seedPrice: string;
}

const book = (
  symbol: string,
  name: string,
  base: string,
  tickSize: string,
  lotSize: string,
  seedPrice: string,
): BookMarket => ({
  kind: 'crypto',
  symbol,
  display: `${base}/USDT`,
  name,
  base,
  quote: 'USD',
  tickSize,
  lotSize,
  minNotional: '5',
  seedPrice,
});

const forex = (symbol: string, name: string, seedPrice: string, tickSize: string): ForexPair => ({
  kind: 'forex',
  symbol,
  display: `${symbol.slice(0, 3)}/${symbol.slice(3)}`,
  name,
  base: symbol.slice(0, 3),
  quote: symbol.slice(3),
  asset: symbol.startsWith(USD) ? symbol.slice(3) : symbol.slice(0, 3),
  tickSize,
  lotSize: '0.01',
  seedPrice,
});

export const BOOK_MARKETS: readonly BookMarket[] = [
  book('BTCUSDT', 'Bitcoin', 'BTC', '0.01', '0.00001', '110000'),
  book('ETHUSDT', 'Ethereum', 'ETH', '0.01', '0.0001', '4000'),
  book('BNBUSDT', 'Binance Coin', 'BNB', '0.01', '0.001', '700'),
  book('SOLUSDT', 'Solana', 'SOL', '0.01', '0.001', '200'),
  book('XRPUSDT', 'XRP', 'XRP', '0.0001', '0.1', '2.5'),
  book('ADAUSDT', 'Cardano', 'ADA', '0.0001', '0.1', '0.8'),
];

export const FOREX_PAIRS: readonly ForexPair[] = [
  forex('EURUSD', 'Euro / US Dollar', '1.08', '0.0001'),
  forex('GBPUSD', 'British Pound / US Dollar', '1.26', '0.0001'),
  forex('USDJPY', 'US Dollar / Japanese Yen', '148.5', '0.001'),
  forex('AUDUSD', 'Australian Dollar / US Dollar', '0.64', '0.0001'),
];

/**
 * The book markets the simple buy/sell screen offers, in the order it lists them; it offers every
 * forex pair as well. The trade screen offers every book market.
 */
export const SIMPLE_SCREEN_MARKETS: readonly string[] = ['BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'ADAUSDT', 'SOLUSDT'];

/** Every asset an account can hold. */
export const ASSETS: readonly string[] = [USD, ...BOOK_MARKETS.map((m) => m.base), ...FOREX_PAIRS.map((p) => p.asset)];

/** 'BTC/USDT', 'btcusdt' and 'BTCUSDT' all name the same market. */
export const normalizeSymbol = (symbol: string) => symbol.replace('/', '').trim().toUpperCase();

export function findBookMarket(symbol: string): BookMarket | undefined {
  const bare = normalizeSymbol(symbol);
  return BOOK_MARKETS.find((m) => m.symbol === bare);
}

export function findForexPair(symbol: string): ForexPair | undefined {
  const bare = normalizeSymbol(symbol);
  return FOREX_PAIRS.find((p) => p.symbol === bare);
}
