import type { ExchangeModule, ServerContext } from '../context';
import { depositAndWithdrawalRoutes } from './funding.routes';
import { FundingService } from './funding.service';

export function fundingModule(ctx: ServerContext): ExchangeModule {
  return { routes: depositAndWithdrawalRoutes(new FundingService(ctx), ctx.twoFactor) };
}
