import type { ExchangeModule, ServerContext } from '../../platform/modules/context';
import { periodicModule } from '../../platform/modules/periodic';
import { closePosition, creditCompletedPeriods, databaseNow, hasMatured, lockPosition } from './earn-accrual';
import { positionChanged } from './earn-events';

/** Positions one sweep takes up at most; the next sweep goes on with the rest. */
const SWEEP_BATCH = 200;

/**
 * Credits the positions whose next interval has ended and pays back the locked ones whose term is
 * over: each position in a transaction of its own, its row locked (a row another process holds is
 * skipped, that process is doing it). Every process may sweep at once: the row lock and the
 * accruals' primary key keep each interval credited once and each maturity paid once. Interest
 * credited and maturities are told once committed (earn.position-changed).
 */
export async function sweepDuePositions(ctx: Pick<ServerContext, 'dataSource' | 'logger' | 'events'>): Promise<number> {
  const due: Array<{ id: string }> = await ctx.dataSource.query(
    `SELECT id FROM earn_positions WHERE status = 'active' AND due_at <= clock_timestamp() ORDER BY due_at LIMIT $1`,
    [SWEEP_BATCH],
  );
  let settled = 0;
  for (const { id } of due) {
    try {
      const swept = await ctx.dataSource.transaction(async (manager) => {
        const locked = await lockPosition(manager, id, { skipLocked: true });
        if (!locked || locked.status !== 'active') return null;
        const now = await databaseNow(manager);
        const { position, posting } = await creditCompletedPeriods(manager, locked, now);
        if (!hasMatured(position, now)) return { changed: posting ? positionChanged(position, null) : null };
        const closed = await closePosition(manager, position, 'matured', now);
        return { changed: positionChanged(closed.position, closed) };
      });
      if (!swept) continue;
      settled++;
      if (swept.changed) ctx.events.publish(swept.changed);
    } catch (error) {
      ctx.logger.warn({ err: error, position: id }, 'earn accrual failed; the next sweep retries it');
    }
  }
  return settled;
}

/**
 * The accrual runner: sweeps a few times per EARN_ACCRUAL_INTERVAL (at most every minute, at least
 * every 200 ms), on again at once while a sweep found a full batch due.
 */
export function earnAccrualRunner(
  ctx: Pick<ServerContext, 'dataSource' | 'logger' | 'config' | 'events'>,
): ExchangeModule {
  const everyMs = Math.min(60_000, Math.max(200, Math.floor(ctx.config.EARN_ACCRUAL_INTERVAL / 4)));
  return periodicModule(
    'earn-accrual',
    everyMs,
    async () => (await sweepDuePositions(ctx)) >= SWEEP_BATCH,
    (error) => ctx.logger.warn({ err: error }, 'earn sweep failed'),
  );
}
