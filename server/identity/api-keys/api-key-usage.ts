import type { DataSource } from 'typeorm';
import type { Logger } from '../../platform/logger/logger';

/** A key's last_used_at moves at most this often: the list shows when a key was last used to the minute. */
export const LAST_USED_RESOLUTION_MS = 60_000;
/** How often this process writes the uses it saw. */
const WRITE_EVERY_MS = 5_000;

interface Use {
  usedAt: number;
  /** The use last written (or found already recorded), if any. */
  writtenAt: number | null;
}

/**
 * Records when keys are used, off the request's path: a request notes the time in memory, and a
 * timer writes the keys whose last write is a minute old, all in one statement. The statement
 * itself skips a key another process recorded within the minute, so the row changes about once a
 * minute per key however many processes serve it.
 */
export class ApiKeyUsage {
  private readonly uses = new Map<string, Use>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Notes that key `keyId` was used now. */
  touch(keyId: string): void {
    const use = this.uses.get(keyId);
    if (use) use.usedAt = this.now();
    else this.uses.set(keyId, { usedAt: this.now(), writtenAt: null });
  }

  start(): void {
    this.timer ??= setInterval(() => void this.write(), WRITE_EVERY_MS).unref();
  }

  /** Stops the timer and writes what is due. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.write();
  }

  /** Writes the uses due; one write at a time. */
  write(): Promise<void> {
    this.writing = this.writing.then(() => this.writeDue());
    return this.writing;
  }

  private async writeDue(): Promise<void> {
    const due = [...this.uses].filter(
      ([, use]) => use.writtenAt === null || use.usedAt - use.writtenAt >= LAST_USED_RESOLUTION_MS,
    );
    if (due.length === 0) return;
    try {
      await this.dataSource.query(
        `UPDATE api_keys SET last_used_at = used.at
           FROM unnest($1::uuid[], $2::timestamptz[]) AS used(id, at)
          WHERE api_keys.id = used.id
            AND (api_keys.last_used_at IS NULL OR api_keys.last_used_at <= used.at - $3::int * interval '1 millisecond')`,
        [due.map(([keyId]) => keyId), due.map(([, use]) => new Date(use.usedAt)), LAST_USED_RESOLUTION_MS],
      );
      for (const [, use] of due) use.writtenAt = use.usedAt;
      this.forgetIdle();
    } catch (error) {
      // Kept for the next turn; a key's last use is worth a log line, never a failed request.
      this.logger.warn({ err: error, keys: due.length }, 'api keys: last use not recorded');
    }
  }

  /** Drops keys written and unused for a while: a key used again starts over (its next use is written). */
  private forgetIdle(): void {
    const now = this.now();
    for (const [keyId, use] of this.uses)
      if (use.writtenAt === use.usedAt && now - use.usedAt >= LAST_USED_RESOLUTION_MS) this.uses.delete(keyId);
  }
}
