import type { ExchangeModule, ServerContext } from '../../platform/context';
import type { InstrumentQuotes } from '../market-data/instrument-quotes';
import { instantTradeRoutes } from '../../gateways/web/desk.routes';
import { InstantTradeService } from './desk.service';

export function instantTradeModule(ctx: ServerContext, quotes: InstrumentQuotes): ExchangeModule {
  return { routes: instantTradeRoutes(new InstantTradeService(ctx.dataSource, ctx.events, quotes)) };
}
