import { loadConfig } from './server/platform/config/config';
import { createDataSource } from './server/platform/db/data-source';
import { startEmbeddedPostgres } from './server/platform/db/embedded-postgres';

/**
 * The DataSource for the TypeORM CLI (`npm run migration:generate -- server/platform/db/migrations/Name`,
 * `npm run migration:run`): PostgreSQL at DATABASE_URL, or the embedded PGlite in DATA_DIR.
 */
async function cliDataSource() {
  const config = loadConfig();
  if (config.DATABASE_URL) return createDataSource({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
  const embedded = await startEmbeddedPostgres(config.DATA_DIR);
  return createDataSource({ url: embedded.url, poolSize: 1 });
}

export const dataSource = cliDataSource();
