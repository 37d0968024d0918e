import type { ServerContext } from '../../platform/modules/context';
import { route } from '../web/route';
import { changeFundingLimits, fundingLimits, fundingLimitsChange, fundingLimitsView } from './funding-limits';

/** The funding caps administrators edit: per request, per user per day, and how many may wait (0: none). */
export function fundingLimitsRoutes(ctx: ServerContext) {
  return [
    route({
      method: 'get',
      path: '/admin/limits',
      summary: 'The deposit and withdrawal limits in force: per request, per user per day (UTC), pending at once',
      tags: ['admin', 'limits'],
      access: 'admin',
      response: fundingLimitsView,
      handler: async () => fundingLimits(ctx),
    }),
    route({
      method: 'put',
      path: '/admin/limits',
      summary: 'Changes any of the limits (0: no limit); each change is in the audit log and in force in every process',
      tags: ['admin', 'limits'],
      access: 'admin',
      body: fundingLimitsChange,
      response: fundingLimitsView,
      handler: ({ body, user }) => changeFundingLimits(ctx, user.id, body),
    }),
  ];
}
