import type { ExchangeModule, ServerContext } from '../../platform/modules/context';
import type { MarketCatalog } from '../catalog';
import { ReferencePrices } from './reference-prices.service';

/** Each of `symbols`' last trade price, for those that have traded (trading owns the trades: app.ts hands its reader in). */
export type LastTradePrices = (symbols: readonly string[]) => Promise<Map<string, string>>;

/** Reference prices have no routes of their own: market data and the desk read them. */
export function referencePricesModule(
  ctx: ServerContext,
  catalog: MarketCatalog,
  lastTradePrices: LastTradePrices,
): ExchangeModule & { service: ReferencePrices } {
  const service = new ReferencePrices(catalog, ctx.config, ctx.logger);
  return {
    name: 'reference-prices',
    // Resumes from the last trades, which market history may seed.
    needs: ['market-history'],
    service,
    async start() {
      // A restart goes on from where the markets traded, not from their seed prices.
      if (service.live) service.resume(await lastTradePrices(catalog.bookMarkets().map((m) => m.symbol)));
      service.start();
    },
    async stop() {
      service.stop();
    },
  };
}
