import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError } from './errors';

/** What a route's JSON body may weigh unless it is listed below: the API's forms are a few hundred bytes. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * The routes that take more, by method and path. The KYC upload carries its document as base64 in
 * JSON (a 10 MB file is 14 MB of text); 15 MB still reads a slightly larger file, so its sender is
 * told the size rule rather than refused unread.
 */
const LARGER_BODY_LIMITS: Record<string, number> = { 'post /kyc/submit': 15 * 1024 * 1024 };

export const bodyLimitOf = (route: { method: string; path: string }): number =>
  LARGER_BODY_LIMITS[`${route.method} ${route.path}`] ?? DEFAULT_BODY_LIMIT;

/**
 * Reads a request's JSON body of at most `limit` bytes into ctx.request.body. The API takes JSON
 * bodies (and query strings) only, so no form or text parsing is tried; a body announced larger
 * than the limit is refused with 413 before any of it is read, one not JSON with 400.
 */
export function jsonBodyReader(limit: number): (ctx: Context) => Promise<void> {
  const parse = koaBody({
    jsonLimit: limit,
    urlencoded: false,
    text: false,
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] as never,
    onError: (error) => {
      throw (error as { status?: number }).status === 413
        ? new HttpError(413, 'Request body too large')
        : new HttpError(400, 'Malformed request body');
    },
  });
  return (ctx) => parse(ctx, async () => undefined);
}

/**
 * An answer given before the request's body has all arrived (refused unread, or not wanted) closes
 * the connection: kept open, node would read the rest of the body to reach the next request on it.
 */
export const closeWhenBodyUnread: Middleware = async (ctx, next) => {
  await next();
  if (!ctx.req.complete) ctx.set('Connection', 'close');
};
