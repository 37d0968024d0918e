import type { ExchangeModule, ServerContext } from '../context';
import { kycRoutes } from './kyc.routes';
import { KycService } from './kyc.service';

export function kycModule(ctx: ServerContext): ExchangeModule {
  return { routes: kycRoutes(new KycService(ctx)) };
}
