import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Config } from '../config/config';
import type { Pool } from 'pg';
import { BusMetrics } from './bus';
import { ConnectionMetrics } from './connections';
import { DatabaseMetrics } from './database';
import { DependencyMetrics, type DependencyStates } from './dependencies';
import { HttpMetrics } from './http';
import { OrderMetrics } from './orders';
import { RoundMetrics } from './rounds';

/**
 * One exchange's metrics, in a registry of its own (never prom-client's global one), so several
 * exchanges in one process (the tests) keep theirs apart. Each part is a concept of its own module.
 */
export class ExchangeMetrics {
  readonly registry = new Registry();
  readonly http = new HttpMetrics(this.registry);
  readonly orders = new OrderMetrics(this.registry);
  readonly rounds = new RoundMetrics(this.registry);
  readonly bus = new BusMetrics(this.registry);
  readonly database = new DatabaseMetrics(this.registry);
  readonly dependencies = new DependencyMetrics(this.registry);
  readonly connections = new ConnectionMetrics(this.registry);

  constructor(config: Pick<Config, 'METRICS_PORT' | 'METRICS_TOKEN'>) {
    // Node's own (event-loop lag, GC, memory, CPU) watch the process for good once started: only
    // when someone can read them.
    if (config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined)
      collectDefaultMetrics({ register: this.registry, prefix: 'exchange_' });
  }

  /** What the gauges read when scraped: the database's pool, the outages, Redis (null: none). */
  watch(pool: Pool, outages: DependencyStates, redis: { readonly isReady: boolean } | null): void {
    this.database.watch(pool);
    this.dependencies.watch(outages, redis);
  }
}
