import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logger/logger';
import { UNOBSERVED_BUS, type BusObserver } from '../metrics/bus';
import type { Redis } from './redis';

export type BusHandler = (message: unknown) => void;

/**
 * Events between the services and every server process: in memory for one process, Redis pub/sub
 * when several share the work. Messages are JSON; publish only after the transaction has committed.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  /**
   * Sends `message` on its way and returns at once: delivery is the bus's own business (retried a
   * few times, then logged), never the caller's, whose transaction has already committed.
   */
  publish(topic: string, message: unknown): void;
  subscribe(topic: string, handler: BusHandler): Promise<void>;
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

class MemoryBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  constructor(private readonly observer: BusObserver) {}

  publish(topic: string, message: unknown) {
    this.observer.published();
    // Same JSON round trip as Redis, so nothing works here that would break across processes.
    const copy: unknown = JSON.parse(JSON.stringify(message));
    queueMicrotask(() => this.emitter.emit(topic, copy));
  }

  async subscribe(topic: string, handler: BusHandler) {
    this.emitter.on(topic, handler);
  }

  async isHealthy() {
    return true;
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}

/** Waits before each retry of a message Redis refused: about 3 s in all, then it is dropped. */
const PUBLISH_RETRY_DELAYS_MS = [100, 400, 1000, 1500];
/**
 * Dropped messages are reported at most this often, with how many: an outage drops thousands a
 * second, and a line each would flood the log (and a process writing its log to a pipe can block).
 */
const DROP_REPORT_INTERVAL_MS = 10_000;

class RedisBus implements EventBus {
  readonly kind = 'redis' as const;
  /** Messages dropped since the last report, and when that was. */
  private dropped = 0;
  private droppedReportedAt = -Infinity;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
    private readonly observer: BusObserver,
  ) {}

  publish(topic: string, message: unknown) {
    this.observer.published();
    void this.deliver(topic, JSON.stringify(message));
  }

  private async deliver(topic: string, payload: string) {
    const publishedAt = performance.now();
    for (let attempt = 0; ; attempt++) {
      try {
        await this.publisher.publish(this.channel(topic), payload);
        this.observer.delivered((performance.now() - publishedAt) / 1000);
        return;
      } catch (error) {
        const delay = PUBLISH_RETRY_DELAYS_MS[attempt];
        if (delay === undefined) {
          this.observer.dropped();
          this.reportDropped(topic, error);
          return;
        }
        await sleep(delay);
      }
    }
  }

  private reportDropped(topic: string, error: unknown) {
    this.dropped++;
    const now = Date.now();
    if (now - this.droppedReportedAt < DROP_REPORT_INTERVAL_MS) return;
    this.logger.error(
      { err: error, topic, dropped: this.dropped, attempts: PUBLISH_RETRY_DELAYS_MS.length + 1 },
      'bus messages dropped: Redis refused them',
    );
    this.dropped = 0;
    this.droppedReportedAt = now;
  }

  async subscribe(topic: string, handler: BusHandler) {
    await this.subscriber.subscribe(this.channel(topic), (raw) => handler(JSON.parse(raw)));
  }

  async isHealthy() {
    try {
      return (await this.publisher.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close() {
    await Promise.allSettled([this.subscriber.close(), this.publisher.close()]);
  }

  private channel(topic: string) {
    return `${this.prefix}:${topic}`;
  }
}

/**
 * `prefix`: the deployment's namespace (see redis-prefix.ts), so deployments sharing a Redis never
 * hear each other; `observer`: the metrics of what is published, delivered and dropped.
 */
export async function createEventBus(
  redis: Redis | null,
  prefix: string,
  logger: Logger,
  observer: BusObserver = UNOBSERVED_BUS,
): Promise<EventBus> {
  if (!redis) return new MemoryBus(observer);
  const subscriber = redis.duplicate();
  subscriber.on('error', () => undefined);
  await subscriber.connect();
  return new RedisBus(redis, subscriber, prefix, logger, observer);
}
