import { RawConnection } from '../../support/raw-http';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

jest.setTimeout(60_000);

let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ REQUEST_TIMEOUT: '1s' });
});
afterAll(() => server.close());

describe('the request timeout', () => {
  it('a body trickled a few bytes at a time is cut when the request timeout ends', async () => {
    const body = JSON.stringify({ email: 'trickle@example.com', password: 'x'.repeat(200) });
    const connection = await RawConnection.open(server.url);
    connection.writeHead('POST', '/api/auth/login', {
      'Content-Type': 'application/json',
      'Content-Length': body.length,
    });
    let sent = 0;
    // 4 bytes every 100 ms: the whole body would take about 6 s, many times the 1 s timeout.
    while (sent < body.length && !connection.isClosed) {
      await connection.write(body.slice(sent, sent + 4));
      sent += 4;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = await connection.answer();
    const closed = await connection.untilClosed();
    expect(sent).toBeLessThan(body.length);
    expect(closed).toBe(true);
    if (answer.status !== null) {
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toEqual({ detail: 'Request timeout' });
    }
  });
});
