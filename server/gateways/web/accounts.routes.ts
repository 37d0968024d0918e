import { z } from 'zod';
import { route } from './route';
import type { AccountsService } from '../../money/accounts/accounts.service';
import { portfolioSchema } from '../../money/accounts/portfolio';
import type { DollarPriceBook } from '../../trading/market-data/dollar-prices';

export function accountsRoutes(accounts: AccountsService, dollarPrices: DollarPriceBook) {
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
    route({
      method: 'get',
      path: '/account/assets',
      summary:
        "Every asset's total, available and in orders, its dollar value, average cost and PnL, and the portfolio's value and Today's PnL (since 00:00 UTC, net of transfers); exact decimal strings",
      tags: ['accounts'],
      access: 'trader',
      response: portfolioSchema,
      handler: ({ user }) => accounts.portfolio(user.id, (dayStart) => dollarPrices.prices(dayStart)),
    }),
  ];
}
