import type { ExchangeModule, ServerContext } from '../../platform/modules/context';
import { money } from '../../kernel/money';
import type { MarketCatalog } from '../../markets/catalog';
import type { ReferencePrices } from '../../markets/reference-prices/reference-prices.service';
import type { TradingService } from '../trading.service';
import { DollarPriceBook } from './dollar-prices';
import { InstrumentQuotes } from './instrument-quotes';
import { MarketDataService } from './market-data.service';

/** Public market data over HTTP, the simple screen's quotes (told on each reference price tick), assets' dollar prices. */
export function marketDataModule(
  ctx: ServerContext,
  catalog: MarketCatalog,
  referencePrices: ReferencePrices,
  trading: TradingService,
): ExchangeModule & { quotes: InstrumentQuotes; service: MarketDataService; dollarPrices: DollarPriceBook } {
  const quotes = new InstrumentQuotes(catalog, referencePrices, trading, money(ctx.config.DESK_SPREAD));
  const marketData = new MarketDataService(ctx.dataSource, ctx.reads, trading, quotes, catalog);
  let running = false;
  referencePrices.onTick(() => {
    if (!running) return;
    quotes
      .board()
      .then((board) => ctx.events.publish({ type: 'trading.quotes-changed', board }))
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'quotes push failed'));
  });
  return {
    name: 'market-data',
    needs: ['trading'],
    quotes,
    service: marketData,
    dollarPrices: new DollarPriceBook(ctx.dataSource, catalog, quotes),
    async start() {
      running = true;
    },
    async stop() {
      running = false;
    },
  };
}
