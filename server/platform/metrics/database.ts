import type { Pool } from 'pg';
import { Counter, Gauge, type Registry } from 'prom-client';

/**
 * The connection pool under TypeORM, read when scraped, and the queries that failed. The pool's
 * counts are pg's own: `total` connections open, `idle` of them, `waiting` callers with none to get.
 */
export class DatabaseMetrics {
  private pool: Pool | null = null;
  private readonly queryErrors: Counter;
  private readonly connectionErrors: Counter;

  constructor(registry: Registry) {
    const registers = [registry];
    const poolGauge = (name: string, help: string, read: (pool: Pool) => number) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers,
        collect: () => {
          if (this.pool) gauge.set(read(this.pool));
        },
      });
    };
    poolGauge('exchange_database_pool_connections', 'Connections the pool holds open', (pool) => pool.totalCount);
    poolGauge('exchange_database_pool_idle_connections', 'Open connections no one is using', (pool) => pool.idleCount);
    poolGauge(
      'exchange_database_pool_waiting_requests',
      'Callers waiting for a connection',
      (pool) => pool.waitingCount,
    );
    poolGauge(
      'exchange_database_pool_max_connections',
      'The most connections the pool opens',
      (pool) => pool.options.max ?? 0,
    );
    this.queryErrors = new Counter({
      name: 'exchange_database_query_errors_total',
      help: 'Queries through TypeORM that failed (any cause: a constraint, a lost connection...)',
      registers,
    });
    this.connectionErrors = new Counter({
      name: 'exchange_database_connection_errors_total',
      help: 'Idle pooled connections that failed (the server went away or ended the session)',
      registers,
    });
  }

  /** Called by the data source for each failed query (platform/db/data-source.ts). */
  readonly queryFailed = (): void => this.queryErrors.inc();

  watch(pool: Pool): void {
    this.pool = pool;
    pool.on('error', () => this.connectionErrors.inc());
  }
}
