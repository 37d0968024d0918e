import { z } from 'zod';
import { standalone } from '../../kernel/validation';
import type { MarketCatalog } from '../../markets/catalog';
import { findInstrument, type Instrument } from '../../markets/reference-prices/instruments';
import { refuseTrading } from '../orders/refusals';

export const UNKNOWN_SYMBOL = standalone('Unknown symbol');

/** A symbol parameter, bare (BTCUSDT) or with a slash (BTC/USDT). */
export const symbolParam = z.string({ error: UNKNOWN_SYMBOL }).max(24, UNKNOWN_SYMBOL);

export function instrumentOf(catalog: MarketCatalog, symbol: string): Instrument {
  const instrument = findInstrument(catalog, symbol);
  if (!instrument) throw refuseTrading('unknown-symbol');
  return instrument;
}
