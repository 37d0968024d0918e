import type { Middleware } from 'koa';
import type { ServerContext } from '../modules/context';
import { RETRY_AFTER_SECONDS } from '../health/outages';
import { Refusal } from '../../kernel/refusal';
import { HttpError, statusDetail } from './errors';

/** How the web API words a domain's refusal (the table is the web gateway's). */
export type RefusalAnswer = (refusal: Refusal) => HttpError;

interface StatusError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  code?: unknown;
  message?: unknown;
}

/** Maps anything thrown to {status, detail}; unknown failures become a logged 500 without internals. */
function toHttpError(error: unknown, answer: RefusalAnswer): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof Refusal) return answer(error);
  const e = (error ?? {}) as StatusError;
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : null;
  if (status !== null && status >= 400 && status < 500) {
    return new HttpError(status, typeof e.message === 'string' && e.expose !== false ? e.message : 'Bad request');
  }
  // PostgreSQL refused a value (bad number, text, range): the input was wrong, not the server.
  if (typeof e.code === 'string' && e.code.startsWith('22')) return new HttpError(400, 'Invalid input');
  // Serialization failure or deadlock: nothing was applied, the client may simply retry.
  if (e.code === '40001' || e.code === '40P01') return new HttpError(409, 'Conflicting update, please retry');
  return null;
}

/**
 * Answers every failure under /api as {detail}: a known one with its status, the database or Redis
 * unreachable with 503 (the outage logged once, by `outages`), anything else with a logged 500.
 */
export function errorMiddleware(
  { logger, outages }: Pick<ServerContext, 'logger' | 'outages'>,
  answer: RefusalAnswer,
): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // A status set without a body (no route: 404; the router's method check: 405) gets its detail too.
      if (ctx.status >= 400 && ctx.body == null) throw new HttpError(ctx.status, statusDetail(ctx.status));
    } catch (error) {
      const known =
        toHttpError(error, answer) ??
        (outages.causedBy(error) ? new HttpError(503, 'Service temporarily unavailable, please retry') : null);
      if (known) {
        ctx.status = known.status;
        ctx.body = known.body;
        for (const [name, value] of Object.entries(known.headers)) ctx.set(name, value);
        // Every 503 says when to come back: an outage, or trading not yet serving a market.
        if (known.status === 503) ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
        return;
      }
      logger.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.body = { detail: 'Internal server error' };
    }
  };
}
