import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import serve from 'koa-static';
import { NOT_FOUND_TITLE, PAGE_PATHS } from '../../../shared/page-paths';

/**
 * Paths that speak a protocol of their own: the API's JSON (and its JSON 404), the market and user
 * data streams, Socket.IO. Every other path belongs to the single-page app.
 */
const PROTOCOL_PATHS = /^\/(api|ws|stream|ws-api|socket\.io)(\/|$)/;

/** A browser asking for a page or a file of the app (not the API's, not a form post). */
const isAppRequest = (ctx: Context) =>
  (ctx.method === 'GET' || ctx.method === 'HEAD') && !PROTOCOL_PATHS.test(ctx.path);

const PAGES = new Set<string>(PAGE_PATHS);

/** One of the client's pages, matched as its router matches: in any case, trailing slashes ignored. */
const isClientPage = (pagePath: string) => PAGES.has((pagePath.replace(/\/+$/, '') || '/').toLowerCase());

/** A path that could name a page: its last segment has no extension (a file's would). */
const looksLikePage = (pagePath: string) => !/\.[^/]*$/.test(pagePath);

/**
 * Serves the built client: its hashed assets cached for a year, and index.html for the client's
 * pages, so its router draws them. Any other page path gets index.html with 404, which the client
 * draws as its Not Found page; a missing file is left to the API's JSON 404. index.html itself is
 * never cached without asking again: it names the assets of the current build.
 */
export function staticClient(distDir: string): Middleware[] {
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) return [];
  const assets = serve(root, { index: false, maxage: 365 * 24 * 3600 * 1000, immutable: true, gzip: true });
  const sendIndex = async (ctx: Context, status: number) => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    // A 404 is titled as one before any script runs, for programs that read the page without running it.
    ctx.body =
      status === 404
        ? (await readFile(index, 'utf8')).replace(/<title>[^<]*<\/title>/, `<title>${NOT_FOUND_TITLE}</title>`)
        : createReadStream(index);
  };
  const client: Middleware = async (ctx, next) => {
    if (!isAppRequest(ctx)) return next();
    if (ctx.path === '/index.html') return sendIndex(ctx, 200);
    await assets(ctx, async () => {
      if (isClientPage(ctx.path)) await sendIndex(ctx, 200);
      else if (looksLikePage(ctx.path)) await sendIndex(ctx, 404);
    });
  };
  return [client];
}
