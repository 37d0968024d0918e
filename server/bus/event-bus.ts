import { EventEmitter } from 'node:events';
import { createClient } from 'redis';

export type BusHandler = (message: unknown) => void;

/**
 * Events between the services and every server process: in memory for one process, Redis pub/sub
 * when several share the work. Messages are JSON; publish only after the transaction has committed.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(topic: string, message: unknown): Promise<void>;
  subscribe(topic: string, handler: BusHandler): Promise<void>;
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

class MemoryBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(topic: string, message: unknown) {
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

const newRedisClient = (url: string) => createClient({ url });
export type Redis = ReturnType<typeof newRedisClient>;

class RedisBus implements EventBus {
  readonly kind = 'redis' as const;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
  ) {}

  async publish(topic: string, message: unknown) {
    await this.publisher.publish(topic, JSON.stringify(message));
  }

  async subscribe(topic: string, handler: BusHandler) {
    await this.subscriber.subscribe(topic, (raw) => handler(JSON.parse(raw)));
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
}

export async function connectRedis(url: string): Promise<Redis> {
  const client = newRedisClient(url);
  client.on('error', () => undefined); // reconnects by itself; health reports the outage
  await client.connect();
  return client;
}

export async function createEventBus(redis: Redis | null): Promise<EventBus> {
  if (!redis) return new MemoryBus();
  const subscriber = redis.duplicate();
  subscriber.on('error', () => undefined);
  await subscriber.connect();
  return new RedisBus(redis, subscriber);
}
