import type { Context } from 'koa';
import type { DataSource } from 'typeorm';
import { poolStatementRunner, type StatementRunner } from '../db/named-statement';
import { forbidden, unauthorized } from '../http/errors';
import { assertTraderAccount, SUSPENDED } from '../trading/may-trade';
import type { AuthenticatedUser } from './authenticated-user';
import type { TokenService } from './tokens';

export { SUSPENDED };
export const INVALID_TOKEN = 'Invalid or expired token';

/** The router's `trader` access: the account checks of the trading rule (trading/may-trade.ts). */
export const assertTrader = assertTraderAccount;

const authorizationOf = (ctx: Context) => ctx.get('authorization') || undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Turns a bearer token into the current user. The user is re-read on every request, so a
 * suspension takes effect at once, whatever tokens are still in circulation.
 */
export class Authenticator {
  private readonly users: UserReads;

  constructor(
    private readonly tokens: TokenService,
    dataSource: DataSource,
  ) {
    this.users = new UserReads(dataSource);
  }

  /** null without credentials; 401 for a bad token; 403 for a suspended account. */
  async identify(authorization: string | undefined): Promise<AuthenticatedUser | null> {
    const userId = await this.signedUserId(authorization);
    if (!userId) return null;
    const user = await this.users.read(userId);
    if (!user) throw unauthorized(INVALID_TOKEN);
    if (!user.is_active) throw forbidden(SUSPENDED);
    return user;
  }

  /** The user id a valid bearer token names, without reading the user: null without credentials, 401 for a bad token. */
  async signedUserId(authorization: string | undefined): Promise<string | null> {
    if (!authorization) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match) throw unauthorized('Invalid authorization header');
    const userId = await this.tokens.verify(match[1]!);
    if (!userId || !UUID.test(userId)) throw unauthorized(INVALID_TOKEN);
    return userId;
  }

  identifyRequest(ctx: Context) {
    return this.identify(authorizationOf(ctx));
  }

  signedRequestUserId(ctx: Context) {
    return this.signedUserId(authorizationOf(ctx));
  }
}

interface Waiter {
  resolve(user: AuthenticatedUser | undefined): void;
  reject(error: unknown): void;
}

/**
 * Reads users for concurrent requests together, the way the order sequencer commits: the ids asked
 * for while one read is running go in the next one, a single query. A request is only ever answered
 * from a read that started after it asked, so nothing is cached and a suspension still counts at once.
 */
class UserReads {
  private waiting = new Map<string, Waiter[]>();
  private running = false;

  private readonly runStatement: StatementRunner;

  constructor(dataSource: DataSource) {
    this.runStatement = poolStatementRunner(dataSource);
  }

  read(userId: string): Promise<AuthenticatedUser | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(userId);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(userId, [{ resolve, reject }]);
      // Requests parsed in the same turn of the event loop join the same read.
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush() {
    while (this.waiting.size > 0) {
      const waiting = this.waiting;
      this.waiting = new Map();
      try {
        // A named statement: this runs for every request, so it is parsed and planned once per connection.
        const rows = await this.runStatement<AuthenticatedUser>({
          name: 'authenticated-users',
          text: 'SELECT id, email, full_name, is_admin, is_active, kyc_status, created_at FROM users WHERE id = ANY($1::uuid[])',
          values: [[...waiting.keys()]],
        });
        const byId = new Map(rows.map((row) => [row.id, row]));
        for (const [id, waiters] of waiting) for (const waiter of waiters) waiter.resolve(byId.get(id));
      } catch (error) {
        for (const waiters of waiting.values()) for (const waiter of waiters) waiter.reject(error);
      }
    }
    this.running = false;
  }
}
