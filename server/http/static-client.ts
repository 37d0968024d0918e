import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import serve from 'koa-static';

/**
 * Paths that speak a protocol of their own: the API's JSON (and its JSON 404), the market and user
 * data streams, Socket.IO. Every other path belongs to the single-page app.
 */
const PROTOCOL_PATHS = /^\/(api|ws|stream|ws-api|socket\.io)(\/|$)/;

/** A browser asking for a page or a file of the app (not the API's, not a form post). */
const isAppRequest = (ctx: Context) =>
  (ctx.method === 'GET' || ctx.method === 'HEAD') && !PROTOCOL_PATHS.test(ctx.path);

/**
 * Serves the built client: its hashed assets cached for a year, and index.html for every other path
 * of the app, so the client's router draws the page, or its Not Found page. index.html itself is
 * never cached without asking again: it names the assets of the current build.
 */
export function staticClient(distDir: string): Middleware[] {
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) return [];
  const assets = serve(root, { index: false, maxage: 365 * 24 * 3600 * 1000, immutable: true, gzip: true });
  const sendIndex = (ctx: Context) => {
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = createReadStream(index);
  };
  const client: Middleware = async (ctx, next) => {
    if (!isAppRequest(ctx)) return next();
    if (ctx.path === '/index.html') return sendIndex(ctx);
    await assets(ctx, async () => sendIndex(ctx));
  };
  return [client];
}
