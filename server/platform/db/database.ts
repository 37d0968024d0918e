import type { PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import type { Config } from '../config/config';
import { createDataSource, type Entity } from './data-source';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';

export interface Database {
  dataSource: DataSource;
  /** Where history is read: a synchronous standby's (DATABASE_READ_URL), else `dataSource` itself (README.md). */
  readSource: DataSource;
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * A database that is still starting (docker compose) or a single-connection embedded server that has
 * not yet seen its previous client leave refuses the first connection: try again for a few seconds.
 */
export async function initializeWithRetry(dataSource: DataSource, attempts = 20): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dataSource.initialize();
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * A new connection must start without prepared statements, as the pg driver believes: with PGlite
 * (served over the wire protocol) one session outlives its connections and keeps those an earlier
 * connection prepared (see named-statement.ts); the tests' PGlite is reached through a DATABASE_URL
 * like any PostgreSQL. So each connection first drops any, before the pool hands it out; on
 * PostgreSQL a new session has none and this costs one statement per connection.
 */
const forgetPreparedStatements = (client: PoolClient) => client.query('DEALLOCATE ALL');

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite kept in DATA_DIR. Migrations run on open. */
export async function openDatabase(
  config: Pick<
    Config,
    'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATABASE_READ_URL' | 'DATABASE_READ_POOL_SIZE' | 'DATA_DIR'
  >,
  entities: readonly Entity[],
  /** Told of each query through TypeORM that fails (the metrics count them). */
  onQueryError?: () => void,
): Promise<Database> {
  let embedded: EmbeddedPostgres | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.DATA_DIR);
    url = embedded.url;
  }
  const dataSource = createDataSource({
    url,
    poolSize: embedded ? 1 : config.DATABASE_POOL_SIZE,
    entities,
    onConnect: forgetPreparedStatements,
    onQueryError,
  });
  await initializeWithRetry(dataSource);
  await dataSource.runMigrations({ transaction: 'each' });
  const readSource = config.DATABASE_READ_URL
    ? createDataSource({
        url: config.DATABASE_READ_URL,
        poolSize: config.DATABASE_READ_POOL_SIZE ?? config.DATABASE_POOL_SIZE,
        entities,
        onConnect: forgetPreparedStatements,
        onQueryError,
        readOnly: true,
      })
    : dataSource;
  if (readSource !== dataSource) await initializeWithRetry(readSource);
  return {
    dataSource,
    readSource,
    embedded: embedded !== null,
    async close() {
      if (readSource !== dataSource) await readSource.destroy();
      await dataSource.destroy();
      await embedded?.stop();
    },
  };
}
