import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { LOGS, PIDS } from './topology';

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
export const runsAsRoot = process.getuid?.() === 0;
export const asPostgres = (command: string[]) =>
  runsAsRoot ? ['setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups', ...command] : command;

/** The pid a supervised service's pidfile names, if that process is alive. */
export function pidOf(name: string): number | null {
  const file = path.join(PIDS, `${name}.pid`);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return pid > 0 && alive(pid) ? pid : null;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `command` under supervise.sh, detached from this process: it outlives `ha:up` and is
 * started again `restartDelaySeconds` after it exits, until `ha:down`. Its output goes to logs/<name>.log.
 */
export function startSupervised(
  name: string,
  command: string[],
  { env = process.env, restartDelaySeconds = 1 }: { env?: NodeJS.ProcessEnv; restartDelaySeconds?: number } = {},
): void {
  mkdirSync(LOGS, { recursive: true });
  mkdirSync(PIDS, { recursive: true });
  const log = openSync(path.join(LOGS, `${name}.log`), 'a');
  const supervisor = spawn(path.join(__dirname, 'supervise.sh'), [path.join(PIDS, `${name}.pid`), ...command], {
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...env, RESTART_DELAY: String(restartDelaySeconds) },
  });
  supervisor.unref();
  writeFileSync(path.join(PIDS, `${name}.supervisor`), String(supervisor.pid));
}

/** Runs a command to its end; throws with its output when it fails. */
export function run(command: string[], options: SpawnSyncOptions = {}): string {
  const [file, ...args] = command;
  const result = spawnSync(file!, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  }
  return String(result.stdout);
}

/** Polls `check` until it answers true; throws with `what` after `seconds`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`timed out after ${seconds} s waiting for ${what} (logs: ${LOGS})`);
}

/** Whether GET `url` answers `status` (200 by default). */
export const answers = (url: string, status = 200) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    (response) => response.status === status,
    () => false,
  );
