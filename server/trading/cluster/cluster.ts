import { randomUUID } from 'node:crypto';
import type { Redis } from '../../platform/bus/event-bus';
import { ConfigError, type Config } from '../../platform/config/config';
import type { Logger } from '../../platform/logger/logger';
import { AdvisoryLocks } from './advisory-locks';

/** How often a process tries the locks it does not hold: the longest a dead owner's work goes unserved. */
export const CLAIM_INTERVAL_MS = 1000;

/** Starts `start` once this process holds the lock `name`; resolves after the first attempt. */
export type Election = (name: string, start: () => Promise<void>) => Promise<void>;

/** One process: whatever is asked of it, it does itself. */
export const soleProcess: Election = (_name, start) => start();

/**
 * This process as one of several sharing a PostgreSQL database and a Redis: its advisory locks
 * (who owns what), and Redis channels in the deployment's namespace, so processes of other
 * deployments on the same Redis never hear them.
 */
export class Cluster {
  /** This process, for replies addressed to it. */
  readonly id = randomUUID();
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    readonly locks: AdvisoryLocks,
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly namespace: string,
    private readonly logger: Logger,
  ) {}

  /** `prefix`: the deployment's Redis namespace (bus/redis-prefix.ts). */
  static async join(databaseUrl: string, redis: Redis, prefix: string, logger: Logger): Promise<Cluster> {
    // Fail-stop: another process may take the books over at once, so this one must not match any more.
    const locks = await AdvisoryLocks.connect(databaseUrl, logger, () => process.exit(1));
    const subscriber = redis.duplicate();
    subscriber.on('error', () => undefined); // reconnects by itself; forwarded calls time out meanwhile
    await subscriber.connect();
    return new Cluster(locks, redis, subscriber, `${prefix}:cluster`, logger);
  }

  channel(name: string): string {
    return `${this.namespace}:${name}`;
  }

  /** Resolves to how many processes received the message (0: nobody listens on that channel now). */
  async publish(channel: string, message: unknown): Promise<number> {
    return this.publisher.publish(channel, JSON.stringify(message));
  }

  async subscribe(channel: string, handler: (message: unknown) => void): Promise<void> {
    await this.subscriber.subscribe(channel, (raw) => {
      let message: unknown;
      try {
        message = JSON.parse(raw);
      } catch {
        this.logger.warn({ channel }, 'cluster message is not JSON');
        return;
      }
      handler(message);
    });
  }

  async unsubscribe(channel: string): Promise<void> {
    await this.subscriber.unsubscribe(channel);
  }

  /** Calls `work` now and every CLAIM_INTERVAL_MS until close. */
  every(work: () => Promise<void>): Promise<void> {
    this.timers.add(setInterval(() => void work(), CLAIM_INTERVAL_MS));
    return work();
  }

  /** The lock `name` elects one process to run `start`; the others keep trying and take over when it dies. */
  readonly elect: Election = async (name, start) => {
    // held: this process has the lock (session locks are re-entrant: never ask twice); busy: an attempt is running.
    let held = false;
    let busy = false;
    const attempt = async () => {
      if (held || busy) return;
      busy = true;
      try {
        held = await this.locks.tryLock(name);
        if (!held) return;
        this.logger.info({ lock: name }, 'this process was elected');
        await start();
      } catch (error) {
        this.logger.error({ err: error, lock: name }, 'elected work failed to start; giving the lock back');
        if (held) await this.locks.unlock(name).catch(() => undefined);
        held = false;
      } finally {
        busy = false;
      }
    };
    await this.every(attempt);
  };

  /** Stops trying, then releases every lock (by ending its session): call once this process's work has stopped. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    await this.subscriber.close();
    await this.locks.close();
  }
}

/**
 * CLUSTER=on: this process shares the books with others. That needs Redis to talk and a database
 * that can lend a connection to the locks for good: not the embedded database, nor one reached
 * with a single connection (a PGlite server serves one). Otherwise one process serves everything
 * and no lock connection is opened.
 */
export function clusterWanted(
  config: Pick<Config, 'CLUSTER' | 'REDIS_URL' | 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>,
  embedded: boolean,
): boolean {
  if (config.CLUSTER === 'off') return false;
  if (!config.REDIS_URL || !config.DATABASE_URL || embedded || config.DATABASE_POOL_SIZE < 2) {
    throw new ConfigError('CLUSTER=on needs REDIS_URL, and DATABASE_URL (PostgreSQL) with DATABASE_POOL_SIZE above 1');
  }
  return true;
}
