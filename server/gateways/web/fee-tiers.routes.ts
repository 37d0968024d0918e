import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { feeTiers, feeTierView, traderFeeTier, traderFeeTierView } from '../../trading/fee-tiers/fee-tiers';
import { route } from './route';

/** The fee schedule (public) and the caller's place in it. */
export function feeTiersRoutes(dataSource: DataSource) {
  return [
    route({
      method: 'get',
      path: '/fee-tiers',
      summary: 'The fee schedule: each tier by 30-day traded value (USD) with its maker and taker rates',
      tags: ['fees'],
      access: 'public',
      response: z.array(feeTierView),
      handler: () => feeTiers(dataSource.manager),
    }),
    route({
      method: 'get',
      path: '/account/fee-tier',
      summary:
        "The caller's fee tier, its 30-day traded value and the rates it pays (a market's own rates are the floor)",
      tags: ['fees'],
      access: 'trader',
      response: traderFeeTierView,
      handler: ({ user }) => traderFeeTier(dataSource.manager, user.id),
    }),
  ];
}
