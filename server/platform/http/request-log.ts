import type { Middleware } from 'koa';
import type { Logger } from '../logger/logger';

/**
 * One structured line per request: method, path (never the query, which may carry documents), the
 * status the client got, the client's address, time. Outermost, so it sees the error middleware's status.
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ip: ctx.ip, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  };
}
