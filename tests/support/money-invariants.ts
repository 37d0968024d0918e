import type { DataSource } from 'typeorm';
import { checkLedger } from '../../server/ledger/ledger-check';
import { answered2xx, type MoneyRequest } from './money-stream';

/**
 * What must hold after any fault: the ledger explains every balance and every domain's holdings and
 * payments, no user balance is negative,
 * and what each user has locked is exactly what their open orders and pending withdrawals hold.
 * Answers the broken promises, [] when every one holds.
 */
export async function brokenMoneyPromises(dataSource: DataSource): Promise<unknown[]> {
  const ledger = await checkLedger(dataSource.manager);
  const negative: unknown[] = await dataSource.query(
    'SELECT user_id, asset, available, locked FROM accounts WHERE user_id IS NOT NULL AND (available < 0 OR locked < 0)',
  );
  const lockedNotHeld: unknown[] = await dataSource.query(
    `WITH holds AS (
       SELECT user_id, CASE WHEN side = 'buy' THEN 'USD' ELSE regexp_replace(symbol, 'USDT$', '') END AS asset, reserved AS amount
         FROM orders WHERE status IN ('new', 'partially_filled', 'waiting')
       UNION ALL
       SELECT user_id, 'USD', amount FROM funding_requests WHERE kind = 'withdrawal' AND status = 'pending'),
     held AS (SELECT user_id, asset, SUM(amount) AS amount FROM holds GROUP BY user_id, asset)
     SELECT COALESCE(a.user_id, h.user_id) AS user_id, COALESCE(a.asset, h.asset) AS asset,
            a.locked, h.amount AS held
       FROM (SELECT * FROM accounts WHERE user_id IS NOT NULL) a
       FULL JOIN held h ON h.user_id = a.user_id AND h.asset = a.asset
      WHERE COALESCE(a.locked, 0) <> COALESCE(h.amount, 0)`,
  );
  return [
    ...ledger.mismatches.map((mismatch) => ({ ledger: mismatch })),
    ...ledger.held.map((mismatch) => ({ held: mismatch })),
    ...ledger.paid.map((mismatch) => ({ paid: mismatch })),
    ...negative.map((row) => ({ negative: row })),
    ...lockedNotHeld.map((row) => ({ lockedNotHeld: row })),
  ];
}

const ROWS: Record<Exclude<MoneyRequest['kind'], 'cancel'>, string> = {
  deposit: "SELECT id, user_id FROM funding_requests WHERE kind = 'deposit' AND user_id = ANY($1::uuid[])",
  withdrawal: "SELECT id, user_id FROM funding_requests WHERE kind = 'withdrawal' AND user_id = ANY($1::uuid[])",
  order: 'SELECT id, user_id FROM orders WHERE user_id = ANY($1::uuid[])',
  instant: 'SELECT id, user_id FROM instant_trades WHERE user_id = ANY($1::uuid[])',
};

/**
 * Exactly once: every request answered 2xx left its one row, and no row exists that no 2xx answer
 * names (a request answered otherwise left nothing). `requests` must all have a definitive answer.
 * Answers what breaks the rule, [] when nothing does.
 */
export async function brokenExactlyOnce(dataSource: DataSource, requests: MoneyRequest[]): Promise<unknown[]> {
  const users = [...new Set(requests.map((r) => r.userId))];
  const broken: unknown[] = [];
  for (const [kind, sql] of Object.entries(ROWS)) {
    const rows: Array<{ id: string }> = await dataSource.query(sql, [users]);
    const stored = new Set(rows.map((row) => row.id));
    const answered = new Set(
      requests.filter((r) => r.kind === kind && answered2xx(r)).map((r) => r.answer.id as string),
    );
    for (const id of answered) if (!stored.has(id)) broken.push({ kind, answeredButMissing: id });
    for (const id of stored) if (!answered.has(id)) broken.push({ kind, storedButNotAnswered: id });
  }
  const cancelled = requests.filter((r) => r.kind === 'cancel' && answered2xx(r)).map((r) => r.answer.id as string);
  const statuses: Array<{ id: string; status: string }> = await dataSource.query(
    'SELECT id, status FROM orders WHERE id = ANY($1::uuid[])',
    [cancelled],
  );
  for (const { id, status } of statuses)
    if (status !== 'canceled') broken.push({ cancelAnsweredButOrderIs: status, id });
  return broken;
}
