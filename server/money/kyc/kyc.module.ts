import type { ExchangeModule, ServerContext } from '../../platform/context';
import { kycRoutes } from '../../gateways/web/kyc.routes';
import { KycService } from './kyc.service';

export function kycModule(ctx: ServerContext): ExchangeModule {
  return { routes: kycRoutes(new KycService(ctx)) };
}
