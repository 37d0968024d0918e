import 'reflect-metadata';
import type { Pool, PoolClient } from 'pg';
import { DataSource, type EntitySchema, type Logger } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { migrations } from './migrations';

/** A TypeORM entity: its class (or schema). */
export type Entity = Function | EntitySchema;

export interface DatabaseOptions {
  url: string;
  poolSize: number;
  /** The entities of every module (server/entities.ts): the database knows no domain of its own. */
  entities: readonly Entity[];
  /** Run on each new connection before its first use. */
  onConnect?: (client: PoolClient) => Promise<unknown>;
  /** Told of each query through TypeORM that fails (the metrics count them). */
  onQueryError?: () => void;
  /** A source for reads only (a standby): it never migrates, and names itself so in pg_stat_activity. */
  readOnly?: boolean;
}

/** TypeORM's logger: silent (the exchange logs failures where it handles them), telling `onQueryError` of each failed query. */
const queryErrorLogger = (onQueryError: () => void): Logger => ({
  logQuery: () => undefined,
  logQueryError: () => onQueryError(),
  logQuerySlow: () => undefined,
  logSchemaBuild: () => undefined,
  logMigration: () => undefined,
  log: () => undefined,
});

/**
 * Gives a new connection an 'error' listener for good. The pool drops its own when it lends the
 * connection out, and TypeORM adds one only a tick later: a server going down (57P01) in that gap,
 * in the same packet as the answer that freed the connection, would be an unhandled 'error' that
 * ends the process. Its queries fail all the same, and the pool drops it when it comes back.
 */
async function prepareConnection(client: PoolClient, onConnect: DatabaseOptions['onConnect']) {
  client.on('error', () => undefined);
  await onConnect?.(client);
}

/** How the connections of the history reads' source show in pg_stat_activity. */
export const READS_APPLICATION_NAME = 'exchange-reads';

/** The one way the process talks to PostgreSQL (real or embedded). Schema comes from migrations only. */
export function createDataSource({
  url,
  poolSize,
  entities,
  onConnect,
  onQueryError,
  readOnly,
}: DatabaseOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: [...entities],
    migrations: readOnly ? [] : migrations,
    ...(readOnly && { applicationName: READS_APPLICATION_NAME }),
    migrationsRun: false,
    synchronize: false,
    logging: false,
    ...(onQueryError && { logger: queryErrorLogger(onQueryError) }),
    poolSize,
    // gen_random_uuid() is built into PostgreSQL 13+ and PGlite: no extension to install.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    extra: {
      max: poolSize,
      connectionTimeoutMillis: 30000,
      onConnect: (client: PoolClient) => prepareConnection(client, onConnect),
    },
  });
}

/** The pg pool under a data source, for what TypeORM does not expose: named statements, pool events and counts. */
export function pgPool(dataSource: DataSource): Pool {
  return (dataSource.driver as PostgresDriver).master as Pool;
}
