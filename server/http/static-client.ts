import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

/** The browser routes of the single-page app: each is answered with index.html. */
const CLIENT_ROUTES = [
  '/',
  '/login',
  '/register',
  '/dashboard',
  '/trading',
  '/trade',
  '/markets',
  '/buy-crypto',
  '/derivatives',
  '/earn',
  '/admin',
  '/account',
  '/account/api',
  '/assets',
  '/orders',
  '/referral',
  '/rewards',
  '/settings',
];

/** Serves the built client (long-cached hashed assets) and falls back to index.html for app routes. */
export function staticClient(distDir: string): Middleware[] {
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) return [];
  const assets = serve(root, { index: false, maxage: 365 * 24 * 3600 * 1000, immutable: true, gzip: true });
  const fallback: Middleware = async (ctx, next) => {
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && CLIENT_ROUTES.includes(ctx.path.replace(/\/$/, '') || '/')) {
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = createReadStream(index);
      return;
    }
    await next();
  };
  return [fallback, assets];
}
