import type { Context, Middleware } from 'koa';
import type { ServerContext } from '../../../platform/modules/context';
import { RETRY_AFTER_SECONDS, type Outages } from '../../../platform/health/outages';
import { HttpError } from '../../../platform/http/errors';
import { Refusal } from '../../../kernel/refusal';
import { refusalAnswer } from '../../web/refusal-answers';
import { binanceWording } from './refusal-answers';

/**
 * The Binance-compatible surface answers failures as Binance does, `{code, msg}`, so the programs
 * written for it (CCXT, Freqtrade) map them to the same exceptions. The rest of /api keeps {detail}.
 */
export class BinanceError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    msg: string,
  ) {
    super(msg);
  }
}

/** Binance's error codes this surface answers with (their names as Binance documents them). */
export const BinanceCode = {
  UNKNOWN: -1000,
  DISCONNECTED: -1001,
  UNAUTHORIZED: -1002,
  TOO_MANY_REQUESTS: -1003,
  UNEXPECTED_RESP: -1006,
  TIMEOUT: -1007,
  SERVER_BUSY: -1008,
  INVALID_MESSAGE: -1013,
  TOO_MANY_ORDERS: -1015,
  INVALID_TIMESTAMP: -1021,
  INVALID_SIGNATURE: -1022,
  ILLEGAL_CHARS: -1100,
  TOO_MANY_PARAMETERS: -1101,
  MANDATORY_PARAM_EMPTY_OR_MALFORMED: -1102,
  UNKNOWN_PARAM: -1103,
  UNREAD_PARAMETERS: -1104,
  PARAM_EMPTY: -1105,
  PARAM_NOT_REQUIRED: -1106,
  BAD_PRECISION: -1111,
  TIF_NOT_REQUIRED: -1114,
  INVALID_TIF: -1115,
  INVALID_ORDER_TYPE: -1116,
  INVALID_SIDE: -1117,
  EMPTY_NEW_CL_ORD_ID: -1118,
  BAD_INTERVAL: -1120,
  BAD_SYMBOL: -1121,
  INVALID_LISTEN_KEY: -1125,
  MORE_THAN_XX_HOURS: -1127,
  OPTIONAL_PARAMS_BAD_COMBO: -1128,
  INVALID_PARAMETER: -1130,
  BAD_RECV_WINDOW: -1131,
  NEW_ORDER_REJECTED: -2010,
  CANCEL_REJECTED: -2011,
  NO_SUCH_ORDER: -2013,
  BAD_API_KEY_FMT: -2014,
  REJECTED_MBX_KEY: -2015,
} as const;

export const UNKNOWN_MESSAGE = 'An unknown error occurred while processing the request.';
const DISCONNECTED_MESSAGE = 'Internal error; unable to process your request. Please try again.';

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
  ctx.body = { code: error.code, msg: error.message };
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
  return outages.causedBy(error) ? new BinanceError(503, BinanceCode.DISCONNECTED, DISCONNECTED_MESSAGE) : null;
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
