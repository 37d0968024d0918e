import type { DataSource } from 'typeorm';
import { post } from '../ledger/ledger';

export interface SystemTraderProfile {
  email: string;
  full_name: string;
  /** What it is given once, from the outside world, per asset. */
  inventory: Readonly<Record<string, string>>;
}

const FUNDING_REASON = 'market_maker_funding';

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
        legs: Object.entries(profile.inventory).flatMap(([asset, amount]) => [
          { owner: { system: 'external' as const }, asset, bucket: 'available' as const, amount: `-${amount}` },
          { owner: { userId }, asset, bucket: 'available' as const, amount },
        ]),
      });
    }
    return userId;
  });
}
