import type { DataSource } from 'typeorm';
import { outageOf } from '../health/outages';
import type { Logger } from '../logger/logger';

/** A standby found unreachable is said at most this often, however many reads fall back meanwhile. */
const FALLBACK_LOG_INTERVAL_MS = 10_000;

/**
 * Where history (order and trade history, klines, the admin's lists and exports) is read: the
 * synchronous standbys of DATABASE_READ_URL, or the primary when it is unset. A read the standby
 * cannot answer for being unreachable is read again, once, on the primary (README.md).
 */
export class HistoryReads {
  private lastFallbackLog = -Infinity;

  constructor(
    private readonly source: DataSource,
    private readonly primary: DataSource,
    private readonly logger: Logger,
  ) {}

  /** Whether reads go to a source of their own (a standby), not the primary. */
  get separate(): boolean {
    return this.source !== this.primary;
  }

  /** Runs `read` on the read source; if that is unreachable, once more on the primary. */
  async run<T>(read: (db: DataSource) => Promise<T>): Promise<T> {
    if (!this.separate) return read(this.primary);
    try {
      return await read(this.source);
    } catch (error) {
      if (outageOf(error) !== 'database') throw error;
      this.fellBack(error);
      return read(this.primary);
    }
  }

  private fellBack(error: unknown) {
    const now = Date.now();
    if (now - this.lastFallbackLog < FALLBACK_LOG_INTERVAL_MS) return;
    this.lastFallbackLog = now;
    this.logger.warn({ err: error }, 'read standby unreachable: history reads fall back to the primary');
  }
}
