import { setTimeout as sleep } from 'node:timers/promises';
import * as nodeRedis from 'redis';
import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { RedisUnavailableError } from '../bus/redis';
import type { Logger } from '../logger/logger';

/** What a request may find unreachable. */
export type Dependency = 'database' | 'redis';

/** Seconds a request refused for an outage is told to wait (Retry-After) before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** How often a dependency found down is asked again whether it is back. */
const PROBE_INTERVAL_MS = 1000;

/**
 * PostgreSQL going away: admin_shutdown (a restart), crash_shutdown, cannot_connect_now (shutting
 * down or starting up), class 08, connection exceptions, and read_only_sql_transaction: a write
 * reached a server that is not the primary (yet), as while a failover or a restart is under way.
 */
const DATABASE_GONE = /^(57P0[123]|08[0-9A-Z]{3}|25006)$/;
/** A TCP connection refused, reset or not to be had: the pg driver passes these on as they are. */
const CONNECTION_GONE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** The pg driver's and pool's own words for a connection lost or not had in time (they carry no code). */
const PG_CONNECTION_LOST =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;
/**
 * node-redis's errors of a connection down (commands fail at once then: disableOfflineQueue), and
 * the Sentinel client's while the master is being switched (bus/redis.ts).
 */
const REDIS_CONNECTION_LOST = [
  RedisUnavailableError,
  nodeRedis.ClientClosedError,
  nodeRedis.ClientOfflineError,
  nodeRedis.ConnectionTimeoutError,
  nodeRedis.ReconnectStrategyError,
  nodeRedis.SocketClosedUnexpectedlyError,
  nodeRedis.SocketTimeoutError,
];

/** The error and what it wraps: TypeORM keeps the driver's error as `driverError`, others as `cause`. */
function* wrapped(error: unknown): Generator<object> {
  for (let depth = 0; typeof error === 'object' && error !== null && depth < 5; depth++) {
    yield error;
    const { driverError, cause } = error as { driverError?: unknown; cause?: unknown };
    error = driverError ?? cause;
  }
}

/** The dependency whose being unreachable made a request fail with `error`, or null for any other failure. */
export function outageOf(error: unknown): Dependency | null {
  for (const e of wrapped(error)) {
    if (REDIS_CONNECTION_LOST.some((type) => e instanceof type)) return 'redis';
    // TypeORM releases a query runner whose connection broke; the transaction's next query says so.
    if (e instanceof QueryRunnerAlreadyReleasedError || e instanceof QueryRunnerProviderAlreadyReleasedError)
      return 'database';
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (DATABASE_GONE.test(code) || CONNECTION_GONE.has(code))) return 'database';
    if (typeof message === 'string' && PG_CONNECTION_LOST.test(message)) return 'database';
  }
  return null;
}

type State = 'up' | 'checking' | 'down';

/**
 * What requests found of the database and Redis. A request failing for an outage (outageOf) has the
 * dependency checked; if it does not answer, the outage is logged once and the dependency asked
 * every second until it answers again, which is logged once too. Requests meanwhile answer 503
 * with Retry-After, each without a line of its own.
 */
export class Outages {
  private readonly states = new Map<Dependency, State>();
  private closed = false;

  constructor(
    /** A cheap question each dependency answers when reachable (SELECT 1, PING); absent: not used. */
    private readonly probes: Partial<Record<Dependency, () => Promise<unknown>>>,
    private readonly logger: Logger,
    /** Told when an outage begins (the metrics count them). */
    private readonly onOutage: (dependency: Dependency) => void = () => undefined,
  ) {}

  /** Whether `dependency` is down: it failed a request and has not answered its probe since. */
  isDown(dependency: Dependency): boolean {
    return this.states.get(dependency) === 'down';
  }

  /** Whether a request failed with `error` for an outage (outageOf); if so, the dependency is checked. */
  causedBy(error: unknown): boolean {
    const dependency = outageOf(error);
    if (dependency) this.noticed(dependency);
    return dependency !== null;
  }

  /** A request failed because `dependency` seemed unreachable. */
  noticed(dependency: Dependency): void {
    if ((this.states.get(dependency) ?? 'up') !== 'up' || this.closed) return;
    this.states.set(dependency, 'checking');
    void this.watch(dependency);
  }

  close(): void {
    this.closed = true;
  }

  private async watch(dependency: Dependency) {
    const failure = await this.failureOf(dependency);
    // One connection lost while the server stays up (a terminated session) is no outage.
    if (!failure) {
      this.states.set(dependency, 'up');
      return;
    }
    const since = Date.now();
    this.states.set(dependency, 'down');
    this.onOutage(dependency);
    this.logger.error(
      { dependency, err: failure.error },
      `${dependency} unreachable: requests that need it answer 503`,
    );
    while (!this.closed) {
      await sleep(PROBE_INTERVAL_MS, undefined, { ref: false });
      if (!(await this.failureOf(dependency))) break;
    }
    this.states.set(dependency, 'up');
    if (!this.closed) this.logger.info({ dependency, down_ms: Date.now() - since }, `${dependency} reachable again`);
  }

  /** How the dependency's probe failed, or null when it answered. */
  private async failureOf(dependency: Dependency): Promise<{ error: unknown } | null> {
    try {
      await this.probes[dependency]?.();
      return null;
    } catch (error) {
      return { error };
    }
  }
}
