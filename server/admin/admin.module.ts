import type { ExchangeModule, ServerContext } from '../context';
import { FundingService } from '../funding/funding.service';
import { KycService } from '../kyc/kyc.service';
import { adminRoutes } from './admin.routes';
import { AdminService } from './admin.service';

/** The admin page's users, counters, audit log and ledger check (each queue's decisions live with its domain). */
export function adminModule(ctx: ServerContext): ExchangeModule {
  const admin = new AdminService(ctx, new FundingService(ctx), new KycService(ctx));
  return { routes: adminRoutes(admin, ctx) };
}
