import type { DataSource } from 'typeorm';
import { checkLedger } from '../../../../server/ledger/ledger-check';
import type { ApiClient } from '../../../support/http-client';

/** A product as the admin API takes it; USD, as traders fund that by deposits. */
export const FLEXIBLE = { asset: 'USD', kind: 'flexible', apy: '0.1', term_days: null, min_amount: '10' };
export const LOCKED = { asset: 'USD', kind: 'locked', apy: '0.2', term_days: 30, min_amount: '10' };

export async function createProduct(admin: ApiClient, product: Record<string, unknown> = FLEXIBLE) {
  const created = await admin.post('/admin/earn/products', product);
  if (created.status !== 201) throw new Error(`product not created: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as { id: string; min_amount: string; apy: string };
}

export const usdOf = async (client: ApiClient) =>
  ((await client.get('/user/assets')).body as Array<{ asset: string; available: number; locked: number }>).find(
    (a) => a.asset === 'USD',
  )!;

/** The ledger explains every balance, every asset sums to zero, and Earn's accounts hold what its rows say. */
export async function expectLedgerClean(dataSource: DataSource) {
  const check = await checkLedger(dataSource.manager);
  expect({ mismatches: check.mismatches, held: check.held }).toEqual({ mismatches: [], held: [] });
  expect(check.ok).toBe(true);
}

/** Waits until `probe` answers true, checking every 100 ms, for at most `ms`. */
export async function until(probe: () => Promise<boolean>, ms = 20_000, what = 'the condition') {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
