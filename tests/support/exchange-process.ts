import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../server/platform/db/data-source';
import { initializeWithRetry } from '../../server/platform/db/database';
import { ApiClient } from './http-client';
import { TEST_REDIS_PREFIX } from './redis-namespace';
import { ENTITIES } from '../../server/entities';

const ROOT = path.resolve(__dirname, '..', '..');

/** The exchange as a separate process (server/main.ts), so a test can kill it as a crash would. */
export interface ExchangeProcess {
  url: string;
  /** Everything it printed so far. */
  output(): string;
  /** Signals the whole process group (tsx and its node child) and waits for the exit. */
  kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** Its exit code once it has exited (null: killed by a signal), undefined while it runs. */
  exitCode(): number | null | undefined;
}

export async function reservePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts server/main.ts on the test database with `env` added (its PORT, if given, else a free one),
 * and waits until /api/health answers.
 */
export async function startExchangeProcess(
  env: Record<string, string>,
  dataDir = mkdtempSync(path.join(tmpdir(), 'exchange-process-')),
): Promise<ExchangeProcess> {
  const port = env.PORT ? Number(env.PORT) : await reservePort();
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      DATABASE_POOL_SIZE: process.env.TEST_DATABASE_POOL_SIZE,
      REDIS_PREFIX: TEST_REDIS_PREFIX,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MARKET_MAKER: 'off',
      MARKET_FEED: 'off',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      // Test files open hundreds of WebSockets from one address; the limit's own test sets it.
      STREAM_CONNECTION_LIMIT: '0',
      CLIENT_DIST: '/nonexistent',
      ...env,
    },
  });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`exchange exited at start:\n${printed}`);
    if (waited > 60_000) throw new Error(`exchange did not start:\n${printed}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => printed,
    exitCode: () => exitCode,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, signal);
      await exited;
    },
  };
}

/**
 * Runs `work` on the test database between exchange processes: the test process holds no
 * connection while one runs, since the embedded test database serves one connection at a time
 * (and it waits, as a starting exchange does, until it has seen the exchange's connection leave).
 */
export async function withDatabase<T>(work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const dataSource = createDataSource({ url: process.env.TEST_DATABASE_URL!, poolSize: 1, entities: ENTITIES });
  await initializeWithRetry(dataSource);
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** Waits until the exchange at `url` has rebuilt its books (asking through `client`). */
export async function tradingReady(url: string, client: ApiClient) {
  for (let tries = 0; tries < 100; tries++) {
    // Depth comes from the engine's books: it answers once they are rebuilt.
    if ((await client.get('/market/depth?symbol=XRPUSDT')).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`trading did not start at ${url}`);
}

/**
 * A CLUSTER=on process on `databaseUrl` and the tests' Redis, once its books serve. Its JWT and
 * encryption keys are fixed, so that a token or an API key made through one such process works
 * through another. `env` adds to or overrides its settings.
 */
export async function startClusterProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ExchangeProcess> {
  const exchange = await startExchangeProcess({
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: process.env.REDIS_URL!,
    CLUSTER: 'on',
    JWT_SECRET: 'cluster-test-secret-of-at-least-32-chars',
    ENCRYPTION_KEY: 'ab'.repeat(32),
    ...env,
  });
  await tradingReady(exchange.url, new ApiClient(exchange.url));
  return exchange;
}
