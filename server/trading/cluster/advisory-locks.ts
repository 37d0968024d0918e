import { createHash } from 'node:crypto';
import { Client } from 'pg';

/** A 64-bit advisory lock key from a name: the same name gives the same key in every process. */
export function lockKey(name: string): string {
  return createHash('sha256').update(`exchange:${name}`).digest().readBigInt64BE(0).toString();
}

/** How the lock sessions show in pg_stat_activity. */
export const LOCK_SESSION_NAME = 'exchange-advisory-locks';

/**
 * PostgreSQL session advisory locks on a connection of their own: when the process dies its
 * connection closes and PostgreSQL releases every lock it held, so a survivor can take them. Not
 * from the TypeORM pool, whose connections come and go. The session can be lost while the process
 * lives (a database failover ends every session): `onLost` is told, and until `reopen` succeeds
 * this process holds no lock at all.
 */
export class AdvisoryLocks {
  private client: Client | null = null;
  private closed = false;

  private constructor(
    private readonly url: string,
    private readonly onLost: () => void,
  ) {}

  /** Opens the lock session; `onLost` runs each time it drops while the process still relies on it. */
  static async connect(url: string, onLost: () => void): Promise<AdvisoryLocks> {
    const locks = new AdvisoryLocks(url, onLost);
    await locks.reopen();
    return locks;
  }

  /** Whether a lock session is open now. */
  get connected(): boolean {
    return this.client !== null;
  }

  /** Opens a new session, holding no lock yet; throws if the database cannot be reached. */
  async reopen(): Promise<void> {
    const client = new Client({ connectionString: this.url, application_name: LOCK_SESSION_NAME });
    const lost = () => {
      if (this.client !== client) return; // still connecting (connect throws), or already dropped
      this.client = null;
      void client.end().catch(() => undefined);
      if (!this.closed) this.onLost();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  /** Takes the lock if nobody holds it; never waits. No session: not held. Locks are re-entrant per session: ask once per name. */
  async tryLock(name: string): Promise<boolean> {
    if (!this.client) return false;
    try {
      const { rows } = await this.client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1::bigint) AS locked',
        [lockKey(name)],
      );
      return rows[0]!.locked;
    } catch {
      return false; // the session is dropping: onLost tells the rest
    }
  }

  async unlock(name: string): Promise<void> {
    await this.client?.query('SELECT pg_advisory_unlock($1::bigint)', [lockKey(name)]);
  }

  /** Closing the session releases every lock it holds. */
  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end();
  }
}
