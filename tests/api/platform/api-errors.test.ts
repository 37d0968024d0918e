import { request } from 'node:http';
import { RawConnection } from '../../support/raw-http';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange();
});
afterAll(() => server.close());

/** node:http rather than fetch, which refuses to send TRACE. */
function call(
  method: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${server.url}${path}`, { method }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('every answer under /api is JSON {"detail"}', () => {
  it.each([
    ['PUT', '/api/trading/order', 'POST, DELETE, PATCH'],
    ['TRACE', '/api/health', 'HEAD, GET'],
    ['PROPFIND', '/api/trading/order', 'POST, DELETE, PATCH'],
  ])('%s on %s, a method the path does not take, answers 405 with its Allow header', async (method, path, allow) => {
    const response = await call(method, path);
    expect(response.status).toBe(405);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers.allow).toBe(allow);
    expect(JSON.parse(response.body)).toEqual({ detail: 'Method not allowed' });
  });

  it.each(['GET', 'POST', 'DELETE', 'TRACE'])('%s on an unknown path answers 404', async (method) => {
    const response = await call(method, '/api/no-such-route');
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ detail: 'Not found' });
  });

  it.each([
    ['GET', '/api/market/depth?symbol=BTCUSDT&limit=5&limit=500', 'limit'],
    ['GET', '/api/market/depth?symbol=BTCUSDT&symbol=ETHUSDT', 'symbol'],
    ['GET', '/api/health?probe=1&probe=1', 'probe'],
    ['POST', '/api/auth/login?email=a@example.com&email=b@example.com', 'email'],
  ])('%s %s, a query parameter sent twice, answers 400', async (method, path, name) => {
    const response = await call(method, path);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ detail: `${name}: sent more than once` });
  });

  it('a request the HTTP parser cannot read answers 400 with a detail, and the connection closes', async () => {
    const connection = await RawConnection.open(server.url);
    connection.writeHead('NOT A METHOD', '/api/health');
    const answer = await connection.answer();
    expect(await connection.untilClosed()).toBe(true);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Bad request' });
  });
});
