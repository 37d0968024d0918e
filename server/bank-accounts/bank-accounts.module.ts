import type { ExchangeModule, ServerContext } from '../context';
import { bankAccountsRoutes } from './bank-accounts.routes';
import { BankAccountsService } from './bank-accounts.service';

export function bankAccountsModule(ctx: ServerContext): ExchangeModule {
  return { routes: bankAccountsRoutes(new BankAccountsService(ctx)) };
}
