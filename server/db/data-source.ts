import 'reflect-metadata';
import type { Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { entities } from './entities';
import { migrations } from './migrations';

export interface DatabaseOptions {
  url: string;
  poolSize: number;
  /** Run on each new connection before its first use. */
  onConnect?: (client: PoolClient) => Promise<unknown>;
}

/** The one way the process talks to PostgreSQL (real or embedded). Schema comes from migrations only. */
export function createDataSource({ url, poolSize, onConnect }: DatabaseOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    logging: false,
    poolSize,
    // gen_random_uuid() is built into PostgreSQL 13+ and PGlite: no extension to install.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    extra: { max: poolSize, connectionTimeoutMillis: 30000, onConnect },
  });
}

/** The pg pool under a data source, for what TypeORM does not expose: named statements, pool events and counts. */
export function pgPool(dataSource: DataSource): Pool {
  return (dataSource.driver as PostgresDriver).master as Pool;
}
