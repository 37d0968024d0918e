import type { ExchangeModule, ServerContext } from '../context';
import { accountsRoutes } from './accounts.routes';
import { AccountsService } from './accounts.service';

export function accountsModule(ctx: ServerContext): ExchangeModule {
  return { routes: accountsRoutes(new AccountsService(ctx.dataSource)) };
}
