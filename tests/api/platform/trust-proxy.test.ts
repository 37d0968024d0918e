import { loadConfig } from '../../../server/platform/config/config';
import { ApiClient, uniqueEmail } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/**
 * Which address the per-client login limit counts, seen through its answers: with a limit of 2 a
 * minute, the third attempt from one address is refused. The in-memory limiter keeps other test
 * runs' attempts out of the count.
 */
let server: TestExchange | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function exchangeTrusting(trustProxy: string | undefined) {
  server = await startTestExchange({ AUTH_RATE_LIMIT: '2', REDIS_URL: '', TRUST_PROXY: trustProxy });
  const api = new ApiClient(server.url);
  return (forwardedFor: string) =>
    api
      .request('POST', '/auth/login', {
        body: { email: uniqueEmail(), password: 'no-such-account-1' },
        headers: { 'x-forwarded-for': forwardedFor },
      })
      .then((response) => response.status);
}

describe('TRUST_PROXY', () => {
  it('off (the default): X-Forwarded-For is ignored, every attempt counts against the connection', async () => {
    const attempt = await exchangeTrusting(undefined);
    expect([await attempt('198.51.100.1'), await attempt('198.51.100.2'), await attempt('198.51.100.3')]).toEqual([
      401, 401, 429,
    ]);
  });

  it('on: each address named in X-Forwarded-For has a limit of its own', async () => {
    const attempt = await exchangeTrusting('on');
    expect([await attempt('198.51.100.1'), await attempt('198.51.100.1'), await attempt('198.51.100.1')]).toEqual([
      401, 401, 429,
    ]);
    expect(await attempt('198.51.100.2')).toBe(401);
  });

  it('on: one trusted proxy, whose entry (the last) is the address; the client cannot name its own before it', async () => {
    const attempt = await exchangeTrusting('on');
    // The proxy saw 198.51.100.9 each time; the entries before its own are the client's to write.
    expect([
      await attempt('203.0.113.1, 198.51.100.9'),
      await attempt('203.0.113.2, 198.51.100.9'),
      await attempt('198.51.100.9'),
    ]).toEqual([401, 401, 429]);
  });

  it('a hop count: the address the trusted proxy saw counts, whatever the client wrote before it', async () => {
    const attempt = await exchangeTrusting('1');
    const statuses = [];
    for (let i = 1; i <= 3; i += 1) statuses.push(await attempt(`203.0.113.${i}, 198.51.100.7`));
    expect(statuses).toEqual([401, 401, 429]);
    expect(await attempt('203.0.113.1, 198.51.100.8')).toBe(401);
  });

  it('refuses a value that is neither on, off nor a count of proxies, naming the variable', () => {
    for (const value of ['yes', '0', '-1', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be on, off or the number/);
    }
    expect(loadConfig({}).TRUST_PROXY).toBe('off');
  });
});
