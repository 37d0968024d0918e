import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'redis';
import type { Logger } from '../logger';

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

  publish(topic: string, message: unknown) {
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

// Commands fail at once while the connection is down instead of queueing until it is back: a
// publish is retried by the bus, a rate limit falls back to the process's own counters.
const newRedisClient = (url: string) => createClient({ url, disableOfflineQueue: true });
export type Redis = ReturnType<typeof newRedisClient>;

class RedisBus implements EventBus {
  readonly kind = 'redis' as const;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {}

  publish(topic: string, message: unknown) {
    void this.deliver(topic, JSON.stringify(message));
  }

  private async deliver(topic: string, payload: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.publisher.publish(this.channel(topic), payload);
        return;
      } catch (error) {
        const delay = PUBLISH_RETRY_DELAYS_MS[attempt];
        if (delay === undefined) {
          this.logger.error({ err: error, topic, attempts: attempt + 1 }, 'bus message dropped: Redis refused it');
          return;
        }
        await sleep(delay);
      }
    }
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

export async function connectRedis(url: string): Promise<Redis> {
  const client = newRedisClient(url);
  client.on('error', () => undefined); // reconnects by itself; health reports the outage
  await client.connect();
  return client;
}

/** `prefix`: the deployment's namespace (see redis-prefix.ts), so deployments sharing a Redis never hear each other. */
export async function createEventBus(redis: Redis | null, prefix: string, logger: Logger): Promise<EventBus> {
  if (!redis) return new MemoryBus();
  const subscriber = redis.duplicate();
  subscriber.on('error', () => undefined);
  await subscriber.connect();
  return new RedisBus(redis, subscriber, prefix, logger);
}
