import type { Server } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { Logger } from '../logger/logger';

/** Seconds a request refused while this process drains is told to wait: another process serves it by then. */
const RETRY_AFTER_SECONDS = 1;

/**
 * The HTTP side of a graceful shutdown: the port stops accepting at once, a request arriving
 * meanwhile on a kept-alive connection is refused (503, Retry-After, `Connection: close`, so the
 * client's next request opens a connection to another process), and the requests in flight finish
 * with their real answers.
 */
export class Draining {
  private draining = false;
  private inFlight = 0;
  private idle: (() => void) | null = null;

  /** `refuse` words the 503 for the request's surface (the web API's {detail}, Binance's {code, msg}). */
  constructor(private readonly refuse: (ctx: Context) => void) {}

  /** Counts the requests in flight, and refuses those that come while draining. */
  readonly middleware: Middleware = async (ctx, next) => {
    if (this.draining) {
      this.refuse(ctx);
      ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      ctx.set('Connection', 'close');
      return;
    }
    // In flight until its answer is written (koa writes it after the middleware returns), or the client is gone.
    this.inFlight++;
    ctx.res.once('close', () => {
      if (--this.inFlight === 0) this.idle?.();
    });
    await next();
  };

  /** Closes the port, and resolves once no request is in flight. */
  async drain(server: Server): Promise<void> {
    this.draining = true;
    server.close();
    server.closeIdleConnections();
    if (this.inFlight > 0) await new Promise<void>((resolve) => (this.idle = resolve));
  }
}

/**
 * Runs `close` and answers the exit code: 0 once it has finished, 1 if it failed or took longer
 * than `timeoutMs` (then whatever it still waits for is abandoned).
 */
export async function closeWithin(close: () => Promise<void>, timeoutMs: number, logger: Logger): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown did not finish within SHUTDOWN_TIMEOUT');
      resolve(1);
    }, timeoutMs);
  });
  const closed = close().then(
    () => 0,
    (error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      return 1;
    },
  );
  const code = await Promise.race([closed, late]);
  clearTimeout(timer);
  return code;
}
