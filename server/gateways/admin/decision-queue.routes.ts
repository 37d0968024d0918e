import { z } from 'zod';
import { route } from '../web/route';
import type { DecisionQueue } from '../../money/back-office/decision-queue';
import type { DecisionQueueService } from '../../money/back-office/decision-queue.service';
import { decisionInput, type Decision } from '../../money/back-office/decision-inputs';
import { decisionListQuery, sendPage } from '../../money/back-office/list-query';

/** A queue's admin routes, from its registry entry: its list, and the approval and rejection of an item. */
export function decisionQueueRoutes(service: DecisionQueueService, queue: DecisionQueue) {
  const { routes } = queue;
  const tags = ['admin', routes.tag];
  const decide = (decision: Decision) =>
    route({
      method: 'post',
      path: `${routes.decision}/${decision}`,
      summary: `${decision === 'approve' ? 'Approve' : 'Reject'} a pending ${queue.label}`,
      tags,
      access: 'admin',
      idempotent: true,
      input: decisionInput(routes.idField),
      response: queue.adminItem,
      handler: ({ input, user: admin, keyed }) =>
        service.decide(queue, input.id, decision, admin.id, input.notes, keyed),
    });
  return [
    route({
      method: 'get',
      path: routes.list,
      summary: `${routes.listSummary}: pending ones first, the oldest first, then decided ones, the newest first; the total in X-Total-Count`,
      tags,
      access: 'admin',
      query: decisionListQuery,
      response: z.array(queue.adminItem),
      handler: async ({ query, ctx }) => sendPage(ctx, await service.list(queue, query)),
    }),
    decide('approve'),
    decide('reject'),
  ];
}
