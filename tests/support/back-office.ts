import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiClient, loginAs, registerTrader } from './http-client';
import { startTestExchange, type TestExchange } from './test-exchange';

/** A client signed in as the test exchange's administrator. */
export const signInAdmin = (server: TestExchange) =>
  loginAs(new ApiClient(server.url), server.admin.email, server.admin.password);

/** A fixture file of tests/fixtures as the base64 text a browser would send. */
export const fixtureBase64 = (name: string) =>
  readFileSync(path.join(__dirname, '..', 'fixtures', name)).toString('base64');

/** The query string of a call, e.g. query({amount: 10}) -> '?amount=10'. */
export const query = (params: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)])).toString()}`;

/** A trader whose dollars arrived the product's way: a deposit request an administrator approved. */
export async function traderWithDeposit(
  server: TestExchange,
  admin: ApiClient,
  amount: number,
  name = 'Funded Trader',
) {
  const trader = await registerTrader(new ApiClient(server.url), name);
  const deposit = await trader.client.post(`/deposit/request${query({ amount })}`);
  if (deposit.status !== 200)
    throw new Error(`deposit request failed: ${deposit.status} ${JSON.stringify(deposit.body)}`);
  const approved = await admin.post(`/admin/deposit/approve${query({ deposit_id: deposit.body.id })}`);
  if (approved.status !== 200)
    throw new Error(`deposit approval failed: ${approved.status} ${JSON.stringify(approved.body)}`);
  return trader;
}

export interface BackOfficeSuite {
  server: TestExchange;
  /** Anonymous client. */
  api: ApiClient;
  admin: ApiClient;
}

/** One test exchange for a test file, with an anonymous and an administrator client (filled in beforeAll). */
export function useBackOfficeExchange(): BackOfficeSuite {
  const suite = {} as BackOfficeSuite;
  beforeAll(async () => {
    suite.server = await startTestExchange();
    suite.api = new ApiClient(suite.server.url);
    suite.admin = await signInAdmin(suite.server);
  });
  afterAll(() => suite.server.close());
  return suite;
}
