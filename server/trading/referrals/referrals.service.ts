import type { DataSource } from 'typeorm';
import { toSql } from '../../kernel/money';
import type { ListPage, Page } from '../../money/back-office/list-query';
import type { ReferralCommission } from './referral-commission.entity';
import type { ReferralCommissionView, ReferralSummaryView } from './referral-schemas';

/** "an***@example.com": enough for a referrer to recognise a friend, not to learn an address. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** An account's place in the programme: its code, who referred it, how many it referred, what it earned. */
export interface ReferralStanding {
  code: string;
  referred_by: { id: string; email: string } | null;
  referred_count: number;
  earned: string;
}

export async function referralStanding(dataSource: DataSource, userId: string): Promise<ReferralStanding> {
  const [row] = (await dataSource.query(
    `SELECT u.referral_code AS code, r.id AS referrer_id, r.email AS referrer_email,
            (SELECT count(*) FROM users x WHERE x.referred_by = u.id)::int AS referred_count,
            (SELECT COALESCE(sum(commission), 0)::text FROM referral_commissions c WHERE c.referrer_id = u.id) AS earned
       FROM users u LEFT JOIN users r ON r.id = u.referred_by WHERE u.id = $1`,
    [userId],
  )) as [
    { code: string; referrer_id: string | null; referrer_email: string | null; referred_count: number; earned: string },
  ];
  return {
    code: row.code,
    referred_by: row.referrer_id ? { id: row.referrer_id, email: row.referrer_email! } : null,
    referred_count: row.referred_count,
    earned: toSql(row.earned),
  };
}

/** A trader's referral programme: its code and link, how many it referred, and the commissions paid. */
export class ReferralsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commissionRate: string,
  ) {}

  /** `origin`: where the venue is reached (PUBLIC_URL, else the request's own). */
  async summary(userId: string, origin: string): Promise<ReferralSummaryView> {
    const { code, referred_count, earned } = await referralStanding(this.dataSource, userId);
    return {
      code,
      link: `${origin}/register?ref=${encodeURIComponent(code)}`,
      referred_count,
      earned,
      commission_rate: toSql(this.commissionRate),
    };
  }

  /** The commissions paid to the trader, newest first. */
  async commissions(userId: string, { limit, offset }: Page): Promise<ListPage<ReferralCommissionView>> {
    const [rows, [count]] = (await Promise.all([
      this.dataSource.query(
        `SELECT c.trade_id, c.side, u.email, c.symbol, c.fee, c.rate, c.commission, c.traded_at, c.paid_at
           FROM referral_commissions c JOIN users u ON u.id = c.referee_id
          WHERE c.referrer_id = $1 ORDER BY c.traded_at DESC, c.trade_id, c.side LIMIT $2 OFFSET $3`,
        [userId, limit, offset],
      ),
      this.dataSource.query('SELECT count(*)::int AS total FROM referral_commissions WHERE referrer_id = $1', [userId]),
    ])) as [CommissionRow[], Array<{ total: number }>];
    return {
      items: rows.map((row) => ({
        trade_id: row.trade_id,
        side: row.side,
        referee: maskedEmail(row.email),
        symbol: row.symbol,
        fee: toSql(row.fee),
        rate: toSql(row.rate),
        commission: toSql(row.commission),
        traded_at: row.traded_at.toISOString(),
        paid_at: row.paid_at.toISOString(),
      })),
      total: count!.total,
    };
  }
}

type CommissionRow = Pick<
  ReferralCommission,
  'trade_id' | 'side' | 'symbol' | 'fee' | 'rate' | 'commission' | 'traded_at' | 'paid_at'
> & {
  email: string;
};
