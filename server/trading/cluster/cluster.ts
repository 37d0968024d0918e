import { randomUUID } from 'node:crypto';
import type { Redis } from '../../platform/bus/redis';
import { ConfigError, usesRedis, type Config } from '../../platform/config/config';
import type { Logger } from '../../platform/logger/logger';
import { AdvisoryLocks } from './advisory-locks';

/** How often a process tries the locks it does not hold: the longest a dead owner's work goes unserved. */
export const CLAIM_INTERVAL_MS = 1000;

/**
 * Starts `start` once this process holds the lock `name`; resolves after the first attempt. `stop`
 * ends the work should the lock be lost (it may run again once the lock is won back), and is
 * safe to call when the work never started.
 */
export type Election = (name: string, start: () => Promise<void>, stop?: () => Promise<void>) => Promise<void>;

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
  /** What stops this process's locked work when the lock session is lost. */
  private readonly standDowns = new Set<() => Promise<void>>();
  /** The stand-down and reconnection after the last loss of the lock session. */
  private recovery: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    readonly locks: AdvisoryLocks,
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly namespace: string,
    private readonly logger: Logger,
  ) {}

  /** `prefix`: the deployment's Redis namespace (bus/redis-prefix.ts). */
  static async join(databaseUrl: string, redis: Redis, prefix: string, logger: Logger): Promise<Cluster> {
    const subscriber = redis.duplicate();
    subscriber.on('error', () => undefined); // reconnects by itself; forwarded calls time out meanwhile
    await subscriber.connect();
    let cluster: Cluster | null = null;
    const locks = await AdvisoryLocks.connect(databaseUrl, () => cluster?.lockSessionLost());
    cluster = new Cluster(locks, redis, subscriber, `${prefix}:cluster`, logger);
    return cluster;
  }

  /** Runs `standDown` when the lock session is lost, before it is opened again. */
  onLockLoss(standDown: () => Promise<void>): void {
    this.standDowns.add(standDown);
  }

  /**
   * Another process may take this one's books and elections the moment its session is gone, so
   * everything they guard stops at once; then the session is opened again (quietly, every
   * CLAIM_INTERVAL_MS), and the claims and elections, which go on trying, win what is free.
   */
  private lockSessionLost(): void {
    this.logger.error('advisory lock session lost: this process stops serving its books and elected work');
    this.recovery = this.recovery.then(async () => {
      await Promise.all(
        [...this.standDowns].map((standDown) =>
          standDown().catch((error: unknown) => this.logger.error({ err: error }, 'standing down failed')),
        ),
      );
      while (!this.closed && !this.locks.connected) {
        try {
          await this.locks.reopen();
          if (!this.closed) this.logger.info('advisory lock session open again: claiming books and elections');
        } catch {
          await new Promise((resolve) => setTimeout(resolve, CLAIM_INTERVAL_MS).unref());
        }
      }
    });
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

  /**
   * The lock `name` elects one process to run `start`; the others keep trying and take over when it
   * dies. Should this process lose its lock session, `stop` ends the work and it stands again.
   */
  readonly elect: Election = async (name, start, stop) => {
    // held: this process has the lock (session locks are re-entrant: never ask twice).
    let held = false;
    let attempting: Promise<void> | null = null;
    const attempt = async () => {
      if (held) return;
      try {
        held = await this.locks.tryLock(name);
        if (!held) return;
        this.logger.info({ lock: name }, 'this process was elected');
        await start();
      } catch (error) {
        this.logger.error({ err: error, lock: name }, 'elected work failed to start; giving the lock back');
        if (held) await this.locks.unlock(name).catch(() => undefined);
        held = false;
      }
    };
    this.onLockLoss(async () => {
      await attempting;
      if (!held) return;
      held = false;
      await stop?.();
    });
    await this.every(() => (attempting ??= attempt().finally(() => (attempting = null))));
  };

  /** Stops trying, then releases every lock (by ending its session): call once this process's work has stopped. */
  async close(): Promise<void> {
    this.closed = true;
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
  config: Pick<Config, 'CLUSTER' | 'REDIS_URL' | 'REDIS_SENTINELS' | 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>,
  embedded: boolean,
): boolean {
  if (config.CLUSTER === 'off') return false;
  if (!usesRedis(config) || !config.DATABASE_URL || embedded || config.DATABASE_POOL_SIZE < 2) {
    throw new ConfigError(
      'CLUSTER=on needs REDIS_URL or REDIS_SENTINELS, and DATABASE_URL (PostgreSQL) with DATABASE_POOL_SIZE above 1',
    );
  }
  return true;
}
