import type Koa from 'koa';
import type { Logger } from '../logger/logger';

/** How a client that went away mid-answer shows on the response being written: nothing the server can mend. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

interface AppError extends Error {
  code?: string;
  status?: number;
  expose?: boolean;
}

/**
 * Errors Koa reports past the error middleware, mostly a response stream failing after its headers
 * went out. A client that left, or a client's error Koa marks as such, is no fault of ours; anything
 * else goes to the log. Without a listener Koa prints each one's stack to stderr.
 */
export function logAppErrors(app: Koa, logger: Logger) {
  // Koa reports a failing body stream twice: from the stream's own error event, and from the pipe to the client.
  const reported = new WeakSet<Error>();
  app.on('error', (error: AppError, ctx?: Koa.Context) => {
    const clientGone = CLIENT_GONE.has(error.code ?? '') || error.message === 'aborted';
    if (clientGone || error.expose || (error.status ?? 500) < 500 || reported.has(error)) return;
    reported.add(error);
    // The path only: a query string may carry documents.
    logger.error({ err: error, method: ctx?.method, path: ctx?.path }, 'answer failed');
  });
}
