import type { DecisionQueue } from '../../money/back-office/decision-queue';
import { DecisionQueueRegistry } from '../../money/back-office/decision-queue-registry';
import { decisionQueueRoutes } from './decision-queue.routes';
import { DecisionQueueService } from '../../money/back-office/decision-queue.service';
import type { ServerContext } from '../../platform/modules/context';
import type { SessionService } from '../../identity/sessions/sessions.service';
import type { Notifier } from '../realtime/notifier';
import type { RouteSpec } from '../web/route';
import type { MarketCatalog } from '../../markets/catalog';
import type { TradingService } from '../../trading/trading.service';
import { adminRoutes } from './admin.routes';
import { AdminService } from './admin.service';
import { fundingLimitsRoutes } from './funding-limits.routes';
import { userDetailRoutes } from './user-detail.routes';

/**
 * The admin page's API: users and a trader's detail, counters, the funding limits, audit log, ledger
 * check and exports, and the list and decisions of
 * every decision queue given (in the order the page shows them). A suspension cancels the trader's
 * orders through `trading`.
 */
export function adminRoutesOf(
  ctx: ServerContext,
  sessions: SessionService,
  notifier: Notifier,
  queues: DecisionQueue[],
  trading: TradingService,
  catalog: MarketCatalog,
): RouteSpec[] {
  const decisionQueues = new DecisionQueueRegistry(queues);
  const queueService = new DecisionQueueService(ctx);
  const admin = new AdminService({ ...ctx, sessions, notifier }, decisionQueues, queueService, trading);
  return [
    ...adminRoutes(admin, decisionQueues, ctx),
    ...fundingLimitsRoutes(ctx),
    ...userDetailRoutes(ctx.dataSource, ctx.reads, catalog),
    ...decisionQueues.queues.flatMap((queue) => decisionQueueRoutes(queueService, queue)),
  ];
}
