import { bookMarkets, forexPairs, findBookMarket, findForexPair, type BookMarket, type ForexPair } from '../catalog';

/** Everything the venue prices: the order-book markets and the simulated forex pairs. */
export type Instrument = BookMarket | ForexPair;

export const instruments = (): readonly Instrument[] => [...bookMarkets(), ...forexPairs()];

export function findInstrument(symbol: string): Instrument | undefined {
  return findBookMarket(symbol) ?? findForexPair(symbol);
}
