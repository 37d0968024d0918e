/**
 * Starts the whole exchange (API, Socket.IO and the built client on one port) as a child process
 * for browser tests: fresh data folder, free port, known admin, waits for /api/health, then gives
 * it the venue's bank account (deposits are refused without an active one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildStaleClient } from '../../../scripts/build-if-stale';
import { createFreshDatabase } from '../../support/fresh-database';
import { VENUE_BANK_ACCOUNT } from '../../support/venue-bank-account';
import { api } from './exchange-api';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const STARTUP_TIMEOUT_MS = 90_000;

/** Process groups still running; ended when the test process exits, even after a timed-out hook. */
const running = new Set<number>();
process.once('exit', () => {
  for (const pgid of running) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

export interface ExchangeServer {
  baseUrl: string;
  admin: { email: string; password: string };
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exchange server exited early (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`exchange server did not become healthy in time:\n${output()}`);
}

/** The venue's bank account, added as an administrator adds one. */
async function addBankAccount(baseUrl: string, admin: ExchangeServer['admin']): Promise<void> {
  const { token } = await api<{ token: string }>({ baseUrl }, null, 'POST', '/auth/login', admin);
  await api({ baseUrl }, token, 'POST', '/admin/bank-account', VENUE_BANK_ACCOUNT);
}

export async function startExchangeServer(extraEnv: Record<string, string> = {}): Promise<ExchangeServer> {
  // Built when its bundle is missing or older than its sources: the pages tested are the code's.
  buildStaleClient();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exchange-browser-'));
  // With PostgreSQL, each server gets a database of its own: nothing of earlier runs shows up.
  const database = process.env.DATABASE_URL
    ? await createFreshDatabase(process.env.DATABASE_URL, 'exchange_browser')
    : null;
  const admin = { email: 'admin@example.com', password: 'admin-password-123' };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(database ? { DATABASE_URL: database.url } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MARKET_MAKER: 'off',
    MARKET_FEED: 'simulated',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    AUTH_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };

  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env,
    detached: true, // own process group, so stop() also ends tsx's node child
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid) running.add(child.pid);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 8000);
      await exited;
      clearTimeout(timer);
    }
    if (child.pid) running.delete(child.pid);
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };

  try {
    await waitForHealth(baseUrl, child, () => log);
    // An administrator must turn two-factor on before adding one: those servers' tests take no deposits.
    if (extraEnv.ADMIN_REQUIRE_2FA !== 'on') await addBankAccount(baseUrl, admin);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, admin, stop };
}
