import { createLogger } from '../../../server/platform/logger/logger';
import { ApiClient } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/** Every line the exchange logs, parsed, as they come. */
const lines: Array<Record<string, any>> = [];
const rawLines: string[] = [];
const logger = createLogger('info', {
  write: (line: string) => {
    rawLines.push(line);
    lines.push(JSON.parse(line));
  },
});

let server: TestExchange;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestExchange({ AUTH_RATE_LIMIT: '2' }, logger);
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

/** The path as logged: under /api, without the query. */
const pathOf = (path: string) => `/api${path.split('?')[0]}`;
const requestLine = (method: string, path: string) =>
  lines.filter((line) => line.msg === 'request' && line.method === method && line.path === path).at(-1);

describe('the access log', () => {
  it('logs the status each client got, and its address', async () => {
    const calls: Array<[method: string, path: string, body?: unknown]> = [
      ['GET', '/health'],
      ['GET', '/user/balance'],
      ['GET', '/market/depth?limit=many'],
      ['GET', '/no-such-route'],
      ['PUT', '/trading/order'],
    ];
    for (const [method, path, body] of calls) {
      const response = await api.request(method, path, { body });
      expect(requestLine(method, pathOf(path))).toMatchObject({ status: response.status, ip: '127.0.0.1' });
    }
    expect(calls.map(([method, path]) => requestLine(method, pathOf(path))?.status)).toEqual([200, 401, 400, 404, 405]);
  });

  it('logs a refused login as 429', async () => {
    // The limit's count may be shared with other runs on the same Redis: ask until refused.
    let status = 0;
    for (let attempt = 0; attempt < 5 && status !== 429; attempt++) {
      status = (await api.post('/auth/login', { email: 'nobody@example.com', password: 'wrong-password' })).status;
    }
    expect(status).toBe(429);
    expect(requestLine('POST', '/api/auth/login')).toMatchObject({ status: 429, ip: '127.0.0.1' });
  });
});

describe('logged errors', () => {
  it.each(['err', 'error'])('an Error under `%s` keeps its type, message, stack and cause', (key) => {
    const cause = new Error('bus unreachable');
    logger.warn({ [key]: new TypeError('trading notifications failed', { cause }) }, 'notifications failed');
    expect(lines.at(-1)![key]).toMatchObject({
      type: 'TypeError',
      message: 'trading notifications failed',
      stack: expect.stringContaining('TypeError: trading notifications failed'),
      cause: { type: 'Error', message: 'bus unreachable', stack: expect.stringContaining('bus unreachable') },
    });
  });

  it("a failed query's parameters are not logged, its message is", async () => {
    const failure = await server.exchange.context.dataSource
      .query('SELECT $1::text AS secret, 1 / 0 AS boom', ['hunter2-secret-value'])
      .catch((error: unknown) => error);
    logger.error({ err: failure }, 'query failed');
    logger.error({ error: new Error('round failed', { cause: failure }) }, 'query failed');
    for (const line of rawLines.slice(-2)) {
      expect(line).toContain('division by zero');
      expect(line).not.toContain('hunter2-secret-value');
    }
  });
});
