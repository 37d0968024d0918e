import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import { createEventBus, type EventBus } from '../../../server/platform/bus/event-bus';
import { connectSentinel, type Redis } from '../../../server/platform/bus/redis';
import { ConfigError, loadConfig, usesRedis } from '../../../server/platform/config/config';
import { outageOf } from '../../../server/platform/health/outages';
import { createLogger } from '../../../server/platform/logger/logger';
import { clusterWanted } from '../../../server/trading/cluster/cluster';
import { eventually } from '../../support/eventually';
import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/**
 * Redis behind Sentinel: a master (6411), its replica (6412) and three sentinels (26411-26413) of
 * this test's own. The exchange finds the master through the sentinels and carries on when the
 * master dies and the sentinels promote the replica.
 */
jest.setTimeout(120_000);

const MASTER = 6411;
const REPLICA = 6412;
const SENTINELS = [26411, 26412, 26413];
const SENTINEL_LIST = SENTINELS.map((port) => `127.0.0.1:${port}`).join(',');

const runnable =
  Boolean(process.env.DATABASE_URL) && existsSync('/usr/bin/redis-server') && existsSync('/usr/bin/redis-sentinel');

/** Runs `command` on the server at `port` with a connection of its own, or resolves undefined if it does not answer. */
async function ask(port: number, command: string[]): Promise<unknown> {
  const client = createClient({ socket: { host: '127.0.0.1', port, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await client.sendCommand(command);
  } catch {
    return undefined;
  } finally {
    if (client.isOpen) client.destroy();
  }
}

describe('REDIS_SENTINELS', () => {
  it('is a list of host:port, used instead of REDIS_URL, and counts as Redis for CLUSTER=on', () => {
    const config = loadConfig({ REDIS_SENTINELS: 'sentinel-1:26379,10.0.0.2:26380', REDIS_URL: 'redis://unused:6379' });
    expect(config.REDIS_SENTINELS).toEqual([
      { host: 'sentinel-1', port: 26379 },
      { host: '10.0.0.2', port: 26380 },
    ]);
    expect(config.REDIS_SENTINEL_NAME).toBe('mymaster');
    const clustered = { CLUSTER: 'on', DATABASE_URL: 'postgres://db/exchange', DATABASE_POOL_SIZE: 10 } as const;
    expect(usesRedis(loadConfig({ REDIS_SENTINELS: 'a:1' }))).toBe(true);
    expect(clusterWanted({ ...clustered, REDIS_SENTINELS: [{ host: 'a', port: 1 }] }, false)).toBe(true);
    expect(() => clusterWanted(clustered, false)).toThrow(ConfigError);
    for (const wrong of ['sentinel-1', 'a:1,', 'a:1;b:2', 'a:99999'])
      expect(() => loadConfig({ REDIS_SENTINELS: wrong })).toThrow(/REDIS_SENTINELS/);
  });
});

(runnable ? describe : describe.skip)('Redis through Sentinel', () => {
  const logger = createLogger('silent');
  const children = new Map<number, ChildProcess>();
  let dir: string;
  let server: TestExchange;
  let other: Redis;
  /** Another process's bus, on its own Sentinel client. */
  let otherBus: EventBus;

  const start = (port: number, command: string, args: string[]) =>
    children.set(port, spawn(command, args, { stdio: 'ignore', cwd: dir }));
  const masterPort = async () => {
    const reply = (await ask(SENTINELS[0]!, ['SENTINEL', 'get-master-addr-by-name', 'mymaster'])) as string[] | null;
    return reply ? Number(reply[1]) : undefined;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'redis-sentinel-test-'));
    const redisArgs = (port: number) => [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    start(MASTER, 'redis-server', redisArgs(MASTER));
    start(REPLICA, 'redis-server', [...redisArgs(REPLICA), '--replicaof', '127.0.0.1', String(MASTER)]);
    await eventually(
      async () =>
        ((await ask(REPLICA, ['INFO', 'replication'])) as string | undefined)?.includes('master_link_status:up') ||
        undefined,
      15_000,
      'the replica in sync',
    );
    for (const port of SENTINELS) {
      // Each its own file: a sentinel rewrites its configuration as it learns.
      const file = path.join(dir, `sentinel-${port}.conf`);
      writeFileSync(
        file,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor mymaster 127.0.0.1 ${MASTER} 2`,
          'sentinel down-after-milliseconds mymaster 1000',
          'sentinel failover-timeout mymaster 5000',
          '',
        ].join('\n'),
      );
      start(port, 'redis-sentinel', [file]);
    }
    // Every sentinel knows the two others and the replica: a failover can be agreed on.
    await eventually(
      async () => {
        for (const port of SENTINELS) {
          const peers = (await ask(port, ['SENTINEL', 'sentinels', 'mymaster'])) as unknown[] | undefined;
          const replicas = (await ask(port, ['SENTINEL', 'replicas', 'mymaster'])) as unknown[] | undefined;
          if (peers?.length !== 2 || replicas?.length !== 1) return undefined;
        }
        return true;
      },
      30_000,
      'the sentinels acquainted',
    );
    server = await startTestExchange({ REDIS_URL: '', REDIS_SENTINELS: SENTINEL_LIST, MARKET_FEED_SEED: '11' });
    other = await connectSentinel(
      SENTINELS.map((port) => ({ host: '127.0.0.1', port })),
      'mymaster',
    );
    otherBus = await createEventBus(other, server.exchange.context.redisPrefix, logger);
  });

  afterAll(async () => {
    await server?.close();
    await otherBus?.close();
    for (const child of children.values()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The messages `bus` hears on a topic of its own. */
  const listen = async (bus: EventBus, topic: string) => {
    const heard: unknown[] = [];
    await bus.subscribe(topic, (message) => heard.push(message));
    return heard;
  };
  /** Publishes on `from` until `heard` has the message: messages sent during the switch may be dropped. */
  const delivered = (from: EventBus, topic: string, heard: unknown[], what: string) => {
    const id = randomUUID();
    return eventually(
      async () => {
        from.publish(topic, { id });
        await new Promise((resolve) => setTimeout(resolve, 100));
        return heard.some((message) => (message as { id: string }).id === id) || undefined;
      },
      30_000,
      what,
    );
  };
  /** Keys on the Redis at `port` whose name contains `part`. */
  const keysWith = async (port: number, part: string) =>
    ((await ask(port, ['KEYS', `*${part}*`])) as string[] | undefined) ?? [];

  it('the exchange works through the master the sentinels name, and carries on after a failover', async () => {
    const api = new ApiClient(server.url);
    const exchangeBus = server.exchange.context.bus;
    const topic = `sentinel-test-${randomUUID()}`;
    const atExchange = await listen(exchangeBus, topic);
    const atOther = await listen(otherBus, topic);

    expect(await masterPort()).toBe(MASTER);
    const health = await api.get('/health');
    expect(health.status).toBe(200);
    expect(health.body.bus).toEqual({ status: 'ok', kind: 'redis' });
    await delivered(otherBus, topic, atExchange, 'a message from the other process');
    await delivered(exchangeBus, topic, atOther, 'a message to the other process');
    // Wrong passwords are counted in Redis, on the master.
    const trader = await registerTrader(api);
    expect((await api.post('/auth/login', { email: trader.email, password: 'not-the-password-1' })).status).toBe(401);
    expect(await keysWith(MASTER, trader.email)).not.toEqual([]);

    const master = children.get(MASTER)!;
    const exited = new Promise((resolve) => master.once('exit', resolve));
    master.kill('SIGKILL');
    await exited;
    // Before the sentinels agree the master is down (a second at least), a command fails at once, as
    // an outage of Redis: a request meeting it answers 503.
    const refusal: unknown = await other.ping().catch((error: unknown) => error);
    expect(outageOf(refusal)).toBe('redis');

    // Requests meanwhile: served, or refused for the outage with Retry-After, never failed.
    const answers: Array<{ path: string; status: number; retryAfter: string | null }> = [];
    const send = async (method: string, route: string, body?: unknown, token?: string) => {
      const response = await fetch(`${server.url}${route}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      await response.arrayBuffer();
      answers.push({ path: route, status: response.status, retryAfter: response.headers.get('retry-after') });
      return response.status;
    };
    const login = { email: trader.email, password: trader.password };
    await eventually(
      async () => {
        const [healthStatus] = await Promise.all([
          send('GET', '/api/health'),
          send('POST', '/api/auth/login', login),
          send('GET', '/api/v3/time'),
          send('GET', '/api/v3/ping'),
        ]);
        return healthStatus === 200 && (await masterPort()) === REPLICA ? true : undefined;
      },
      60_000,
      'the replica promoted and the exchange healthy again',
    );
    const failed = answers.filter(({ status, retryAfter }) => !(status < 300 || (status === 503 && retryAfter)));
    expect(failed).toEqual([]);

    // The subscriptions made before the failover hear messages published on the new master.
    await delivered(otherBus, topic, atExchange, 'a message from the other process after the failover');
    await delivered(exchangeBus, topic, atOther, 'a message to the other process after the failover');
    const newcomer = await registerTrader(api);
    await eventually(
      async () => {
        await api.post('/auth/login', { email: newcomer.email, password: 'not-the-password-1' });
        return (await keysWith(REPLICA, newcomer.email)).length > 0 || undefined;
      },
      15_000,
      'wrong passwords counted on the new master',
    );
    expect((await api.post('/auth/login', login)).status).toBe(200);
  });
});
