import { loadConfig } from './server/platform/config/config';
import { createDataSource } from './server/platform/db/data-source';
import { startEmbeddedPostgres } from './server/platform/db/embedded-postgres';
import { ENTITIES } from './server/entities';

/**
 * The DataSource for the TypeORM CLI (`npm run migration:generate -- server/platform/db/migrations/Name`,
 * `npm run migration:run`): PostgreSQL at DATABASE_URL, or the embedded PGlite in DATA_DIR.
 */
async function cliDataSource() {
  const config = loadConfig();
  if (config.DATABASE_URL)
    return createDataSource({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, entities: ENTITIES });
  const embedded = await startEmbeddedPostgres(config.DATA_DIR);
  return createDataSource({ url: embedded.url, poolSize: 1, entities: ENTITIES });
}

export const dataSource = cliDataSource();
