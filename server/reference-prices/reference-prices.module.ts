import type { ExchangeModule, ServerContext } from '../context';
import { ReferencePrices } from './reference-prices.service';

/** Reference prices have no routes of their own: market data and the house desk read them. */
export function referencePricesModule(ctx: ServerContext): ExchangeModule & { service: ReferencePrices } {
  const service = new ReferencePrices(ctx.config, ctx.logger);
  return {
    routes: [],
    service,
    async start() {
      service.start();
    },
    async stop() {
      service.stop();
    },
  };
}
