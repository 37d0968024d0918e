import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

let server: TestExchange;

const INDEX = '<!doctype html><title>app</title><script type="module" src="/assets/app-1a2b3c.js"></script>';
const SCRIPT = 'console.log("app");';

/** A built client: index.html and one hashed asset. */
function builtClient(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'client-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), SCRIPT);
  return dist;
}

beforeAll(async () => {
  server = await startTestExchange({ CLIENT_DIST: builtClient() });
});
afterAll(() => server.close());

describe("the client's pages and files", () => {
  /** index.html as the app is answered: asked for again before each use, not to be framed. */
  async function expectApp(response: Response, body = INDEX) {
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toBe(body);
  }

  it.each(['/', '/trade', '/index.html', '/assets', '/account/api', '/TRADE', '/trade/'])(
    '%s answers index.html, asked for again before each use',
    async (page) => {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status).toBe(200);
      await expectApp(response);
    },
  );

  it.each(['/does-not-exist', '/deeply/nested/unknown/page', '/trade/unknown', '/apis', '/wsx'])(
    '%s is no page of the client: index.html with 404 and titled Not found, for its Not Found page',
    async (page) => {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status).toBe(404);
      await expectApp(response, INDEX.replace('<title>app</title>', '<title>Not found</title>'));
    },
  );

  it('a HEAD of an unknown page is answered like its GET, without a body', async () => {
    const response = await fetch(`${server.url}/does-not-exist`, { method: 'HEAD' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe('');
  });

  it.each(['/assets/app-0d0e0f.js', '/favicon.ico', '/robots.txt', '/.env', '/wp-login.php'])(
    'a file the build does not have, %s, is a JSON 404',
    async (file) => {
      const response = await fetch(`${server.url}${file}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Not found' });
    },
  );

  it('a hashed asset is cached for a year', async () => {
    const response = await fetch(`${server.url}/assets/app-1a2b3c.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('max-age=31536000,immutable');
    expect(await response.text()).toBe(SCRIPT);
  });

  it('a form posted to a page is not the app: 404 with a detail', async () => {
    const response = await fetch(`${server.url}/does-not-exist`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not found' });
  });
});

describe('the protocol paths keep their own answers', () => {
  it.each(['/api/does-not-exist', '/api', '/api/v2/ping', '/ws', '/stream', '/ws-api/v3', '/ws-api/v3/unknown'])(
    '%s answers a JSON 404',
    async (route) => {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ detail: 'Not found' });
    },
  );

  it("/api/v3 answers in Binance's shape", async () => {
    const response = await fetch(`${server.url}/api/v3/does-not-exist`);
    expect(response.status).toBe(404);
    const answer = (await response.json()) as { code: number; msg: string };
    expect(typeof answer.code).toBe('number');
    expect(typeof answer.msg).toBe('string');
  });

  it.each([
    ['GET', '/api/v3/does-not-exist'],
    ['GET', '/api/v3'],
    ['GET', '/api/v1/ping'],
    ['GET', '/sapi/v1/asset/assetDetail'],
    ['POST', '/sapi/v1/margin/order'],
    ['GET', '/fapi/v1/exchangeInfo'],
    ['GET', '/dapi/v1/ping'],
    ['GET', '/eapi/v1/time'],
    ['GET', '/papi/v1/ping'],
    ['GET', '/wapi/v3/depositHistory.html'],
    ['GET', '/sapi'],
  ])(
    "%s %s answers Binance's unknown endpoint, as any path of Binance's APIs not served here",
    async (method, route) => {
      const response = await fetch(`${server.url}${route}`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ code: -1000, msg: `Unknown endpoint: ${method} ${route}` });
    },
  );

  it('Socket.IO answers its own protocol', async () => {
    const response = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^0\{"sid":/);
  });
});
