import type { DataSource } from 'typeorm';
import { post, type Leg } from '../../ledger/ledger';
import { money, type Money } from '../../kernel/money';

export interface SystemTraderProfile {
  email: string;
  full_name: string;
  /** What it is given once, from the outside world, per asset. */
  inventory: Readonly<Record<string, string>>;
}

const FUNDING_REASON = 'market_maker_funding';
const TOP_UP_REASON = 'system_trader_top_up';

/** Legs moving these amounts from the outside world into the trader's available balances. */
const fromOutside = (userId: string, amounts: Array<[string, Money | string]>): Leg[] =>
  amounts.flatMap(([asset, amount]) => [
    { owner: { system: 'external' as const }, asset, bucket: 'available' as const, amount: money(amount).neg() },
    { owner: { userId }, asset, bucket: 'available' as const, amount },
  ]);

/**
 * The users row of a trader the venue runs itself (is_system: it trades but can never log in: the
 * password hash '!' matches no password), created if missing and funded exactly once. The user row
 * is locked while funding, so two processes starting together fund it once.
 */
export async function ensureSystemTrader(dataSource: DataSource, profile: SystemTraderProfile): Promise<string> {
  return dataSource.transaction(async (manager) => {
    await manager.query(
      `INSERT INTO users (email, full_name, password_hash, is_system, kyc_status)
       VALUES ($1, $2, '!', true, 'approved') ON CONFLICT (email) DO NOTHING`,
      [profile.email, profile.full_name],
    );
    const [user]: Array<{ id: string }> = await manager.query('SELECT id FROM users WHERE email = $1 FOR UPDATE', [
      profile.email,
    ]);
    const userId = user!.id;
    const funded: unknown[] = await manager.query(
      `SELECT 1 FROM ledger_entries WHERE reference_type = 'system_trader' AND reference_id = $1 AND reason = $2 LIMIT 1`,
      [userId, FUNDING_REASON],
    );
    if (funded.length === 0) {
      await post(manager, {
        reason: FUNDING_REASON,
        referenceType: 'system_trader',
        referenceId: userId,
        legs: fromOutside(userId, Object.entries(profile.inventory)),
      });
    }
    return userId;
  });
}

/**
 * Refills from the outside world every asset of which a system trader holds (available and in its
 * orders) less than half its inventory, back up to the inventory: fees and one-sided flow drain the
 * market maker and the takers slowly, and a dry maker would quote nothing. Answers what it added.
 */
export async function topUpSystemTrader(
  dataSource: DataSource,
  userId: string,
  profile: SystemTraderProfile,
): Promise<Array<[string, Money]>> {
  return dataSource.transaction(async (manager) => {
    // One top-up at a time, as funding: two would both see the shortfall.
    await manager.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const rows: Array<{ asset: string; held: string }> = await manager.query(
      'SELECT asset, available + locked AS held FROM accounts WHERE user_id = $1',
      [userId],
    );
    const held = new Map(rows.map((row) => [row.asset, money(row.held)]));
    const shortfalls = Object.entries(profile.inventory)
      .map(([asset, amount]): [string, Money] => [asset, money(amount).minus(held.get(asset) ?? 0)])
      .filter(([asset, short]) => short.greaterThan(money(profile.inventory[asset]!).div(2)));
    if (shortfalls.length > 0) {
      await post(manager, {
        reason: TOP_UP_REASON,
        referenceType: 'system_trader',
        referenceId: userId,
        legs: fromOutside(userId, shortfalls),
      });
    }
    return shortfalls;
  });
}
