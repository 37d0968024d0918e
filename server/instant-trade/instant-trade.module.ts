import type { ExchangeModule, ServerContext } from '../context';
import type { InstrumentQuotes } from '../market-data/instrument-quotes';
import { instantTradeRoutes } from './instant-trade.routes';
import { InstantTradeService } from './instant-trade.service';

export function instantTradeModule(ctx: ServerContext, quotes: InstrumentQuotes): ExchangeModule {
  return { routes: instantTradeRoutes(new InstantTradeService(ctx.dataSource, ctx.notifier, quotes)) };
}
