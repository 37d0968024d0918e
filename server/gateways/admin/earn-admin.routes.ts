import { z } from 'zod';
import {
  adminEarnProductView,
  earnProductChangeByIdSchema,
  earnProductChangeSchema,
  newEarnProductSchema,
} from '../../money/earn/earn-schemas';
import type { EarnProducts } from '../../money/earn/earn-products';
import { route, type RouteSpec } from '../web/route';

/** The administrator's Earn products: every one with what it holds and has paid, create, change. */
export const earnAdminRoutes = (products: EarnProducts): RouteSpec[] => [
  route({
    method: 'get',
    path: '/admin/earn/products',
    summary: 'Every Earn product, closed ones too, with the principal placed in it and the interest credited',
    tags: ['admin', 'earn'],
    access: 'admin',
    response: z.array(adminEarnProductView),
    handler: () => products.forAdmin(),
  }),
  route({
    method: 'post',
    path: '/admin/earn/products',
    summary:
      'Offer an Earn product: flexible (redeemed any time) or locked for term_days; open unless a status is given',
    tags: ['admin', 'earn'],
    access: 'admin',
    body: newEarnProductSchema,
    response: adminEarnProductView,
    status: 201,
    handler: ({ body, user }) => products.create(user.id, body),
  }),
  route({
    method: 'patch',
    path: '/admin/earn/products/:id',
    summary: "Change a product's status, APY or minimum; positions already held keep their APY",
    tags: ['admin', 'earn'],
    access: 'admin',
    params: z.object({ id: z.uuid() }),
    body: earnProductChangeSchema,
    response: adminEarnProductView,
    handler: ({ params, body, user }) => products.change(user.id, params.id, body),
  }),
  route({
    method: 'patch',
    path: '/admin/earn/products',
    summary: 'The same change, the product named by `id` in the body',
    tags: ['admin', 'earn'],
    access: 'admin',
    body: earnProductChangeByIdSchema,
    response: adminEarnProductView,
    handler: ({ body: { id, ...change }, user }) => products.change(user.id, id, change),
  }),
];
