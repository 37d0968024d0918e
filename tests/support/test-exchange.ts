import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createExchange, type Exchange } from '../../server/app';
import { loadConfig, type Config } from '../../server/platform/config/config';
import { TEST_REDIS_PREFIX } from './redis-namespace';
import { createLogger, type Logger } from '../../server/platform/logger/logger';
import { ensureVenueBankAccount } from './venue-bank-account';

export interface TestExchange {
  exchange: Exchange;
  url: string;
  admin: { email: string; password: string };
  close(): Promise<void>;
}

/**
 * A whole exchange in this process on a free port, against the test database (real PostgreSQL in
 * CI) and REDIS_URL when set. Each one gets its own administrator and an active bank account for
 * deposits (venue-bank-account.ts), and logs nothing unless given a logger.
 */
export async function startTestExchange(
  overrides: Partial<Record<keyof Config, string>> = {},
  logger: Logger = createLogger('silent'),
): Promise<TestExchange> {
  const admin = { email: `admin-${randomUUID().slice(0, 8)}@test.local`, password: 'admin-password-123' };
  const config = loadConfig({
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    DATABASE_POOL_SIZE: process.env.TEST_DATABASE_POOL_SIZE,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_PREFIX: TEST_REDIS_PREFIX,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'exchange-test-')),
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
    // Test files open hundreds of WebSockets from one address; the limit's own test sets it.
    STREAM_CONNECTION_LIMIT: '0',
    MARKET_FEED: 'simulated',
    MARKET_MAKER: 'off',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    CLIENT_DIST: '/nonexistent',
    ...overrides,
  });
  const exchange = await createExchange(config, logger);
  await ensureVenueBankAccount(exchange.context.dataSource);
  const port = await exchange.listen();
  return { exchange, url: `http://127.0.0.1:${port}`, admin, close: () => exchange.close() };
}

/** The tests run on a PostgreSQL server (not the embedded database, which serves one connection): several connections, databases of their own. */
export const onPostgres = process.env.TEST_DATABASE_POOL_SIZE !== '1';
/** Several exchanges may share one database and one Redis: real PostgreSQL, and Redis. */
export const severalProcesses = onPostgres && Boolean(process.env.REDIS_URL);
