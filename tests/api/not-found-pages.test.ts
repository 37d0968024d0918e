import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestExchange, type TestExchange } from '../support/test-exchange';

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

describe('every path outside the API serves the app', () => {
  it.each(['/', '/does-not-exist', '/trade', '/deeply/nested/unknown/page', '/index.html', '/assets', '/apis', '/wsx'])(
    '%s answers index.html, asked for again before each use',
    async (page) => {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(await response.text()).toBe(INDEX);
    },
  );

  it('a HEAD of an unknown page is answered like its GET, without a body', async () => {
    const response = await fetch(`${server.url}/does-not-exist`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe('');
  });

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
  it.each(['/api/does-not-exist', '/api', '/ws', '/stream', '/ws-api/v3', '/ws-api/v3/unknown'])(
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

  it('Socket.IO answers its own protocol', async () => {
    const response = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^0\{"sid":/);
  });
});
