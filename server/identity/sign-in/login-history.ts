import type { EntityManager } from 'typeorm';
import type { ClientInfo } from '../sessions/sessions.service';
import { LoginHistoryEntry, type LoginFailure } from './login-history-entry.entity';

/** How many of the latest logins the owner is shown. */
export const LOGIN_HISTORY_LENGTH = 50;

/** Remembers a login to a known account: `failure` null for one that succeeded. */
export async function recordLogin(
  manager: EntityManager,
  userId: string,
  client: ClientInfo,
  failure: LoginFailure | null,
): Promise<void> {
  await manager.insert(LoginHistoryEntry, { user_id: userId, ip: client.ip, user_agent: client.userAgent, failure });
}

/** The user's latest logins, newest first. */
export async function loginHistory(manager: EntityManager, userId: string) {
  const entries = await manager.find(LoginHistoryEntry, {
    where: { user_id: userId },
    order: { created_at: 'DESC' },
    take: LOGIN_HISTORY_LENGTH,
  });
  return entries.map(({ id, created_at, ip, user_agent, failure }) => ({
    id,
    created_at,
    ip,
    user_agent,
    success: failure === null,
    failure,
  }));
}
