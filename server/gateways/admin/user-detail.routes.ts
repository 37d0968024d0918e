import type { DataSource } from 'typeorm';
import type { MarketCatalog } from '../../markets/catalog';
import type { HistoryReads } from '../../platform/db/history-reads';
import { z } from 'zod';
import { recordId } from '../../money/back-office/decision-inputs';
import { pageQuery, sendPage, type ListPage, type Page } from '../../money/back-office/list-query';
import { fundingItem } from '../../money/funding/funding-view';
import { route } from '../web/route';
import { orderViewSchema, userTradeViewSchema } from '../../trading/orders/order-schemas';
import { UserDetail } from './user-detail';

const userDetail = z.object({
  id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  balances: z.array(z.object({ asset: z.string(), available: z.string(), locked: z.string() })),
  kyc: z.object({
    status: z.string(),
    latest: z
      .object({
        id: z.uuid(),
        document_type: z.string(),
        status: z.string(),
        submitted_at: z.string(),
        admin_notes: z.string().nullable(),
      })
      .nullable(),
  }),
  fee_tier: z.object({ tier: z.string().nullable(), volume_30d: z.number() }),
  referral: z.object({
    code: z.string(),
    referred_by: z.object({ id: z.uuid(), email: z.string() }).nullable(),
    referred_count: z.number().int(),
    earned: z.string(),
  }),
});

const adminSession = z.object({
  id: z.uuid(),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
});

const params = z.object({ id: recordId });

/** A trader's page in the admin area: the summary, and one paged list per kind of activity. */
export function userDetailRoutes(dataSource: DataSource, reads: HistoryReads, catalog: MarketCatalog) {
  const detail = new UserDetail(dataSource, reads, catalog);
  const list = (
    path: string,
    summary: string,
    item: z.ZodType,
    read: (userId: string, page: Page) => Promise<ListPage<unknown>>,
  ) =>
    route({
      method: 'get',
      path: `/admin/users/:id/${path}`,
      summary: `${summary}, newest first; the total in X-Total-Count`,
      tags: ['admin', 'users'],
      access: 'admin',
      params,
      query: pageQuery,
      response: z.array(item),
      handler: async ({ params, query, ctx }) => sendPage(ctx, await read(params.id, query)),
    });
  return [
    route({
      method: 'get',
      path: '/admin/users/:id',
      summary:
        "A user's account, balances of every asset, KYC status with the latest submission, fee tier and referrals",
      tags: ['admin', 'users'],
      access: 'admin',
      params,
      response: userDetail,
      handler: ({ params }) => detail.summary(params.id),
    }),
    list('orders', "A trader's open orders", orderViewSchema, (id, page) => detail.openOrders(id, page)),
    list('trades', "A trader's trades", userTradeViewSchema, (id, page) => detail.trades(id, page)),
    list('funding', "A trader's deposits and withdrawals", fundingItem.extend({ kind: z.string() }), (id, page) =>
      detail.funding(id, page),
    ),
    list('sessions', "A trader's live sessions", adminSession, (id, page) => detail.sessions(id, page)),
  ];
}
