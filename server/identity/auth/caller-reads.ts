import type { DataSource } from 'typeorm';
import { poolStatementRunner, type StatementRunner } from '../../platform/db/named-statement';
import type { AuthenticatedUser } from './authenticated-user';
import type { TokenClaims } from './tokens';

/** A token's user as read with its session: `session_live` false once the session has ended. */
export type CallerRow = AuthenticatedUser & { session_live: boolean };

interface Waiter {
  resolve(caller: CallerRow | undefined): void;
  reject(error: unknown): void;
}

interface Asked {
  claims: TokenClaims;
  waiters: Waiter[];
}

/** How long a session's "last seen" may lag: moving it on every request would be a write per request. */
const LAST_SEEN_PRECISION = '1 minute';

/**
 * Reads the users of concurrent requests together with their sessions, the way the order sequencer
 * commits: the tokens asked about while one read is running go in the next one, a single query. A
 * request is only ever answered from a read that started after it asked, so a suspension or an
 * ended session counts at once. The read also finds the sessions whose "last seen" is more than a
 * minute old, and moves them on in one statement nobody waits for.
 */
export class CallerReads {
  private waiting = new Map<string, Asked>();
  private running = false;
  private readonly runStatement: StatementRunner;

  constructor(
    dataSource: DataSource,
    /** Told of every read, so a cache of sessions can learn from it (authenticator.ts). */
    private readonly onRead: (claims: TokenClaims, caller: CallerRow | undefined) => void,
    private readonly onError: (error: unknown) => void,
  ) {
    this.runStatement = poolStatementRunner(dataSource);
  }

  read(claims: TokenClaims): Promise<CallerRow | undefined> {
    return new Promise((resolve, reject) => {
      const slot = `${claims.sessionId}/${claims.userId}`;
      const asked = this.waiting.get(slot);
      if (asked) asked.waiters.push({ resolve, reject });
      else this.waiting.set(slot, { claims, waiters: [{ resolve, reject }] });
      // Requests parsed in the same turn of the event loop join the same read.
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush() {
    while (this.waiting.size > 0) {
      const waiting = [...this.waiting.values()];
      this.waiting = new Map();
      try {
        // A named statement: this runs for every request, so it is parsed and planned once per connection.
        const rows = await this.runStatement<CallerRow & { seen_long_ago: boolean }>({
          name: 'authenticated-callers',
          text: `SELECT k.session_id, u.id, u.email, u.full_name, u.is_admin, u.is_active, u.kyc_status, u.created_at,
                   s.id IS NOT NULL AS session_live,
                   COALESCE(s.last_seen_at < now() - interval '${LAST_SEEN_PRECISION}', false) AS seen_long_ago,
                   t.user_id IS NOT NULL AS two_factor_enabled
                 FROM unnest($1::uuid[], $2::uuid[]) AS k(session_id, user_id)
                 JOIN users u ON u.id = k.user_id
                 LEFT JOIN sessions s ON s.id = k.session_id AND s.user_id = k.user_id
                 LEFT JOIN two_factor t ON t.user_id = u.id AND t.enabled_at IS NOT NULL`,
          values: [waiting.map(({ claims }) => claims.sessionId), waiting.map(({ claims }) => claims.userId)],
        });
        const bySession = new Map(rows.map(({ seen_long_ago: _, ...row }) => [row.session_id, row]));
        for (const { claims, waiters } of waiting) {
          const row = bySession.get(claims.sessionId);
          const caller = row?.id === claims.userId ? row : undefined;
          this.onRead(claims, caller);
          for (const waiter of waiters) waiter.resolve(caller);
        }
        const seenLongAgo = rows.filter((row) => row.seen_long_ago).map((row) => row.session_id);
        if (seenLongAgo.length > 0) this.touch(seenLongAgo);
      } catch (error) {
        for (const { waiters } of waiting) for (const waiter of waiters) waiter.reject(error);
      }
    }
    this.running = false;
  }

  private touch(sessionIds: string[]) {
    this.runStatement({
      name: 'sessions-seen',
      text: 'UPDATE sessions SET last_seen_at = now() WHERE id = ANY($1::uuid[])',
      values: [sessionIds],
    }).catch(this.onError);
  }
}
