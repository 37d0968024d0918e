import type { RefusalAnswer } from '../http/error-middleware';
import type { ExchangeModule, ServerContext } from '../modules/context';
import { IdempotentRequests } from './idempotent-requests';
import { deleteExpiredAnswers } from './recorded-answers';

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Idempotency keys: the runner the router hands keyed requests to, and the cleanup of expired
 * answers at start and every hour (in every process: deleting what another already deleted is harmless).
 */
export function idempotencyModule(
  ctx: Pick<ServerContext, 'dataSource' | 'logger'>,
  refusalAnswer: RefusalAnswer,
): ExchangeModule & {
  requests: IdempotentRequests;
} {
  let timer: NodeJS.Timeout | null = null;
  const cleanup = async () => {
    try {
      const deleted = await deleteExpiredAnswers(ctx.dataSource.manager);
      if (deleted > 0) ctx.logger.info({ deleted }, 'expired idempotency keys deleted');
    } catch (error) {
      ctx.logger.warn({ err: error }, 'deleting expired idempotency keys failed');
    }
  };
  return {
    requests: new IdempotentRequests(ctx.dataSource, refusalAnswer),
    name: 'idempotency',
    async start() {
      await cleanup();
      timer = setInterval(() => void cleanup(), CLEANUP_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
    },
  };
}
