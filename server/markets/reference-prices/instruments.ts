import type { BookMarket, ForexPair, MarketCatalog } from '../catalog';

/** Everything the venue prices: the order-book markets and the simulated forex pairs. */
export type Instrument = BookMarket | ForexPair;

export const instruments = (catalog: MarketCatalog): readonly Instrument[] => [
  ...catalog.bookMarkets(),
  ...catalog.forexPairs(),
];

export function findInstrument(catalog: MarketCatalog, symbol: string): Instrument | undefined {
  return catalog.findBookMarket(symbol) ?? catalog.findForexPair(symbol);
}
