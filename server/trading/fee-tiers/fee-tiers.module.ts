import type { DomainEvents } from '../../platform/bus/domain-events';
import type { ExchangeModule, ServerContext } from '../../platform/modules/context';
import { recomputeFeeTiers, seedFeeTiers } from './fee-tiers';

const RECOMPUTE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Fee tiers: seeds the list on first start, and places every trader in its tier at start and every
 * hour (in every process: the recomputation writes only what changed, so more runs are harmless).
 * A trader who registers is placed at once, by the process that registered it, off any request.
 */
export function feeTiersModule(
  ctx: Pick<ServerContext, 'dataSource' | 'logger' | 'config'>,
  events: Pick<DomainEvents, 'subscribe'>,
): ExchangeModule {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let started = false;
  const placing = new Set<Promise<unknown>>();
  const recompute = () => {
    running ??= recomputeFeeTiers(ctx.dataSource)
      .then((moved) => {
        if (moved > 0) ctx.logger.info({ moved }, 'fee tiers recomputed');
      })
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'recomputing fee tiers failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  events.subscribe('identity.user-registered', ({ userId }) => {
    if (!started) return;
    // A failure leaves the trader at the markets' rates until the hourly run places it.
    const placement = recomputeFeeTiers(ctx.dataSource, userId)
      .catch((error: unknown) => ctx.logger.warn({ err: error, userId }, 'placing a new trader in its fee tier failed'))
      .finally(() => placing.delete(placement));
    placing.add(placement);
  });
  return {
    name: 'fee-tiers',
    async start() {
      started = true;
      await seedFeeTiers(ctx.dataSource, { maker: ctx.config.MAKER_FEE_RATE, taker: ctx.config.TAKER_FEE_RATE });
      await recompute();
      timer = setInterval(() => void recompute(), RECOMPUTE_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      started = false;
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.all([running, ...placing]);
    },
  };
}
