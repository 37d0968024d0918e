import type { DataSource } from 'typeorm';
import { User } from '../../identity/auth/user.entity';
import type { ListPage, Page } from '../../money/back-office/list-query';
import { fundingView } from '../../money/funding/funding-view';
import type { FundingRequest } from '../../money/funding/funding-request.entity';
import { notFound } from '../../platform/http/errors';
import { KycSubmission } from '../../money/kyc/kyc-submission.entity';
import { money } from '../../kernel/money';
import type { MarketCatalog } from '../../markets/catalog';
import type { HistoryReads } from '../../platform/db/history-reads';
import { orderView, userTradeView } from '../../trading/orders/order-views';
import { referralStanding } from '../../trading/referrals/referrals.service';
import { FILLS, listPage, ORDER_LISTS } from '../../trading/user-lists';
import type { OrderRow } from '../../trading/orders/order.entity';
import type { TradeRow } from '../../trading/orders/trade.entity';

/** Decimal text without the column's trailing zeros: "12.5", not "12.500000000000000000". */
const decimal = (value: string) => money(value).toFixed();

/**
 * One trader as administrators look into them: the account, what it holds, its KYC, and its
 * orders, trades, deposits and withdrawals and sessions, each list a page at a time. System
 * accounts (the market maker) are no one's: they are not found here.
 */
export class UserDetail {
  constructor(
    private readonly dataSource: DataSource,
    /** Trades and funding are history, read there; open orders, balances and sessions are not. */
    private readonly reads: HistoryReads,
    private readonly catalog: MarketCatalog,
  ) {}

  private async assertPerson(userId: string): Promise<User> {
    const user = await this.dataSource.getRepository(User).findOne({ where: { id: userId, is_system: false } });
    if (!user) throw notFound('User not found');
    return user;
  }

  /** The account, every asset it holds, and its KYC status with the latest submission. */
  async summary(userId: string) {
    const user = await this.assertPerson(userId);
    const balances: Array<{ asset: string; available: string; locked: string }> = await this.dataSource.query(
      'SELECT asset, available::text AS available, locked::text AS locked FROM accounts WHERE user_id = $1 ORDER BY asset',
      [userId],
    );
    const latest = await this.dataSource.getRepository(KycSubmission).findOne({
      where: { user_id: userId },
      order: { submitted_at: 'DESC' },
    });
    return {
      id: user.id,
      full_name: user.full_name,
      email: user.email,
      is_admin: user.is_admin,
      is_active: user.is_active,
      created_at: user.created_at,
      balances: balances.map((b) => ({
        asset: b.asset,
        available: decimal(b.available),
        locked: decimal(b.locked),
      })),
      kyc: {
        status: user.kyc_status,
        latest: latest && {
          id: latest.id,
          document_type: latest.document_type,
          status: latest.status,
          submitted_at: latest.submitted_at,
          admin_notes: latest.admin_notes,
        },
      },
      fee_tier: { tier: user.fee_tier, volume_30d: Number(user.volume_30d) },
      referral: await referralStanding(this.dataSource, userId),
    };
  }

  /** A page of the rows a query selects (its FROM and WHERE, the user as $1), and how many there are. */
  private async page<Row>(
    userId: string,
    page: Page,
    query: { from: string; order: string },
    db: DataSource = this.dataSource,
  ): Promise<ListPage<Row>> {
    await this.assertPerson(userId);
    const values = [userId];
    const paging = `LIMIT $${values.length + 1} OFFSET $${values.length + 2}`;
    const [items, [count]] = await Promise.all([
      db.query(`SELECT * ${query.from} ORDER BY ${query.order} ${paging}`, [
        ...values,
        page.limit,
        page.offset,
      ]) as Promise<Row[]>,
      db.query(`SELECT count(*)::int AS total ${query.from}`, values) as Promise<Array<{ total: number }>>,
    ]);
    return { items, total: count!.total };
  }

  async openOrders(userId: string, page: Page) {
    await this.assertPerson(userId);
    const rows = await listPage<OrderRow>(this.dataSource, userId, ORDER_LISTS.open, {}, page);
    return { ...rows, items: rows.items.map((row) => orderView(this.catalog, row)) };
  }

  async trades(userId: string, page: Page) {
    await this.assertPerson(userId);
    const rows = await this.reads.run((db) => listPage<TradeRow>(db, userId, FILLS, {}, page));
    return { ...rows, items: rows.items.map((row) => userTradeView(this.catalog, row, userId)) };
  }

  /** Deposits and withdrawals together, newest first. */
  async funding(userId: string, page: Page) {
    const query = { from: 'FROM funding_requests WHERE user_id = $1', order: 'created_at DESC, id DESC' };
    const rows = await this.reads.run((db) => this.page<FundingRequest>(userId, page, query, db));
    return { ...rows, items: rows.items.map((row) => ({ ...fundingView(row), kind: row.kind })) };
  }

  /** Live sessions, the most recently seen first. */
  async sessions(userId: string, page: Page) {
    const rows = await this.page<{
      id: string;
      created_at: Date;
      last_seen_at: Date;
      ip: string;
      user_agent: string;
    }>(userId, page, {
      from: 'FROM sessions WHERE user_id = $1 AND expires_at > now()',
      order: 'last_seen_at DESC, created_at DESC',
    });
    return {
      ...rows,
      items: rows.items.map(({ id, created_at, last_seen_at, ip, user_agent }) => ({
        id,
        created_at,
        last_seen_at,
        ip,
        user_agent,
      })),
    };
  }
}
