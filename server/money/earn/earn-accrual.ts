import type { EntityManager } from 'typeorm';
import { post, type AccountBalance, type Posting } from '../../ledger/ledger';
import { money, Money, toSql, type Money as MoneyValue } from '../../kernel/money';
import { interestCredit, payout } from './earn-postings';
import type { EarnKind } from './earn-product.entity';
import type { EarnPositionStatus } from './earn-position.entity';

const YEAR_MS = 365 * 86_400_000;
/** Intervals credited by one statement; a position long unattended (a stopped venue) catches up in several. */
const PERIODS_PER_STATEMENT = 10_000;

/** A position as its row is read (numerics as text, timestamps as dates). */
export interface PositionRow {
  id: string;
  user_id: string;
  product_id: string;
  asset: string;
  kind: EarnKind;
  apy: string;
  amount: string;
  accrued: string;
  accrued_periods: number;
  accrual_interval_ms: string;
  status: EarnPositionStatus;
  started_at: Date;
  matures_at: Date | null;
  closed_at: Date | null;
}

/** One interval's interest: principal x APY x interval / 365 days, cut down to the ledger's 18 decimals. */
export function interestPerPeriod(
  amount: MoneyValue | string,
  apy: MoneyValue | string,
  intervalMs: number,
): MoneyValue {
  return money(amount).mul(apy).mul(intervalMs).div(YEAR_MS).toDecimalPlaces(18, Money.ROUND_DOWN);
}

/** The intervals a position has completed by `now` (a locked one's stop at its maturity). */
export function completedPeriods(position: PositionRow, now: Date): number {
  const end = position.matures_at && position.matures_at < now ? position.matures_at : now;
  return Math.max(
    0,
    Math.floor((end.getTime() - position.started_at.getTime()) / Number(position.accrual_interval_ms)),
  );
}

/** When the runner next has something to do for the position: its next interval's end, or its maturity if sooner. */
export function dueAt(position: PositionRow): Date {
  const next = new Date(
    position.started_at.getTime() + (position.accrued_periods + 1) * Number(position.accrual_interval_ms),
  );
  return position.matures_at && position.matures_at < next ? position.matures_at : next;
}

/** The database's clock: every process reads the same one. */
export async function databaseNow(manager: EntityManager): Promise<Date> {
  const [row] = (await manager.query('SELECT clock_timestamp() AS now')) as Array<{ now: Date }>;
  return row!.now;
}

/**
 * Locks an active position's row (a redemption and every runner wait for each other on it, or skip
 * it), answering null when it is not active or `skipLocked` found it taken.
 */
export async function lockPosition(
  manager: EntityManager,
  id: string,
  options: { userId?: string; skipLocked?: boolean } = {},
): Promise<PositionRow | null> {
  const rows: PositionRow[] = await manager.query(
    `SELECT * FROM earn_positions WHERE id = $1 ${options.userId ? 'AND user_id = $2' : ''}
      FOR UPDATE ${options.skipLocked ? 'SKIP LOCKED' : ''}`,
    options.userId ? [id, options.userId] : [id],
  );
  return rows[0] ?? null;
}

/**
 * Credits the intervals the position (locked by the caller) has completed and not yet been
 * credited: one earn_accruals row each, whose primary key lets a period in only once (ON CONFLICT
 * DO NOTHING), and one posting for the interest the rows let in, in the caller's transaction.
 * Answers the position as it leaves it, and the posting (null when nothing was credited).
 */
export async function creditCompletedPeriods(
  manager: EntityManager,
  position: PositionRow,
  now: Date,
): Promise<{ position: PositionRow; posting: Posting | null }> {
  const completed = completedPeriods(position, now);
  const interest = interestPerPeriod(position.amount, position.apy, Number(position.accrual_interval_ms));
  let periods = position.accrued_periods;
  let credited = 0;
  while (periods < completed) {
    const last = Math.min(completed, periods + PERIODS_PER_STATEMENT);
    const inserted: unknown[] = await manager.query(
      `INSERT INTO earn_accruals (position_id, period, interest)
       SELECT $1, period, $2 FROM generate_series($3::int, $4::int) AS period
       ON CONFLICT DO NOTHING RETURNING period`,
      [position.id, toSql(interest), periods + 1, last],
    );
    credited += inserted.length;
    periods = last;
  }
  if (periods === position.accrued_periods) return { position, posting: null };
  const total = interest.mul(credited);
  const posting = total.gt(0) ? interestCredit(position, total) : null;
  if (posting) await post(manager, posting);
  const updated = { ...position, accrued: toSql(money(position.accrued).plus(total)), accrued_periods: periods };
  await manager.query('UPDATE earn_positions SET accrued = $2, accrued_periods = $3, due_at = $4 WHERE id = $1', [
    position.id,
    updated.accrued,
    periods,
    dueAt(updated),
  ]);
  return { position: updated, posting };
}

/** Pays a position's principal and interest back to its trader and closes it, in the caller's transaction. */
export async function closePosition(
  manager: EntityManager,
  position: PositionRow,
  status: 'redeemed' | 'matured',
  now: Date,
): Promise<{ position: PositionRow; posting: Posting; balances: AccountBalance[] }> {
  const posting = payout(
    position,
    status === 'redeemed' ? 'earn_redeem' : 'earn_maturity',
    money(position.amount).plus(position.accrued),
  );
  const balances = await post(manager, posting);
  await manager.query('UPDATE earn_positions SET status = $2, closed_at = $3 WHERE id = $1', [
    position.id,
    status,
    now,
  ]);
  return { position: { ...position, status, closed_at: now }, posting, balances };
}

/** Whether a locked position's term is over (a flexible one never matures). */
export const hasMatured = (position: PositionRow, now: Date) =>
  position.matures_at !== null && position.matures_at <= now;
