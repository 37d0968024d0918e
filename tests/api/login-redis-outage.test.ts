import { spawn, type ChildProcess } from 'node:child_process';
import { createClient } from 'redis';
import { eventually } from '../support/eventually';
import { reservePort } from '../support/exchange-process';
import { ApiClient, registerTrader, uniqueEmail } from '../support/http-client';
import { startTestExchange, type TestExchange } from '../support/test-exchange';

jest.setTimeout(60_000);

/** A Redis of this test's own (not the shared one), so it can be killed. */
async function startRedis(port: number): Promise<{ url: string; process: ChildProcess }> {
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    const probe = createClient({ url, socket: { reconnectStrategy: false } });
    probe.on('error', () => undefined);
    const up = await probe.connect().then(
      async () => (await probe.ping()) === 'PONG',
      () => false,
    );
    if (probe.isOpen) await probe.close();
    if (up) return { url, process: redis };
    if (waited > 10_000) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('with Redis gone', () => {
  let redis: { url: string; process: ChildProcess };
  let server: TestExchange;
  let api: ApiClient;
  let traders: Array<{ email: string; password: string }>;
  /** A login from `address` (X-Forwarded-For, trusted here). */
  const logIn = (address: string, email: string, password: string) =>
    api.request('POST', '/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': address } });

  beforeAll(async () => {
    redis = await startRedis(await reservePort());
    server = await startTestExchange({ REDIS_URL: redis.url, AUTH_RATE_LIMIT: '5', TRUST_PROXY: 'on' });
    api = new ApiClient(server.url);
    traders = [await registerTrader(api), await registerTrader(api)];
    await kill(redis.process);
  });
  afterAll(async () => {
    // Back on the same port first, and reconnected: the bus's clients keep what they could not
    // publish meanwhile and close only once it is sent.
    redis = await startRedis(Number(new URL(redis.url).port));
    await eventually(async () => ((await api.get('/health')).body.bus.status === 'ok' ? true : undefined));
    await server.close();
    await kill(redis.process);
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
