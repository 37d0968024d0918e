import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Registry } from 'prom-client';
import { unauthorized } from './errors';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics on the public port, for a scraper that holds METRICS_TOKEN. A request without
 * credentials goes on as any other (404): the endpoint is not shown to those who do not know it.
 */
export function publicMetrics(token: string, registry: Registry): Middleware {
  const expected = digest(`Bearer ${token}`);
  return async (ctx, next) => {
    const authorization = ctx.get('Authorization');
    if (ctx.path !== '/metrics' || ctx.method !== 'GET' || !authorization) return next();
    // Compared as digests, in constant time: the answer tells nothing of how much of a guess was right.
    if (!timingSafeEqual(digest(authorization), expected)) throw unauthorized('Invalid metrics token');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await registry.metrics();
    ctx.set('Content-Type', registry.contentType);
  };
}
