import type { Context } from 'koa';
import { z } from 'zod';
import type { DataSource, EntityManager } from 'typeorm';
import type { Authenticator } from '../auth/authenticator';
import type { TokenService } from '../auth/tokens';
import type { EventBus } from '../../platform/bus/event-bus';
import type { DomainEventPublisher } from '../../platform/bus/domain-events';
import { refuseIdentity } from '../auth/refusals';
import { Session } from './session.entity';

/** Sessions ended by one process, so every process's authenticator stops trusting them: `{ session_ids }`. */
export const SESSIONS_ENDED_TOPIC = 'auth.sessions-ended';
const sessionsEnded = z.object({ session_ids: z.array(z.string()) });

/** Where a request comes from, as a session and the login history remember it. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export const clientOf = (ctx: Context): ClientInfo => ({
  ip: ctx.ip.slice(0, 64),
  userAgent: ctx.get('user-agent').slice(0, 512),
});

/** A session as its owner sees it. */
export interface SessionView {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  ip: string;
  user_agent: string;
  current: boolean;
}

/**
 * Server-side sessions: a login starts one and its token names it; ending one deletes its row, so
 * its token stops at its next request (authenticator.ts), and closes its sockets in every process.
 */
export class SessionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    private readonly bus: EventBus,
    private readonly events: DomainEventPublisher,
    private readonly authenticator: Authenticator,
  ) {}

  /** Every process hears of sessions ended anywhere (call once, before serving). */
  async follow(): Promise<void> {
    await this.bus.subscribe(SESSIONS_ENDED_TOPIC, (message) => {
      const parsed = sessionsEnded.safeParse(message);
      if (parsed.success) this.authenticator.sessionsEnded(parsed.data.session_ids);
    });
  }

  /**
   * A new session for the user, in the caller's transaction, and its token. The user's sessions
   * whose tokens have expired are swept on the way: nothing else needs them gone.
   */
  async start(manager: EntityManager, userId: string, client: ClientInfo): Promise<string> {
    await manager.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at <= now()', [userId]);
    const session = await manager.save(
      manager.create(Session, {
        user_id: userId,
        ip: client.ip,
        user_agent: client.userAgent,
        expires_at: new Date(Date.now() + this.tokens.lifetimeMs),
      }),
    );
    return this.tokens.issue({ userId, sessionId: session.id });
  }

  /** The user's live sessions, the most recently seen first; `current` marks the caller's. */
  async list(userId: string, currentSessionId: string): Promise<SessionView[]> {
    const sessions: Session[] = await this.dataSource.query(
      `SELECT id, created_at, last_seen_at, ip, user_agent FROM sessions
       WHERE user_id = $1 AND expires_at > now() ORDER BY last_seen_at DESC, created_at DESC`,
      [userId],
    );
    return sessions.map(({ id, created_at, last_seen_at, ip, user_agent }) => ({
      id,
      created_at,
      last_seen_at,
      ip,
      user_agent,
      current: id === currentSessionId,
    }));
  }

  /** Ends one of the user's own sessions (the caller's too, as a logout); 404 for anyone else's. */
  async end(userId: string, sessionId: string): Promise<void> {
    const ended: Array<{ id: string }> = await this.dataSource.query(
      // Wrapped in a SELECT: TypeORM answers a bare DELETE with [rows, count].
      'WITH ended AS (DELETE FROM sessions WHERE id = $1 AND user_id = $2 RETURNING id) SELECT id FROM ended',
      [sessionId, userId],
    );
    if (ended.length === 0) throw refuseIdentity('session-not-found');
    this.announceEnded([sessionId]);
  }

  /**
   * Ends every session of the user but `keep`, in the caller's transaction; the caller announces
   * the ended ones (announceEnded) once it has committed.
   */
  async endAll(manager: EntityManager, userId: string, keep?: string): Promise<string[]> {
    const ended: Array<{ id: string }> = await manager.query(
      'WITH ended AS (DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2::uuid RETURNING id) SELECT id FROM ended',
      [userId, keep ?? null],
    );
    return ended.map((row) => row.id);
  }

  /** After the commit that ended them: this process refuses them at once, the others when the bus tells them; their sockets close. */
  announceEnded(sessionIds: string[]): void {
    if (sessionIds.length === 0) return;
    this.authenticator.sessionsEnded(sessionIds);
    this.bus.publish(SESSIONS_ENDED_TOPIC, { session_ids: sessionIds });
    this.events.publish({ type: 'identity.sessions-ended', sessionIds });
  }
}
