import type { Context, Middleware } from 'koa';
import type { ServerContext } from '../../../platform/modules/context';
import { RETRY_AFTER_SECONDS, type Outages } from '../../../platform/health/outages';
import { HttpError } from '../../../platform/http/errors';
import { Refusal } from '../../../kernel/refusal';
import { refusalAnswer } from '../../web/refusal-answers';
import { binanceWording } from './refusal-answers';
import { BinanceCode } from './binance-codes';

// Where the surface's code takes its codes from, beside the error that carries them.
export { BinanceCode };

/**
 * The Binance-compatible surface answers failures as Binance does, `{code, msg}`, so the programs
 * written for it (CCXT, Freqtrade) map them to the same exceptions. The rest of /api keeps {detail}.
 */
export class BinanceError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    msg: string,
    /** What Binance answers beside code and msg for some errors (a cancel-replace's two results). */
    readonly data?: unknown,
  ) {
    super(msg);
  }

  /** The error as Binance words it: {code, msg}, and its data when it has some. */
  answer(): { code: number; msg: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, msg: this.message }
      : { code: this.code, msg: this.message, data: this.data };
  }
}

export const UNKNOWN_MESSAGE = 'An unknown error occurred while processing the request.';
const DISCONNECTED_MESSAGE = 'Internal error; unable to process your request. Please try again.';
/** The database, Redis or this process (shutting down) unavailable: come back soon. */
export const binanceUnavailable = () => new BinanceError(503, BinanceCode.DISCONNECTED, DISCONNECTED_MESSAGE);

/** Status and code for an {detail} error a shared service threw (a 5xx is never passed on as such). */
function fromHttpError(error: HttpError): BinanceError {
  if (error.status === 429) return new BinanceError(429, BinanceCode.TOO_MANY_REQUESTS, error.message);
  if (error.status === 401 || error.status === 403)
    return new BinanceError(error.status, BinanceCode.REJECTED_MBX_KEY, error.message);
  if (error.status >= 500) return new BinanceError(error.status, BinanceCode.UNKNOWN, UNKNOWN_MESSAGE);
  return new BinanceError(error.status, BinanceCode.INVALID_PARAMETER, error.message);
}

/** A domain's refusal in Binance's words (refusal-answers.ts), or else as the web API answers it. */
function fromRefusal(refusal: Refusal): BinanceError {
  const worded = binanceWording(refusal);
  if (worded) return new BinanceError(worded.status, BinanceCode[worded.code], worded.msg);
  return fromHttpError(refusalAnswer(refusal));
}

/** Answers `error` as Binance does; a 503 says when to come back. */
export function answerBinanceError(ctx: Context, error: BinanceError): void {
  ctx.status = error.status;
  ctx.body = error.answer();
  if (error.status === 503) ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
}

/**
 * A failure as Binance answers it: the database or Redis unreachable is 503 with -1001 (the outage
 * logged once, by `outages`); null for an unexpected failure, which its caller logs and answers
 * with -1000, hiding its cause. Shared by the REST surface and the WebSocket API.
 */
export function knownBinanceError(error: unknown, outages: Outages): BinanceError | null {
  if (error instanceof BinanceError) return error;
  if (error instanceof Refusal) return fromRefusal(error);
  if (error instanceof HttpError) return fromHttpError(error);
  return outages.causedBy(error) ? binanceUnavailable() : null;
}

/** The surface's error middleware: every failure becomes {code, msg} (knownBinanceError). */
export function binanceErrors({ logger, outages }: Pick<ServerContext, 'logger' | 'outages'>): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const known = knownBinanceError(error, outages);
      if (!known) logger.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
      answerBinanceError(ctx, known ?? new BinanceError(500, BinanceCode.UNKNOWN, UNKNOWN_MESSAGE));
    }
  };
}
