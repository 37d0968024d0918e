import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';

/**
 * Gives the API tests a database of their own: a fresh database on the PostgreSQL at DATABASE_URL
 * (dropped afterwards), or, without DATABASE_URL, an in-memory PGlite. Its URL is passed on as
 * TEST_DATABASE_URL, so DATABASE_URL itself stays what the developer set (browser tests spawn
 * servers with it).
 */
export default async function globalSetup() {
  const configured = process.env.DATABASE_URL;
  if (configured) {
    const name = `exchange_test_${process.pid}_${Date.now()}`;
    const admin = new Client({ connectionString: configured });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(configured);
    url.pathname = `/${name}`;
    process.env.TEST_DATABASE_URL = url.toString();
    process.env.TEST_DATABASE_POOL_SIZE = '10';
    (globalThis as Record<string, unknown>).__dropTestDatabase = async () => {
      const client = new Client({ connectionString: configured });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const embedded = await startEmbeddedPostgres(null);
    process.env.TEST_DATABASE_URL = embedded.url;
    process.env.TEST_DATABASE_POOL_SIZE = '1';
    (globalThis as Record<string, unknown>).__dropTestDatabase = () => embedded.stop();
  }
}
