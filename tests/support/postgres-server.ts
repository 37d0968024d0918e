import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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

export async function startPostgresServer(): Promise<PostgresServer> {
  const port = await reservePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const user = runAs();
  const root = mkdtempSync(path.join(tmpdir(), 'test-postgres-'));
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  if (user.uid !== undefined) {
    chownSync(root, user.uid, user.gid!);
    chownSync(dataDir, user.uid, user.gid!);
  }
  execFileSync(binary('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'], {
    ...user,
    stdio: 'ignore',
  });
  let child: ChildProcess | undefined;
  const start = async () => {
    const settings = ['-p', String(port), '-k', root, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'];
    child = spawn(binary('postgres'), ['-D', dataDir, ...settings], { ...user, stdio: 'ignore' });
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
  await start();
  return {
    url,
    start,
    stop,
    async remove() {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
