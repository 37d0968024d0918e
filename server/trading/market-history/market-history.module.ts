import type { ExchangeModule, ServerContext } from '../../platform/modules/context';
import type { MarketCatalog } from '../../markets/catalog';
import { writeMarketHistory } from './market-history';

/**
 * With MARKET_FLOW=on, markets that never traded get a seeded past at start (market-history.ts).
 * It starts before the trading core, whose books number their trades after what they find.
 */
export function marketHistoryModule(ctx: ServerContext, catalog: MarketCatalog): ExchangeModule {
  return {
    name: 'market-history',
    async start() {
      if (ctx.config.MARKET_FLOW !== 'on') return;
      const began = Date.now();
      const written = await writeMarketHistory(ctx.dataSource, catalog, ctx.config);
      if (written.length > 0) ctx.logger.info({ markets: written, ms: Date.now() - began }, 'market history written');
    },
  };
}
