import {
  bookMarkets,
  forexPairs,
  findBookMarket,
  findForexPair,
  type BookMarket,
  type ForexPair,
} from '../markets/catalog';

/** Everything the venue prices: the order-book markets and the simulated forex pairs. */
export type Instrument = BookMarket | ForexPair;

export const instruments = (): readonly Instrument[] => [...bookMarkets(), ...forexPairs()];

export function findInstrument(symbol: string): Instrument | undefined {
  return findBookMarket(symbol) ?? findForexPair(symbol);
}

/** The asset a position in the instrument is held as: the base coin, or the forex pair itself. */
export const heldAsset = (instrument: Instrument) =>
  instrument.kind === 'crypto' ? instrument.base : instrument.asset;
