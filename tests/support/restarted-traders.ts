import { createApiKey, signedCall, type CreatedApiKey } from './binance-client';
import { startExchangeProcess, tradingReady, withDatabase, type ExchangeProcess } from './exchange-process';
import { ApiClient, registerTrader } from './http-client';
import { approveKyc, credit } from './trader-fixtures';

/** A trader of a crash test: their id, session token and API key. */
export interface RestartedTrader {
  userId: string;
  token: string;
  key: CreatedApiKey;
}

/**
 * Traders for a crash test: registered on a first run of the exchange, KYC-approved and credited
 * `balances` (one record per trader, named by `names`) in its database while it is stopped, then
 * given API keys on a second run, which is answered ready to trade. `started` is told of each
 * process as it starts (so a failing test still ends it).
 */
export async function restartedTraders(
  env: Record<string, string>,
  dataDir: string,
  balances: Record<string, Record<string, string>>,
  started: (process: ExchangeProcess) => void,
): Promise<{ process: ExchangeProcess; traders: RestartedTrader[] }> {
  const first = await startExchangeProcess(env, dataDir);
  started(first);
  const names = Object.keys(balances);
  const registered = await Promise.all(names.map((name) => registerTrader(new ApiClient(first.url), name)));
  await first.kill('SIGTERM');
  await withDatabase(async (dataSource) => {
    for (const [i, name] of names.entries()) {
      await approveKyc(dataSource, registered[i]!.user.id);
      for (const [asset, amount] of Object.entries(balances[name]!))
        await credit(dataSource, registered[i]!.user.id, asset, amount);
    }
  });
  const second = await startExchangeProcess(env, dataDir);
  started(second);
  await tradingReady(second.url, new ApiClient(second.url, registered[0]!.client.token));
  const traders = await Promise.all(
    registered.map(async (trader) => ({
      userId: trader.user.id as string,
      token: trader.client.token!,
      key: await createApiKey(new ApiClient(second.url, trader.client.token)),
    })),
  );
  return { process: second, traders };
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
