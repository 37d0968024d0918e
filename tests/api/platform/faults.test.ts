import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startExchangeProcess, withDatabase, type ExchangeProcess } from '../../support/exchange-process';
import { ApiClient, registerTrader } from '../../support/http-client';
import { brokenExactlyOnce, brokenMoneyPromises } from '../../support/money-invariants';
import {
  cancelOpenOrders,
  MoneyStream,
  settle,
  type MoneyRequest,
  type StreamTrader,
} from '../../support/money-stream';
import { startRedisServer, type RedisServer } from '../../support/redis-server';
import { startTestExchange } from '../../support/test-exchange';
import { approveKyc, credit, fundedTrader } from '../../support/trader-fixtures';
import { ensureVenueBankAccount } from '../../support/venue-bank-account';

/**
 * Faults in the middle of a stream of money requests (orders, cancels, deposits, withdrawals,
 * instant trades, each with an idempotency key): Redis killed, the trading writer's PostgreSQL
 * connection terminated, the server SIGKILLed. Afterwards every request without a definitive
 * answer is sent again with its key, and then: every request answered 2xx is there exactly once,
 * nothing else is, the ledger explains every balance, none is negative, and what is locked is
 * exactly what open orders and pending withdrawals hold.
 */
jest.setTimeout(240_000);

const SYMBOL = 'XRPUSDT';
const PRICE = 2.5;
const onPostgres = Boolean(process.env.DATABASE_URL);

let running: ExchangeProcess | undefined;
let redis: RedisServer | undefined;
afterEach(async () => {
  await running?.kill('SIGKILL');
  running = undefined;
  await redis?.kill();
  redis = undefined;
});

/** A server with funded, KYC-approved traders; the stream's data directory and settings. */
async function exchangeWithTraders(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exchange-faults-'));
  const fullEnv = {
    JWT_SECRET: 'faults-test-secret-of-at-least-32-chars',
    MARKET_FEED: 'simulated',
    MARKET_FEED_SEED: '21',
    ...env,
  };
  const first = await startExchangeProcess(fullEnv, dataDir);
  const registered = await Promise.all(
    [0, 1, 2, 3].map((i) => registerTrader(new ApiClient(first.url), `Fault Trader ${i}`)),
  );
  await first.kill('SIGTERM');
  await withDatabase(async (dataSource) => {
    await ensureVenueBankAccount(dataSource);
    for (const trader of registered) {
      await approveKyc(dataSource, trader.user.id);
      await credit(dataSource, trader.user.id, 'USD', '100000');
      await credit(dataSource, trader.user.id, 'XRP', '100000');
    }
  });
  const traders: StreamTrader[] = registered.map((t) => ({ userId: t.user.id, token: t.client.token! }));
  const start = async () => {
    running = await startExchangeProcess(fullEnv, dataDir);
    return running;
  };
  return { traders, start };
}

/** The promises, checked on the stopped server's database (what the stream left resting is cancelled first). */
async function expectMoneyKept(url: string, traders: StreamTrader[], requests: MoneyRequest[]) {
  await cancelOpenOrders(url, traders);
  await running?.kill('SIGTERM');
  running = undefined;
  await withDatabase(async (dataSource) => {
    expect(await brokenExactlyOnce(dataSource, requests)).toEqual([]);
    expect(await brokenMoneyPromises(dataSource)).toEqual([]);
  });
}

it('Redis killed mid-stream: every answer is what was committed, once', async () => {
  redis = await startRedisServer();
  const server = await startTestExchange({ REDIS_URL: redis.url, MARKET_FEED_SEED: '21' });
  try {
    const traders = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const trader = await fundedTrader(server, { USD: '100000', XRP: '100000' }, `Fault Trader ${i}`);
        return { userId: trader.user.id, token: trader.client.token! };
      }),
    );
    const stream = new MoneyStream(() => server.url, traders, SYMBOL, PRICE);
    await stream.answered(150);
    await redis.kill();
    await stream.answered(400);
    const requests = await stream.stop();
    await settle(server.url, traders, requests);
    expect(requests.filter((r) => r.status === 500)).toEqual([]);
    const { dataSource } = server.exchange.context;
    await cancelOpenOrders(server.url, traders);
    expect(await brokenExactlyOnce(dataSource, requests)).toEqual([]);
    expect(await brokenMoneyPromises(dataSource)).toEqual([]);
  } finally {
    await redis.start();
    await server.close();
  }
});

(onPostgres ? it : it.skip)(
  "the server's PostgreSQL connections, the trading writer's among them, terminated mid-stream: every answer is what was committed, once",
  async () => {
    const { traders, start } = await exchangeWithTraders({});
    const server = await start();
    const stream = new MoneyStream(() => server.url, traders, SYMBOL, PRICE);
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      for (let cut = 1; cut <= 3; cut++) {
        await stream.answered(150 * cut);
        // Every connection of the server, the trading writer's among them (a writer borrows a
        // pooled connection for its rounds, so no one backend is the writer's for good).
        const { rows } = await admin.query(
          `SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        );
        expect(rows.length).toBeGreaterThan(0);
      }
      await stream.answered(600);
    } finally {
      await admin.end();
    }
    const requests = await stream.stop();
    await settle(server.url, traders, requests);
    await expectMoneyKept(server.url, traders, requests);
  },
);

it('the server SIGKILLed mid-stream and restarted: every answer is what was committed, once', async () => {
  const { traders, start } = await exchangeWithTraders({});
  let server = await start();
  const stream = new MoneyStream(() => server.url, traders, SYMBOL, PRICE);
  await stream.answered(200);
  await server.kill('SIGKILL');
  server = await start();
  await stream.answered(400);
  const requests = await stream.stop();
  await settle(server.url, traders, requests);
  await expectMoneyKept(server.url, traders, requests);
});
