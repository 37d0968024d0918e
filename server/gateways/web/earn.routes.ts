import { z } from 'zod';
import { userRateLimit } from '../../platform/http/per-user-rate-limits';
import { earnPositionView, earnProductView, redeemSchema, subscribeSchema } from '../../money/earn/earn-schemas';
import type { EarnProducts } from '../../money/earn/earn-products';
import type { EarnService } from '../../money/earn/earn.service';
import { route } from './route';

/** Earn for traders: the products on offer, subscribing, one's positions, redeeming. */
export const earnRoutes = (products: EarnProducts, earn: EarnService) => [
  route({
    method: 'get',
    path: '/earn/products',
    summary: 'The Earn products on offer (open or paused; closed ones are not listed)',
    tags: ['earn'],
    access: 'public',
    response: z.array(earnProductView),
    handler: () => products.listed(),
  }),
  route({
    method: 'post',
    path: '/earn/subscribe',
    summary: "Place an amount in an open product, taken from the caller's available balance of its asset",
    tags: ['earn'],
    access: 'trader',
    before: [userRateLimit('money')],
    idempotent: true,
    body: subscribeSchema,
    response: earnPositionView,
    handler: ({ body, user, keyed }) => earn.subscribe(user.id, body, keyed),
  }),
  route({
    method: 'get',
    path: '/earn/positions',
    summary: "The caller's Earn positions, newest first, with the interest credited to each",
    tags: ['earn'],
    access: 'trader',
    response: z.array(earnPositionView),
    handler: ({ user }) => earn.positions(user.id),
  }),
  route({
    method: 'post',
    path: '/earn/redeem',
    summary:
      'Pay a position back with its interest: a flexible one at once; a locked one only at maturity (409 before), when it is also paid back by itself',
    tags: ['earn'],
    access: 'trader',
    before: [userRateLimit('money')],
    idempotent: true,
    body: redeemSchema,
    response: earnPositionView,
    handler: ({ body, user, keyed }) => earn.redeem(user.id, body.position_id, keyed),
  }),
];
