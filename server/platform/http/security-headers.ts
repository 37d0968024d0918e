import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type Koa from 'koa';

/**
 * What a page of ours may load: the built client's own scripts (none inline); its own styles, and
 * inline ones, which notistack writes into a <style> element at run time; an image from a blob: URL
 * (a photo shrunk before upload, a document the admin views) and a PDF in a frame from one; the
 * socket over ws(s); market data from the public exchange's REST feed, the client's fallback. The
 * market chart draws on canvas and needs nothing more. No page of ours may be framed.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob:",
  "connect-src 'self' ws: wss: https://api.binance.com",
  'frame-src blob:',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every answer carries, whatever answers it. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};

/** Over TLS only: a browser told this over plain HTTP could be told it by anyone. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Sets the security headers on every answer of `server`: the API, the client, errors and 404s, and
 * Socket.IO's. Called after Socket.IO has attached (it wraps the request listeners it finds), so
 * this listener runs first for every request. HSTS when the request came over TLS as Koa tells it
 * (ctx.secure: the socket's TLS, or X-Forwarded-Proto when app.proxy trusts a proxy).
 */
export function addSecurityHeaders(server: Server, app: Koa): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (app.createContext(req, res).secure) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  });
}
