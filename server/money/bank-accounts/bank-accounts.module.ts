import type { ExchangeModule, ServerContext } from '../../platform/context';
import { bankAccountsRoutes } from '../../gateways/web/bank-accounts.routes';
import { BankAccountsService } from './bank-accounts.service';

export function bankAccountsModule(ctx: ServerContext): ExchangeModule {
  return { routes: bankAccountsRoutes(new BankAccountsService(ctx)) };
}
