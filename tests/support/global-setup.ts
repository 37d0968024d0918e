import { startEmbeddedPostgres } from '../../server/platform/db/embedded-postgres';
import { createFreshDatabase } from './fresh-database';

/**
 * Gives the API tests a database of their own: a fresh database on the PostgreSQL at DATABASE_URL
 * (dropped afterwards), or, without DATABASE_URL, an in-memory PGlite. Its URL is passed on as
 * TEST_DATABASE_URL, so DATABASE_URL itself stays what the developer set (browser tests spawn
 * servers with it).
 */
export default async function globalSetup() {
  const configured = process.env.DATABASE_URL;
  if (configured) {
    const database = await createFreshDatabase(configured, 'exchange_test');
    process.env.TEST_DATABASE_URL = database.url;
    process.env.TEST_DATABASE_POOL_SIZE = '10';
    (globalThis as Record<string, unknown>).__dropTestDatabase = database.drop;
  } else {
    const embedded = await startEmbeddedPostgres(null);
    process.env.TEST_DATABASE_URL = embedded.url;
    process.env.TEST_DATABASE_POOL_SIZE = '1';
    (globalThis as Record<string, unknown>).__dropTestDatabase = () => embedded.stop();
  }
}
