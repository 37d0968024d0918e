import type { ExchangeModule, ServerContext } from '../../platform/context';
import { accountsRoutes } from '../../gateways/web/accounts.routes';
import { AccountsService } from './accounts.service';

export function accountsModule(ctx: ServerContext): ExchangeModule {
  return { routes: accountsRoutes(new AccountsService(ctx.dataSource)) };
}
