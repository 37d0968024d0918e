import { createClient, createSentinel, ErrorReply } from 'redis';
import type { Config } from '../config/config';

/**
 * The commands the exchange sends to Redis, the same whether it is one server (REDIS_URL, a
 * node-redis client as it is) or a master found through Sentinel (REDIS_SENTINELS, SentinelRedis).
 */
export interface Redis {
  readonly isReady: boolean;
  ping(): Promise<string>;
  publish(channel: string, message: string): Promise<number>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  pTTL(key: string): Promise<number>;
  scanIterator(options: { MATCH: string; COUNT: number }): AsyncIterable<string[]>;
  /** rate-limiter-flexible's own calls (it speaks node-redis: bus/limiter.ts). */
  multi(): unknown;
  del(key: string): Promise<number>;
  /** Another connection of the same kind, not yet connected (subscribers need their own). */
  duplicate(): Redis;
  connect(): Promise<unknown>;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  close(): Promise<void>;
}

/**
 * Redis could not be asked: the Sentinel client's master is being switched (no master known, none
 * reachable, or a command met the old master as a replica). Requests answer 503 (health/outages.ts).
 */
export class RedisUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Redis unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'RedisUnavailableError';
  }
}

// Commands fail at once while the connection is down instead of queueing until it is back: a
// publish is retried by the bus, a rate limit falls back to the process's own counters.
const newRedisClient = (url: string) => createClient({ url, disableOfflineQueue: true });
type NodeRedisClient = ReturnType<typeof newRedisClient>;

export async function connectRedis(url: string): Promise<NodeRedisClient> {
  const client = newRedisClient(url);
  client.on('error', () => undefined); // reconnects by itself; health reports the outage
  await client.connect();
  return client;
}

const newSentinel = (sentinels: Array<{ host: string; port: number }>, name: string) =>
  createSentinel({
    name,
    sentinelRootNodes: sentinels,
    RESP: 2,
    nodeClientOptions: { disableOfflineQueue: true },
    // One discovery per command while the master is away, not sixteen a second apart: the
    // command then fails at once, like the single client's, and the next one tries again.
    maxCommandRediscovers: 0,
  });
type Sentinel = ReturnType<typeof newSentinel>;
const RESUBSCRIBE_INTERVAL_MS = 1000;

/**
 * node-redis's Sentinel client, its errors while the master switches made RedisUnavailableError.
 * It finds the master, follows switch-master, and moves its subscriptions to the new master.
 */
class SentinelRedis implements Redis {
  /** What this connection is subscribed to, to subscribe again after a switch (see `keepSubscribed`). */
  private readonly subscriptions = new Map<string, Set<(message: string) => void>>();
  private keeping: NodeJS.Timeout | null = null;

  constructor(private readonly sentinel: Sentinel) {
    // Sentinel and node errors while it rediscovers: commands fail meanwhile, health reports it.
    sentinel.on('error', () => undefined);
    sentinel.on('topology-change', (event: { type: string }) => {
      if (event.type === 'MASTER_CHANGE') void this.keepSubscribed();
    });
  }

  /**
   * node-redis moves subscriptions to a new master, but forgets them when its connection to that
   * master fails while being made (the switch is still under way): subscribing again is a no-op
   * for a channel the connection still has, so it is asked every second while subscriptions exist.
   */
  private async keepSubscribed() {
    this.keeping ??= setInterval(() => void this.keepSubscribed(), RESUBSCRIBE_INTERVAL_MS).unref();
    for (const [channel, listeners] of this.subscriptions) {
      for (const listener of listeners) await this.sentinel.subscribe(channel, listener).catch(() => undefined);
    }
  }

  get isReady() {
    return this.sentinel.isReady;
  }

  ping() {
    return this.ask(() => this.sentinel.ping());
  }
  publish(channel: string, message: string) {
    return this.ask(() => this.sentinel.publish(channel, message));
  }
  subscribe(channel: string, listener: (message: string) => void) {
    this.subscriptions.set(channel, (this.subscriptions.get(channel) ?? new Set()).add(listener));
    return this.ask(() => this.sentinel.subscribe(channel, listener));
  }
  unsubscribe(channel: string) {
    this.subscriptions.delete(channel);
    return this.ask(() => this.sentinel.unsubscribe(channel));
  }
  eval(script: string, options: { keys: string[]; arguments: string[] }) {
    return this.ask(() => this.sentinel.eval(script, options));
  }
  pTTL(key: string) {
    return this.ask(() => this.sentinel.pTTL(key));
  }
  async *scanIterator(options: { MATCH: string; COUNT: number }) {
    try {
      yield* this.sentinel.scanIterator(options);
    } catch (error) {
      throw unavailable(error);
    }
  }
  multi() {
    return this.sentinel.multi();
  }
  del(key: string) {
    return this.ask(() => this.sentinel.del(key));
  }
  duplicate() {
    return new SentinelRedis(this.sentinel.duplicate());
  }
  async connect() {
    await this.sentinel.connect();
  }
  on(_event: 'error', _listener: (error: unknown) => void) {
    return this; // errors are the commands' (see the constructor)
  }
  close() {
    if (this.keeping) clearInterval(this.keeping);
    return this.sentinel.close();
  }

  private async ask<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw unavailable(error);
    }
  }
}

/** A reply of Redis (a script's error) stays what it is; anything else means the master is out of reach. */
const unavailable = (error: unknown) =>
  error instanceof ErrorReply && !error.message.startsWith('READONLY') ? error : new RedisUnavailableError(error);

export async function connectSentinel(sentinels: Array<{ host: string; port: number }>, name: string): Promise<Redis> {
  const redis = new SentinelRedis(newSentinel(sentinels, name));
  await redis.connect();
  return redis;
}

/** The Redis the configuration names: through Sentinel when REDIS_SENTINELS is set, else REDIS_URL, else none. */
export async function openRedis(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_SENTINELS' | 'REDIS_SENTINEL_NAME'>,
): Promise<Redis | null> {
  if (config.REDIS_SENTINELS) return connectSentinel(config.REDIS_SENTINELS, config.REDIS_SENTINEL_NAME);
  return config.REDIS_URL ? connectRedis(config.REDIS_URL) : null;
}
