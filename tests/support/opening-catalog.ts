import {
  bookMarketOf,
  forexPairOf,
  type BookMarket,
  type CatalogRow,
  MarketCatalog,
} from '../../server/markets/catalog';
import { OPENING_MARKETS } from '../../server/platform/db/migrations/opening-markets';
import type { Instrument } from '../../server/markets/reference-prices/instruments';

/**
 * The markets the venue opened with (what a fresh database lists), trading at the default fee
 * rates: for tests that need them without an exchange, or as the list an exchange should answer.
 */
const rows: CatalogRow[] = OPENING_MARKETS.map((market) => ({
  ...market,
  status: 'trading',
  maker_fee_rate: null,
  taker_fee_rate: null,
}));
const DEFAULT_RATES = { maker: '0.001', taker: '0.001' };

export const OPENING_BOOK_MARKETS: readonly BookMarket[] = rows
  .filter((row) => row.kind === 'book')
  .map((row) => bookMarketOf(row, DEFAULT_RATES));

export const OPENING_FOREX_PAIRS = rows.filter((row) => row.kind === 'forex').map(forexPairOf);

export const OPENING_INSTRUMENTS: readonly Instrument[] = [...OPENING_BOOK_MARKETS, ...OPENING_FOREX_PAIRS];

export function openingBookMarket(symbol: string): BookMarket {
  const market = OPENING_BOOK_MARKETS.find((m) => m.symbol === symbol);
  if (!market) throw new Error(`${symbol} is not an opening market`);
  return market;
}

/** A catalog of the opening markets, for tests that look markets up by name without an exchange. */
export function openingCatalog(): MarketCatalog {
  const catalog = new MarketCatalog();
  catalog.replace(rows, DEFAULT_RATES);
  return catalog;
}
