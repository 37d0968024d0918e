import type { BookMarket } from './catalog';
import type { MarketStatus } from './market.entity';

/** A book market as the catalog lists it: sizes and prices as decimal strings, exact as the catalog holds them. */
export interface BookMarketView {
  symbol: string;
  display: string;
  name: string;
  base: string;
  quote: string;
  tick_size: string;
  lot_size: string;
  min_notional: string;
  seed_price: string;
  status: MarketStatus;
}

/** A book market as the catalog lists it (and as its room is told it after an administrator changes it). */
export const bookMarketView = (market: BookMarket): BookMarketView => ({
  symbol: market.symbol,
  display: market.display,
  name: market.name,
  base: market.base,
  quote: market.quote,
  tick_size: market.tickSize,
  lot_size: market.lotSize,
  min_notional: market.minNotional,
  seed_price: market.seedPrice,
  status: market.status,
});
