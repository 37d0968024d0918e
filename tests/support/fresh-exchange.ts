import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startExchangeProcess, tradingReady, type ExchangeProcess } from './exchange-process';
import { createFreshDatabase, type FreshDatabase } from './fresh-database';
import { ApiClient, loginAs } from './http-client';

export const FRESH_ADMIN = { email: 'fresh-admin@test.local', password: 'fresh-admin-password-1' };

/**
 * An exchange on a database nobody has used, as on a new machine: a fresh database on the tests'
 * PostgreSQL when they run on one, otherwise the embedded database in a fresh data folder (the
 * default first start). `start` (again) runs the exchange on that same database, once its books serve.
 */
export interface FreshInstall {
  /** The PostgreSQL database, for tests that read it; undefined on the embedded database. */
  databaseUrl: string | undefined;
  start(env: Record<string, string>): Promise<ExchangeProcess>;
  /** The administrator's client on a running exchange. */
  admin(url: string): Promise<ApiClient>;
  drop(): Promise<void>;
}

export async function freshInstall(prefix: string): Promise<FreshInstall> {
  const serverUrl = process.env.DATABASE_URL;
  const database: FreshDatabase | null = serverUrl ? await createFreshDatabase(serverUrl, prefix) : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  return {
    databaseUrl: database?.url,
    async start(env) {
      const exchange = await startExchangeProcess(
        {
          // Empty: unset for the exchange, which then opens the embedded database in its data folder.
          DATABASE_URL: database?.url ?? '',
          DATABASE_POOL_SIZE: database ? '4' : '',
          ADMIN_EMAIL: FRESH_ADMIN.email,
          ADMIN_PASSWORD: FRESH_ADMIN.password,
          ...env,
        },
        dataDir,
      );
      try {
        await tradingReady(exchange.url, new ApiClient(exchange.url));
      } catch (error) {
        throw new Error(`trading did not start; the exchange said:\n${exchange.output()}`, { cause: error });
      }
      return exchange;
    },
    admin: (url) => loginAs(new ApiClient(url), FRESH_ADMIN.email, FRESH_ADMIN.password),
    drop: async () => database?.drop(),
  };
}
