import type { DataSource } from 'typeorm';
import type { ApiClient, ApiResponse } from './http-client';

/** The headers of a request sent with `key` as its Idempotency-Key. */
export const withKey = (key: string) => ({ 'Idempotency-Key': key });

/** Sends `method path` (query string included) with `key`, and `body` as JSON when given. */
export const sendKeyed = (client: ApiClient, key: string, method: string, path: string, body?: unknown) =>
  client.request(method, path, { body, headers: withKey(key) });

/** Status and body: what a repeat must get again. */
export const answerOf = (response: ApiResponse) => ({ status: response.status, body: response.body });

export interface Footprint {
  /** The user's rows: funding requests, KYC submissions and status, orders, instant trades, ledger entries, decisions on their items. */
  rows: unknown;
  /** The user's accounts, both buckets. */
  balances: unknown;
}

/** Everything money requests change for one user, to compare before and after. */
export async function footprint(dataSource: DataSource, userId: string): Promise<Footprint> {
  const [row] = await dataSource.query(
    `SELECT
       (SELECT json_agg(json_build_object('kind', kind, 'amount', amount::text, 'status', status) ORDER BY created_at, id)
          FROM funding_requests WHERE user_id = $1) AS funding,
       (SELECT json_agg(status ORDER BY submitted_at, id) FROM kyc_submissions WHERE user_id = $1) AS kyc_submissions,
       (SELECT kyc_status FROM users WHERE id = $1) AS kyc_status,
       (SELECT json_agg(json_build_object('side', side, 'price', price::text, 'amount', amount::text, 'filled', filled::text,
                                          'status', status) ORDER BY created_at, seq)
          FROM orders WHERE user_id = $1) AS orders,
       (SELECT count(*)::int FROM instant_trades WHERE user_id = $1) AS instant_trades,
       (SELECT count(*)::int FROM ledger_entries e JOIN accounts a ON a.id = e.account_id WHERE a.user_id = $1) AS ledger_entries,
       (SELECT count(*)::int FROM audit_log WHERE target_id IN (SELECT id FROM funding_requests WHERE user_id = $1
                                                                UNION ALL SELECT id FROM kyc_submissions WHERE user_id = $1)) AS decisions,
       (SELECT json_agg(json_build_object('asset', asset, 'available', available::text, 'locked', locked::text) ORDER BY asset)
          FROM accounts WHERE user_id = $1) AS balances`,
    [userId],
  );
  const { balances, ...rows } = row;
  return { rows, balances };
}

/** How many answers are recorded under `key` (for any user). */
export async function recordedKeys(dataSource: DataSource, key: string): Promise<number> {
  const [row] = await dataSource.query('SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1', [key]);
  return row.n;
}
