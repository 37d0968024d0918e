import type { Context } from 'koa';
import { tooManyRequests } from './errors';
import { DEFAULT_BODY_LIMIT } from './request-body';

/** Large bodies one address may be sending (and having handled) at once. */
const LARGE_BODIES_PER_ADDRESS = 2;

/** A body over the default limit, or of a length not announced (chunked): it may be up to the route's limit. */
function announcesLargeBody(ctx: Context): boolean {
  const length = ctx.request.length;
  return length === undefined ? ctx.get('Transfer-Encoding') !== '' : length > DEFAULT_BODY_LIMIT;
}

/**
 * Counts each address's large bodies on the routes that take them (the KYC upload): one client may
 * upload, but not hold the memory of many uploads at once. A request over the count is refused
 * with 429 before its body is read; a place is given back when its request has been answered.
 */
export class UploadSlots {
  private readonly taken = new Map<string, number>();

  async hold<T>(ctx: Context, handle: () => Promise<T>): Promise<T> {
    if (!announcesLargeBody(ctx)) return handle();
    const address = ctx.ip;
    const taken = this.taken.get(address) ?? 0;
    if (taken >= LARGE_BODIES_PER_ADDRESS)
      throw tooManyRequests('Too many uploads at once, please wait for one to finish');
    this.taken.set(address, taken + 1);
    try {
      return await handle();
    } finally {
      const left = this.taken.get(address)! - 1;
      if (left === 0) this.taken.delete(address);
      else this.taken.set(address, left);
    }
  }
}
