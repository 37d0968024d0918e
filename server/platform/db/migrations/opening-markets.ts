/** A market the Markets migration lists: the columns of its row, as that migration wrote them (frozen with it). */
export interface OpeningMarket {
  symbol: string;
  kind: 'book' | 'forex';
  name: string;
  base_asset: string;
  tick_size: string;
  lot_size: string;
  min_notional: string;
  reference_price: string;
  simple_screen_rank: number | null;
}

const book = (
  symbol: string,
  name: string,
  base: string,
  tick: string,
  lot: string,
  price: string,
  rank: number | null,
): OpeningMarket => ({
  symbol,
  kind: 'book',
  name,
  base_asset: base,
  tick_size: tick,
  lot_size: lot,
  min_notional: '5',
  reference_price: price,
  simple_screen_rank: rank,
});

const forex = (symbol: string, name: string, price: string, tick: string): OpeningMarket => ({
  symbol,
  kind: 'forex',
  name,
  base_asset: symbol.slice(0, 3),
  tick_size: tick,
  lot_size: '0.01',
  min_notional: '0',
  reference_price: price,
  simple_screen_rank: null,
});

/**
 * The markets the venue opened with, in listing order, as the Markets migration inserted them
 * (so never edit them: later changes are the administrators', in the table). Tests that run no
 * exchange load them as their catalog.
 */
export const OPENING_MARKETS: readonly OpeningMarket[] = [
  book('BTCUSDT', 'Bitcoin', 'BTC', '0.01', '0.00001', '110000', 1),
  book('ETHUSDT', 'Ethereum', 'ETH', '0.01', '0.0001', '4000', 2),
  book('BNBUSDT', 'Binance Coin', 'BNB', '0.01', '0.001', '700', 3),
  book('SOLUSDT', 'Solana', 'SOL', '0.01', '0.001', '200', 5),
  book('XRPUSDT', 'XRP', 'XRP', '0.0001', '0.1', '2.5', null),
  book('ADAUSDT', 'Cardano', 'ADA', '0.0001', '0.1', '0.8', 4),
  forex('EURUSD', 'Euro / US Dollar', '1.08', '0.0001'),
  forex('GBPUSD', 'British Pound / US Dollar', '1.26', '0.0001'),
  forex('USDJPY', 'US Dollar / Japanese Yen', '148.5', '0.001'),
  forex('AUDUSD', 'Australian Dollar / US Dollar', '0.64', '0.0001'),
];
