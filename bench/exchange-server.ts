import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool, type Dispatcher } from 'undici';
import serverNodeArgs from '../scripts/server-node-args';
import { reservePort } from '../tests/support/exchange-process';
import { createFreshDatabase } from '../tests/support/fresh-database';

const ROOT = path.join(__dirname, '..');

/**
 * For a bench that trades: no market maker or price feed trading beside it, and limits that count
 * its traders' hundreds of orders a second as always but never refuse them.
 */
export const TRADING_BENCH_ENV: Record<string, string> = {
  MARKET_MAKER: 'off',
  MARKET_FEED: 'off',
  AUTH_RATE_LIMIT: '1000000',
  ORDER_RATE_LIMIT: '100000000',
  // The Binance-compatible surface's weights and order counts, likewise.
  API_WEIGHT_LIMIT: '0',
  API_ORDER_LIMIT: '0',
  API_DAILY_ORDER_LIMIT: '0',
  STREAM_CONNECTION_LIMIT: '0',
  // The clients of a bench all connect from one address.
  SOCKET_CONNECTION_LIMIT: '0',
  CLIENT_DIST: '/nonexistent',
};

export interface BenchExchange {
  url: string;
  port: number;
  pid: number;
  /** Stops the server's process group and waits for its exit. */
  stop(): Promise<void>;
}

/**
 * The exchange as `npm start` runs it: compiled by tsc, with its node flags (and BENCH_NODE_ARGS, e.g.
 * '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it), in a process group of its own on a free
 * port, its data in a new temporary folder, with `env` over the process's environment; resolves once
 * /api/health answers.
 */
export async function startBenchExchange(name: string, env: Record<string, string>): Promise<BenchExchange> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  const port = await reservePort();
  const child = spawn(process.execPath, [...serverNodeArgs, ...nodeArgs, 'dist/server/main.js'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `bench-${name}-`)),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'bench-admin@example.com',
      ADMIN_PASSWORD: 'bench-admin-password',
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error('exchange exited at start');
    const ready = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, port, pid: child.pid!, stop };
    if (tries > 300) {
      await stop();
      throw new Error('exchange did not start');
    }
    await sleep(200);
  }
}

/** The PostgreSQL server whose fresh databases the benches run on. */
const DATABASE_SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchRun {
  server: BenchExchange;
  /** Keep-alive connections to the server (undici, not node:http: it costs the shared cores a third less CPU per request). */
  http: Pool;
  databaseUrl: string;
}

/**
 * Runs `body` against the exchange on a database of its own (on DATABASE_URL's server, or the local
 * one) with `env`, through a pool of `connections`; then closes the pool, stops the server and
 * drops the database, whatever happened.
 */
export async function withBenchExchange<T>(
  name: string,
  options: { env: Record<string, string>; connections: number },
  body: (run: BenchRun) => Promise<T>,
): Promise<T> {
  const database = await createFreshDatabase(DATABASE_SERVER, `bench_${name.replaceAll('-', '_')}`);
  try {
    const server = await startBenchExchange(name, { ...options.env, DATABASE_URL: database.url });
    const http = new Pool(server.url, { connections: options.connections });
    try {
      return await body({ server, http, databaseUrl: database.url });
    } finally {
      await http.close();
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

/** JSON answer of one API call (setup and health checks). */
export async function call(
  http: Pool,
  method: Dispatcher.HttpMethod,
  urlPath: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await http.request({
    method,
    path: `/api${urlPath}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.body.text();
  return { status: response.statusCode, body: text ? JSON.parse(text) : undefined };
}
