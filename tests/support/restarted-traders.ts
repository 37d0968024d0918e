import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkLedger } from '../../server/ledger/ledger-check';
import { createApiKey, signedCall, type CreatedApiKey } from './binance-client';
import { startExchangeProcess, tradingReady, withDatabase, type ExchangeProcess } from './exchange-process';
import { ApiClient, registerTrader } from './http-client';
import { approveKyc, credit } from './trader-fixtures';
import { ensureVenueBankAccount } from './venue-bank-account';

/** A trader of a crash test: their id, session token and API key. */
export interface RestartedTrader {
  userId: string;
  token: string;
  key: CreatedApiKey;
}

/** A trader registered before a restart: their id and session token. */
export type RegisteredTrader = Omit<RestartedTrader, 'key'>;

/** Runs of the exchange, each on the same data directory and `env`. */
export interface ExchangeRuns {
  env: Record<string, string>;
  /** A run of the exchange, answering /api/health. */
  start(): Promise<ExchangeProcess>;
  /** A run of the exchange that has rebuilt its books (asked with `token`'s session, when given). */
  startReady(token?: string): Promise<ExchangeProcess>;
}

function exchangeRuns(
  env: Record<string, string>,
  dataDir: string,
  started: (process: ExchangeProcess) => void,
): ExchangeRuns {
  const start = async () => {
    const process = await startExchangeProcess(env, dataDir);
    started(process);
    return process;
  };
  const startReady = async (token?: string) => {
    const process = await start();
    await tradingReady(process.url, new ApiClient(process.url, token));
    return process;
  };
  return { env, start, startReady };
}

/**
 * A crash test file's exchange: runs on a data directory of its own, with `env` naming its
 * administrator (`<name>-admin@test.local`) and session secret after `name`, `more` added. Whichever
 * run is the last started is killed in afterAll, so a failing test still ends it; the file's tests
 * may take 180 seconds. Call it at the top of the test file.
 */
export function crashTestExchange(
  name: string,
  more: Record<string, string> = {},
): ExchangeRuns & { env: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string } } {
  const env = {
    ADMIN_EMAIL: `${name}-admin@test.local`,
    ADMIN_PASSWORD: 'admin-password-123',
    JWT_SECRET: `${name}-test-secret-of-at-least-32-chars`,
    ...more,
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), `exchange-${name}-`));
  jest.setTimeout(180_000);
  let running: ExchangeProcess | undefined;
  afterAll(() => running?.kill('SIGKILL'));
  return { ...exchangeRuns(env, dataDir, (process) => (running = process)), env };
}

/**
 * Traders registered on a first run, KYC-approved and credited `balances` (one record per trader,
 * keyed by their name; null: registered only) in the database while it is stopped, with the
 * venue's bank account for their deposits, then a second run, answered ready to trade (asked with
 * the first trader's session).
 */
export async function registeredTraders(
  runs: ExchangeRuns,
  balances: Record<string, Record<string, string> | null>,
): Promise<{ process: ExchangeProcess; traders: RegisteredTrader[] }> {
  const first = await runs.start();
  const names = Object.keys(balances);
  const registered = await Promise.all(names.map((name) => registerTrader(new ApiClient(first.url), name)));
  await first.kill('SIGTERM');
  await withDatabase(async (dataSource) => {
    await ensureVenueBankAccount(dataSource);
    for (const [i, name] of names.entries()) {
      const credited = balances[name];
      if (!credited) continue;
      await approveKyc(dataSource, registered[i]!.user.id);
      for (const [asset, amount] of Object.entries(credited))
        await credit(dataSource, registered[i]!.user.id, asset, amount);
    }
  });
  const traders = registered.map((trader) => ({ userId: trader.user.id as string, token: trader.client.token! }));
  return { process: await runs.startReady(traders[0]!.token), traders };
}

/** Traders for a crash test: registeredTraders, given API keys on the second run. */
export async function restartedTraders(
  runs: ExchangeRuns,
  balances: Record<string, Record<string, string>>,
): Promise<{ process: ExchangeProcess; traders: RestartedTrader[] }> {
  const { process, traders } = await registeredTraders(runs, balances);
  const keyed = await Promise.all(
    traders.map(async (trader) => ({
      ...trader,
      key: await createApiKey(new ApiClient(process.url, trader.token)),
    })),
  );
  return { process, traders: keyed };
}

/**
 * What a crash test reads from the database once the exchange has stopped: a trader's accounts by
 * asset (available and locked), and the ledger's check.
 */
export async function stoppedState(userId: string) {
  return withDatabase(async (dataSource) => {
    const accounts: Array<{ asset: string; available: string; locked: string }> = await dataSource.query(
      'SELECT asset, available, locked FROM accounts WHERE user_id = $1 ORDER BY asset',
      [userId],
    );
    const byAsset = Object.fromEntries(accounts.map((a) => [a.asset, a]));
    return { accounts: byAsset, ledger: await checkLedger(dataSource.manager) };
  });
}

/** A signed call to the exchange at `url` that must succeed: its body. */
export async function signedOk(
  url: string,
  key: CreatedApiKey,
  method: string,
  route: string,
  params: Record<string, string> = {},
) {
  const { status, body } = await signedCall(url, key, method, route, params);
  if (status !== 200) throw new Error(`${method} ${route}: ${status} ${JSON.stringify(body)}`);
  return body;
}
