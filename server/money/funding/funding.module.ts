import type { ExchangeModule, ServerContext } from '../../platform/context';
import { depositAndWithdrawalRoutes } from '../../gateways/web/funding.routes';
import { FundingService } from './funding.service';

export function fundingModule(ctx: ServerContext): ExchangeModule {
  return { routes: depositAndWithdrawalRoutes(new FundingService(ctx), ctx.twoFactor) };
}
