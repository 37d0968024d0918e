import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The administrator `ha:up` creates for the tests. */
export const HA_ADMIN = { email: 'ha-admin@example.com', password: 'ha-admin-password-1' };

/** Runs `npm run ha:<command> -- <args>` as an operator would; answers what it printed. */
export function ha(command: string, ...args: string[]): string {
  const result = spawnSync('npm', ['run', '--silent', `ha:${command}`, '--', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      ADMIN_EMAIL: HA_ADMIN.email,
      ADMIN_PASSWORD: HA_ADMIN.password,
      // The traders of the failover test send as fast as they are answered, from one address.
      ORDER_RATE_LIMIT: '0',
      MONEY_RATE_LIMIT: '0',
      MAX_PENDING_DEPOSITS: '0',
      MAX_PENDING_WITHDRAWALS: '0',
      AUTH_RATE_LIMIT: '1000',
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`ha:${command} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

export interface HaStatus {
  app: string;
  postgres: Array<{ name: string; role: 'leader' | 'sync_standby' | 'replica'; port: number; pid: number }>;
  redis: Array<{ role: 'master' | 'replica'; port: number; pid: number }>;
  sentinels: Array<{ port: number; pid: number }>;
  exchanges: Array<{ port: number; pid: number }>;
}

export const haStatus = (): HaStatus => JSON.parse(ha('status', '--json'));
