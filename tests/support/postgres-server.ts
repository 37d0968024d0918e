import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { appendFileSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { reservePort } from './exchange-process';

/**
 * A PostgreSQL server of the test's own, on a free port, that the test may stop and start again
 * (never the machine's own). Its data lives in a temporary directory until remove().
 */
export interface PostgresServer {
  /** Its `postgres` database, as user postgres without a password. */
  url: string;
  port: number;
  /** A fast shutdown, as an administrator's restart begins: sessions are ended with 57P01. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  remove(): Promise<void>;
}

/** The server's binaries: Debian keeps them out of PATH, under the installed version's directory. */
function binary(name: string): string {
  const bin = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  return path.join(bin, name);
}

/** PostgreSQL refuses to run as root: then it runs as the system's postgres user. */
function runAs(): Pick<SpawnOptions, 'uid' | 'gid'> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Where a server keeps its data, and how to run it. */
interface Cluster {
  root: string;
  dataDir: string;
  port: number;
  user: Pick<SpawnOptions, 'uid' | 'gid'>;
}

/** A temporary directory for a new server's data, owned by whom it runs as. */
function newCluster(port: number): Cluster {
  const user = runAs();
  const root = mkdtempSync(path.join(tmpdir(), 'test-postgres-'));
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  if (user.uid !== undefined) {
    chownSync(root, user.uid, user.gid!);
    chownSync(dataDir, user.uid, user.gid!);
  }
  return { root, dataDir, port, user };
}

/** Settings given as `-c name=value` on the server's command line. */
export type PostgresSettings = Record<string, string>;

async function run({ root, dataDir, port, user }: Cluster, settings: PostgresSettings): Promise<PostgresServer> {
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;
  const start = async () => {
    const all = { listen_addresses: '127.0.0.1', fsync: 'off', ...settings };
    const flags = Object.entries(all).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
    child = spawn(binary('postgres'), ['-D', dataDir, '-p', String(port), '-k', root, ...flags], {
      ...user,
      stdio: 'ignore',
    });
    for (let tries = 0; !(await answers(url)); tries++) {
      if (tries > 200) throw new Error(`postgres did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGINT');
    await exited;
  };
  try {
    await start();
  } catch (error) {
    await stop();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    start,
    stop,
    async remove() {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A new server on `port` (unset: a free one), with these settings besides the test defaults. */
export async function startPostgresServer(
  options: { port?: number; settings?: PostgresSettings } = {},
): Promise<PostgresServer> {
  const cluster = newCluster(options.port ?? (await reservePort()));
  execFileSync(binary('initdb'), ['-D', cluster.dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'], {
    ...cluster.user,
    stdio: 'ignore',
  });
  // In its configuration file, not on the command line: ALTER SYSTEM can then change them.
  const lines = Object.entries(options.settings ?? {}).map(([name, value]) => `${name} = '${value}'\n`);
  appendFileSync(path.join(cluster.dataDir, 'postgresql.conf'), lines.join(''));
  return run(cluster, {});
}

/**
 * A hot standby streaming from `primary` (copied by pg_basebackup -R), on `port`; it connects to
 * the primary as `name`, which synchronous_standby_names may list.
 */
export async function startPostgresStandby(
  primary: PostgresServer,
  options: { port: number; name: string },
): Promise<PostgresServer> {
  const cluster = newCluster(options.port);
  execFileSync(
    binary('pg_basebackup'),
    ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', cluster.dataDir, '-R', '-X', 'stream'],
    { ...cluster.user, stdio: 'ignore' },
  );
  return run(cluster, { hot_standby: 'on', cluster_name: options.name });
}
