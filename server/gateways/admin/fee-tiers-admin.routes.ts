import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import {
  feeTierListChange,
  feeTiers,
  feeTierView,
  replaceFeeTiers,
  tierListProblem,
} from '../../trading/fee-tiers/fee-tiers';
import { route } from '../web/route';

/** The fee tiers administrators set: the whole list at once, audited. */
export function feeTiersAdminRoutes(dataSource: DataSource) {
  return [
    route({
      method: 'get',
      path: '/admin/fee-tiers',
      summary: 'The fee tiers, by ascending 30-day volume',
      tags: ['admin', 'fees'],
      access: 'admin',
      response: z.array(feeTierView),
      handler: () => feeTiers(dataSource.manager),
    }),
    route({
      method: 'put',
      path: '/admin/fee-tiers',
      summary:
        'Replaces the fee tiers (names unique, one at volume 0, volumes ascending); every trader is placed again at once',
      tags: ['admin', 'fees'],
      access: 'admin',
      body: feeTierListChange,
      response: z.array(feeTierView),
      handler: ({ body, user }) => {
        const problem = tierListProblem(body);
        if (problem) throw badRequest(problem);
        return replaceFeeTiers(dataSource, user.id, body);
      },
    }),
  ];
}
