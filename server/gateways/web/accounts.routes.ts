import { z } from 'zod';
import { route } from './route';
import type { AccountsService } from '../../money/accounts/accounts.service';

export function accountsRoutes(accounts: AccountsService) {
  return [
    route({
      method: 'get',
      path: '/user/balance',
      summary: "The caller's available dollars",
      tags: ['accounts'],
      access: 'trader',
      response: z.object({ balance: z.number() }),
      handler: ({ user }) => accounts.balance(user.id),
    }),
    route({
      method: 'get',
      path: '/user/assets',
      summary: 'Every asset with what is available, locked (held for orders and withdrawals) and the total',
      tags: ['accounts'],
      access: 'trader',
      response: z.array(z.object({ asset: z.string(), available: z.number(), locked: z.number(), total: z.number() })),
      handler: ({ user }) => accounts.assets(user.id),
    }),
  ];
}
