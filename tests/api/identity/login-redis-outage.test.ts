import { eventually } from '../../support/eventually';
import { ApiClient, registerTrader, uniqueEmail } from '../../support/http-client';
import { startRedisServer, type RedisServer } from '../../support/redis-server';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

jest.setTimeout(60_000);

describe('with Redis gone', () => {
  /** A Redis of this test's own (not the shared one), so it can be killed. */
  let redis: RedisServer;
  let server: TestExchange;
  let api: ApiClient;
  let traders: Array<{ email: string; password: string }>;
  /** A login from `address` (X-Forwarded-For, trusted here). */
  const logIn = (address: string, email: string, password: string) =>
    api.request('POST', '/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': address } });

  beforeAll(async () => {
    redis = await startRedisServer();
    server = await startTestExchange({ REDIS_URL: redis.url, AUTH_RATE_LIMIT: '5', TRUST_PROXY: 'on' });
    api = new ApiClient(server.url);
    traders = [await registerTrader(api), await registerTrader(api)];
    await redis.kill();
  });
  afterAll(async () => {
    // Back on the same port first, and reconnected, so the exchange closes connected clients.
    await redis.start();
    await eventually(async () => ((await api.get('/health')).body.bus.status === 'ok' ? true : undefined));
    await server.close();
    await redis.kill();
  });

  it('login keeps working, each process counting attempts per address itself', async () => {
    const { email, password } = traders[0]!;
    const signIn = await logIn('198.51.100.1', email, password);
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.email).toBe(email);
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await logIn('198.51.100.1', uniqueEmail(), 'no-such-account-1')).status);
    }
    // Five attempts a minute: the sign-in above and four more, counted in memory since Redis went away.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('the delay per account goes on, counted in memory', async () => {
    const { email } = traders[1]!;
    const statuses = [];
    for (let i = 1; i <= 6; i += 1) statuses.push((await logIn(`203.0.113.${i}`, email, 'not-my-password-7')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
