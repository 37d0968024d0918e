import type { ExchangeModule, ServerContext } from '../../platform/context';
import { bookMarkets } from '../catalog';
import { lastTradePrices } from './last-trade-prices';
import { ReferencePrices } from './reference-prices.service';

/** Reference prices have no routes of their own: market data and the house desk read them. */
export function referencePricesModule(ctx: ServerContext): ExchangeModule & { service: ReferencePrices } {
  const service = new ReferencePrices(ctx.config, ctx.logger);
  return {
    name: 'reference-prices',
    // Resumes from the last trades, which market history may seed.
    needs: ['market-history'],
    service,
    async start() {
      // A restart goes on from where the markets traded, not from their seed prices.
      if (service.live)
        service.resume(
          await lastTradePrices(
            ctx.dataSource,
            bookMarkets().map((m) => m.symbol),
          ),
        );
      service.start();
    },
    async stop() {
      service.stop();
    },
  };
}
