import { spawn, type ChildProcess } from 'node:child_process';
import { createClient } from 'redis';
import { reservePort } from '../support/exchange-process';
import { ApiClient, registerTrader, uniqueEmail } from '../support/http-client';
import { startTestExchange, type TestExchange } from '../support/test-exchange';

jest.setTimeout(60_000);

/** A Redis of this test's own (not the shared one), so it can be killed. */
async function startRedis(): Promise<{ url: string; process: ChildProcess }> {
  const port = await reservePort();
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

  beforeAll(async () => {
    redis = await startRedis();
    server = await startTestExchange({ REDIS_URL: redis.url, AUTH_RATE_LIMIT: '5' });
  });
  afterAll(async () => {
    await server?.close();
    await kill(redis.process);
  });

  it('login keeps working, each process counting attempts itself', async () => {
    const api = new ApiClient(server.url);
    const { email, password } = await registerTrader(api);
    await kill(redis.process);

    const signIn = await api.post('/auth/login', { email, password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.email).toBe(email);
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await api.post('/auth/login', { email: uniqueEmail(), password: 'no-such-account-1' })).status);
    }
    // Five attempts a minute: the sign-in above and four more, counted in memory since Redis went away.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});
