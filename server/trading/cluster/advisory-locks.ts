import { createHash } from 'node:crypto';
import { Client } from 'pg';
import type { Logger } from '../../platform/logger/logger';

/** A 64-bit advisory lock key from a name: the same name gives the same key in every process. */
export function lockKey(name: string): string {
  return createHash('sha256').update(`exchange:${name}`).digest().readBigInt64BE(0).toString();
}

/**
 * PostgreSQL session advisory locks on a connection of their own, held for the life of the
 * process: when the process dies its connection closes and PostgreSQL releases every lock it held,
 * so a survivor can take them. Not from the TypeORM pool, whose connections come and go.
 */
export class AdvisoryLocks {
  private closing = false;

  private constructor(
    private readonly client: Client,
    readonly database: string,
  ) {}

  /** `onLost` runs if the connection drops while the process still relies on its locks. */
  static async connect(url: string, logger: Logger, onLost: () => void): Promise<AdvisoryLocks> {
    const client = new Client({ connectionString: url, application_name: 'exchange-advisory-locks' });
    await client.connect();
    const [row] = (await client.query<{ name: string }>('SELECT current_database() AS name')).rows;
    const locks = new AdvisoryLocks(client, row!.name);
    const lost = (error?: Error) => {
      if (locks.closing) return;
      locks.closing = true;
      logger.fatal({ err: error }, 'advisory lock connection lost: this process no longer owns its books');
      onLost();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    return locks;
  }

  /** Takes the lock if nobody holds it; never waits. Locks are re-entrant per session: ask once per name. */
  async tryLock(name: string): Promise<boolean> {
    const { rows } = await this.client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [
      lockKey(name),
    ]);
    return rows[0]!.locked;
  }

  async unlock(name: string): Promise<void> {
    await this.client.query('SELECT pg_advisory_unlock($1::bigint)', [lockKey(name)]);
  }

  /** Closing the session releases every lock it holds. */
  async close(): Promise<void> {
    this.closing = true;
    await this.client.end();
  }
}
