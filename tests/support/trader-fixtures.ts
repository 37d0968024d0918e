import type { DataSource } from 'typeorm';
import { User } from '../../server/identity/auth/user.entity';
import { post } from '../../server/ledger/ledger';
import { money, type Money } from '../../server/kernel/money';
import { ApiClient, registerTrader } from './http-client';
import type { TestExchange } from './test-exchange';

/**
 * Test setup through the real ledger: money arrives from the outside world as an approved deposit
 * would bring it (and leaves as a withdrawal would take it), and KYC is marked approved. What is
 * under test stays the real code path.
 */
export async function credit(dataSource: DataSource, userId: string, asset: string, amount: string) {
  await transferWithOutside(dataSource, userId, asset, money(amount));
}

export async function debit(dataSource: DataSource, userId: string, asset: string, amount: string) {
  await transferWithOutside(dataSource, userId, asset, money(amount).neg());
}

/** `amount` (signed, from the user's side) between the user's available balance and the outside world. */
async function transferWithOutside(dataSource: DataSource, userId: string, asset: string, amount: Money) {
  await dataSource.transaction((manager) =>
    post(manager, {
      reason: amount.isNegative() ? 'withdrawal' : 'deposit',
      referenceType: 'test_funding',
      referenceId: userId,
      legs: [
        { owner: { system: 'external' }, asset, bucket: 'available', amount: amount.neg().toFixed() },
        { owner: { userId }, asset, bucket: 'available', amount: amount.toFixed() },
      ],
    }),
  );
}

export async function approveKyc(dataSource: DataSource, userId: string) {
  await dataSource.getRepository(User).update(userId, { kyc_status: 'approved' });
}

/** A registered, KYC-approved trader holding the given balances, e.g. {USD: '1000', BTC: '0.5'}. */
export async function fundedTrader(server: TestExchange, balances: Record<string, string>, name = 'Funded Trader') {
  const trader = await registerTrader(new ApiClient(server.url), name);
  const { dataSource } = server.exchange.context;
  await approveKyc(dataSource, trader.user.id);
  for (const [asset, amount] of Object.entries(balances)) await credit(dataSource, trader.user.id, asset, amount);
  return trader;
}
