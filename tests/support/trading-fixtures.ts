import { checkLedger } from '../../server/ledger/ledger-check';
import { money } from '../../server/kernel/money';
import type { ApiClient } from './http-client';
import type { TestExchange } from './test-exchange';

/** A user's buckets of one asset as decimal strings normalised for comparison ('0' when absent). */
export async function balanceOf(
  server: TestExchange,
  userId: string,
  asset: string,
): Promise<{ available: string; locked: string }> {
  const rows: Array<{ available: string; locked: string }> = await server.exchange.context.dataSource.query(
    'SELECT available, locked FROM accounts WHERE user_id = $1 AND asset = $2',
    [userId, asset],
  );
  const row = rows[0] ?? { available: '0', locked: '0' };
  return { available: money(row.available).toFixed(), locked: money(row.locked).toFixed() };
}

export async function ledgerReport(server: TestExchange) {
  return checkLedger(server.exchange.context.dataSource.manager);
}

export type OrderBody = Record<string, unknown>;

export const placeOrder = (client: ApiClient, body: OrderBody) => client.post('/trading/order', body);

/** Places an order that must be accepted, and returns the order view. */
export async function placed(client: ApiClient, body: OrderBody) {
  const response = await placeOrder(client, body);
  if (response.status !== 200) throw new Error(`order refused: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/**
 * Cancels every order resting on `symbol`, whoever placed it: test files share one database, so a
 * test that reads a book's exact levels starts from an empty one rather than what others left.
 */
export async function emptyBook(server: TestExchange, symbol: string): Promise<void> {
  await server.exchange.trading.cancelEveryOrderOnBook(symbol);
}
