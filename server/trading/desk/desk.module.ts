import type { ExchangeModule, ServerContext } from '../../platform/context';
import type { InstrumentQuotes } from '../market-data/instrument-quotes';
import { deskRoutes } from '../../gateways/web/desk.routes';
import { DeskService } from './desk.service';

export function deskModule(ctx: ServerContext, quotes: InstrumentQuotes): ExchangeModule {
  return { routes: deskRoutes(new DeskService(ctx.dataSource, ctx.notifier, quotes)) };
}
