import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { addSecurityHeaders } from '../../../server/platform/http/security-headers';
import { RawConnection } from '../../support/raw-http';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

let server: TestExchange;

/** A built client of two files, so the static answers can be checked too. */
function builtClient(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'client-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app");');
  return dist;
}

beforeAll(async () => {
  server = await startTestExchange({ CLIENT_DIST: builtClient() });
});
afterAll(() => server.close());

function expectSecurityHeaders(headers: Headers | Record<string, string>) {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
  const policy = get('content-security-policy') ?? '';
  const directives = new Map(
    policy.split(';').map((directive): [string, string] => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
  expect(directives.get('default-src')).toBe("'self'");
  expect(directives.get('script-src')).toBe("'self'");
  expect(directives.get('frame-ancestors')).toBe("'none'");
  expect(directives.get('connect-src')).toContain("'self' ws: wss:");
  expect(policy).not.toMatch(/unsafe-eval/);
  expect(get('x-content-type-options')).toBe('nosniff');
  expect(get('x-frame-options')).toBe('DENY');
  expect(get('referrer-policy')).toBe('no-referrer');
  // Plain HTTP: no HSTS.
  expect(get('strict-transport-security') ?? null).toBeNull();
}

describe('security headers on every answer', () => {
  it.each([
    ['an API answer', 'GET', '/api/health', 200],
    ['an API error', 'GET', '/api/user/balance', 401],
    ['an API 404', 'GET', '/api/no-such-route', 404],
    ['a wrong method', 'PUT', '/api/trading/order', 405],
    ['a malformed body', 'POST', '/api/auth/login', 400],
    ['the client', 'GET', '/', 200],
    ['a client route', 'GET', '/trade', 200],
    ['a client asset', 'GET', '/assets/app.js', 200],
    ['an unknown page (the app answers, with 404)', 'GET', '/no-such-page', 404],
    ['a file the client does not have', 'GET', '/assets/missing.js', 404],
    ['Socket.IO', 'GET', '/socket.io/?EIO=4&transport=polling', 200],
    ["Socket.IO's refusal", 'GET', '/socket.io/?EIO=9&transport=polling', 400],
  ])('%s', async (_what, method, path, status) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? '{"unfinished":' : undefined,
    });
    expect(response.status).toBe(status);
    expectSecurityHeaders(response.headers);
  });

  it("the HTTP parser's refusals", async () => {
    const connection = await RawConnection.open(server.url);
    connection.writeHead('GET', '/api/health', { 'X-Padding': 'x'.repeat(100 * 1024) });
    const answer = await connection.answer();
    expect(answer.status).toBe(431);
    expectSecurityHeaders(answer.headers);
  });
});

describe('HSTS', () => {
  /** A koa app whose requests came through a trusted proxy, as TRUST_PROXY makes the exchange's. */
  let proxied: Server;
  let url: string;
  beforeAll(async () => {
    const app = new Koa({ proxy: true });
    app.use((ctx) => (ctx.body = { ok: true }));
    proxied = createServer(app.callback());
    addSecurityHeaders(proxied, app);
    await new Promise<void>((resolve) => proxied.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(proxied.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => proxied.close(resolve)));

  it('is sent when the request came over TLS, and only then', async () => {
    const overTls = await fetch(url, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const plain = await fetch(url, { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(plain.headers.get('x-frame-options')).toBe('DENY');
  });
});
