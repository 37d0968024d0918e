import type { DataSource } from 'typeorm';
import { createDataSource } from '../../server/db/data-source';
import { initializeWithRetry } from '../../server/db/database';

/**
 * A connection of the test's own to the test database, for while no exchange runs: the embedded
 * test database serves one connection at a time, so the test holds none while an exchange does
 * (and waits, as a starting exchange does, until it has seen the exchange's connection leave).
 */
export async function withDatabase<T>(work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const dataSource = createDataSource({ url: process.env.TEST_DATABASE_URL!, poolSize: 1 });
  await initializeWithRetry(dataSource);
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
