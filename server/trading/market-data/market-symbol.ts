import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import { standalone } from '../../platform/http/validation';
import { findInstrument, type Instrument } from '../../markets/reference-prices/instruments';

export const UNKNOWN_SYMBOL = standalone('Unknown symbol');

/** A symbol parameter, bare (BTCUSDT) or with a slash (BTC/USDT). */
export const symbolParam = z.string({ error: UNKNOWN_SYMBOL }).max(24, UNKNOWN_SYMBOL);

export function instrumentOf(symbol: string): Instrument {
  const instrument = findInstrument(symbol);
  if (!instrument) throw badRequest(UNKNOWN_SYMBOL);
  return instrument;
}
