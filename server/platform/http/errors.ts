import { STATUS_CODES } from 'node:http';

/** The one error type of the API: every failure reaches the client as {"detail": message} with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Fields answered beside `detail`, for a client to act on (e.g. `two_factor_required`). */
    readonly fields: Readonly<Record<string, unknown>> = {},
    /** Headers answered with it (e.g. `Retry-After`). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  /** The answer's JSON body. */
  get body(): Record<string, unknown> {
    return { detail: this.message, ...this.fields };
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Not authenticated') => new HttpError(401, detail);
export const forbidden = (detail = 'Not allowed') => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const tooManyRequests = (detail = 'Too many requests, please try again later') => new HttpError(429, detail);

/** The standard reason of a status as a detail, e.g. 405 -> 'Method not allowed'. */
export function statusDetail(status: number): string {
  const reason = STATUS_CODES[status] ?? 'Error';
  return reason.charAt(0) + reason.slice(1).toLowerCase();
}
