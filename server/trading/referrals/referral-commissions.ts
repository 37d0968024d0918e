import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { post, type AccountBalance, type Posting } from '../../ledger/ledger';
import { money, ZERO } from '../../kernel/money';
import { USD } from '../../markets/catalog';

/** Trades of one market one sweep reads at most; a longer backlog is read by the next sweeps at once. */
const TRADES_PER_MARKET = 5_000;

/** One referrer's commissions of one sweep. */
interface Owed {
  referrer_id: string;
  commission: string;
}

/**
 * Reads each market's trades past its cursor, and for every side paid by a referred trader writes
 * the referrer's commission (fee x rate, cut to 18 decimals) and moves that much from the venue's
 * fee revenue to the referrer, then moves the cursor: one statement and one posting, in one
 * transaction. A market another process is sweeping (its cursor row locked) is skipped. The
 * commissions' primary key (trade, side) pays each once even if a cursor were ever set back.
 */
export async function payCommissions(
  dataSource: DataSource,
  rate: string,
): Promise<{ more: boolean; posting: Posting | null; balances: AccountBalance[] }> {
  // Markets opened since the last sweep start from their first trade.
  await dataSource.query(
    'INSERT INTO referral_cursors (symbol, last_seq) SELECT symbol, 0 FROM markets ON CONFLICT DO NOTHING',
  );
  return dataSource.transaction(async (manager) => {
    const batch = randomUUID();
    const [result] = (await manager.query(
      `WITH cursors AS (
         SELECT symbol, last_seq FROM referral_cursors ORDER BY symbol FOR UPDATE SKIP LOCKED
       ), scanned AS (
         SELECT t.* FROM cursors c CROSS JOIN LATERAL (
           SELECT id, symbol, seq, maker_user_id, taker_user_id, maker_fee, taker_fee, created_at
             FROM trades WHERE symbol = c.symbol AND seq > c.last_seq ORDER BY seq LIMIT $3) t
       ), sides AS (
         SELECT id, symbol, 'maker' AS side, maker_user_id AS user_id, maker_fee AS fee, created_at FROM scanned
         UNION ALL
         SELECT id, symbol, 'taker', taker_user_id, taker_fee, created_at FROM scanned
       ), owed AS (
         SELECT s.*, u.referred_by, trunc(s.fee * $1::numeric, 18) AS commission
           FROM sides s JOIN users u ON u.id = s.user_id
          WHERE u.referred_by IS NOT NULL AND s.fee > 0
       ), paid AS (
         INSERT INTO referral_commissions (trade_id, side, referrer_id, referee_id, symbol, fee, rate, commission,
                                           batch_id, traded_at)
         SELECT id, side, referred_by, user_id, symbol, fee, $1::numeric, commission, $2, created_at
           FROM owed WHERE commission > 0
         ON CONFLICT DO NOTHING RETURNING referrer_id, commission
       ), moved AS (
         UPDATE referral_cursors r SET last_seq = m.seq
           FROM (SELECT symbol, max(seq) AS seq FROM scanned GROUP BY symbol) m WHERE r.symbol = m.symbol
       )
       SELECT (SELECT COALESCE(max(n), 0) FROM (SELECT count(*) AS n FROM scanned GROUP BY symbol) s) >= $3 AS more,
              COALESCE((SELECT json_agg(o) FROM (SELECT referrer_id, sum(commission)::text AS commission
                                                   FROM paid GROUP BY referrer_id ORDER BY referrer_id) o), '[]') AS owed`,
      [rate, batch, TRADES_PER_MARKET],
    )) as Array<{ more: boolean; owed: Owed[] }>;
    const { more, owed } = result!;
    if (owed.length === 0) return { more, posting: null, balances: [] };

    const posting = commissionPosting(batch, owed);
    return { more, posting, balances: await post(manager, posting) };
  });
}

/** The sweep's posting: the commissions out of the fee revenue, into each referrer's available dollars. */
function commissionPosting(batch: string, owed: Owed[]): Posting {
  return {
    reason: 'referral_commission',
    referenceType: 'referral_batch',
    referenceId: batch,
    legs: [
      {
        owner: { system: 'fees' },
        asset: USD,
        bucket: 'available',
        amount: owed.reduce((sum, o) => sum.plus(o.commission), ZERO).neg(),
      },
      ...owed.map((o) => ({
        owner: { userId: o.referrer_id },
        asset: USD,
        bucket: 'available' as const,
        amount: money(o.commission),
      })),
    ],
  };
}
