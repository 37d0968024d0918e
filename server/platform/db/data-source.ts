import 'reflect-metadata';
import type { Pool, PoolClient } from 'pg';
import { DataSource, type EntitySchema } from 'typeorm';
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
}

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

/** The one way the process talks to PostgreSQL (real or embedded). Schema comes from migrations only. */
export function createDataSource({ url, poolSize, entities, onConnect }: DatabaseOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: [...entities],
    migrations,
    migrationsRun: false,
    synchronize: false,
    logging: false,
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
