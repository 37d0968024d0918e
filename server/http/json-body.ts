import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError } from './errors';

/** A KYC document as base64 in a JSON body. A number: a size text would be parsed again on every request. */
const MAX_JSON_BODY_BYTES = 15 * 1024 * 1024;

/**
 * The request body parser: the API takes JSON bodies (and query strings) only, so no form or text
 * parsing is tried on every request; a body too large or not JSON is a 413 or 400 detail.
 */
export function jsonBody(): Middleware {
  return koaBody({
    jsonLimit: MAX_JSON_BODY_BYTES,
    urlencoded: false,
    text: false,
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] as never,
    onError: (error) => {
      throw (error as { status?: number }).status === 413
        ? new HttpError(413, 'Request body too large')
        : new HttpError(400, 'Malformed request body');
    },
  });
}
