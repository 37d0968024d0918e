import type { ExchangeModule, ServerContext } from '../../platform/modules/context';
import { periodicModule } from '../../platform/modules/periodic';
import { payCommissions } from './referral-commissions';

/** How often the commissions of new trades are paid: a referrer sees them within about this. */
const SWEEP_EVERY_MS = 1_000;

/**
 * Pays referral commissions off the order path, in every process: each sweep takes the markets no
 * other process holds (their cursor rows' locks). A sweep that read a full batch of some market
 * goes on at once. What it paid is told once committed (trading.referral-commissions-paid).
 */
export function referralCommissionRunner(
  ctx: Pick<ServerContext, 'dataSource' | 'logger' | 'config' | 'events'>,
): ExchangeModule {
  return periodicModule(
    'referral-commissions',
    SWEEP_EVERY_MS,
    async () => {
      const { more, posting, balances } = await payCommissions(ctx.dataSource, ctx.config.REFERRAL_COMMISSION_RATE);
      if (posting)
        ctx.events.publish({
          type: 'trading.referral-commissions-paid',
          referrerIds: balances.map((balance) => balance.user_id),
          moved: { posting, balances },
        });
      return more;
    },
    (error) => ctx.logger.warn({ err: error }, 'paying referral commissions failed; the next sweep retries'),
  );
}
