import type { ExchangeModule, ServerContext } from '../../platform/modules/context';
import { recomputeFeeTiers, seedFeeTiers } from './fee-tiers';

const RECOMPUTE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Fee tiers: seeds the list on first start, and places every trader in its tier at start and every
 * hour (in every process: the recomputation writes only what changed, so more runs are harmless).
 */
export function feeTiersModule(ctx: Pick<ServerContext, 'dataSource' | 'logger' | 'config'>): ExchangeModule {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
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
  return {
    name: 'fee-tiers',
    async start() {
      await seedFeeTiers(ctx.dataSource, { maker: ctx.config.MAKER_FEE_RATE, taker: ctx.config.TAKER_FEE_RATE });
      await recompute();
      timer = setInterval(() => void recompute(), RECOMPUTE_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
