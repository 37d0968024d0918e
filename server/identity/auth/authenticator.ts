import type { Context } from 'koa';
import type { DataSource } from 'typeorm';
import type { Logger } from '../../platform/logger/logger';
import { assertTraderAccount } from './may-trade';
import { refuseIdentity } from './refusals';
import { twoFactorSetupRequired } from './setup-required';
import type { AuthenticatedUser } from './authenticated-user';
import { CallerReads, type CallerRow } from './caller-reads';
import type { TokenClaims, TokenService } from './tokens';

export const INVALID_TOKEN = 'Invalid or expired token';
export const TWO_FACTOR_SETUP_REQUIRED = 'Administrators must turn on two-factor authentication first';

/** The router's `trader` access: the account checks of the trading rule (may-trade.ts). */
export const assertTrader = assertTraderAccount;

const authorizationOf = (ctx: Context) => ctx.get('authorization') || undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How long a `signed` route (order placement, which reads no user) trusts that a session it saw
 * live still is. Ending a session tells every process at once over the bus; this bounds how long a
 * lost message can keep an ended session working in another process.
 */
const SESSION_TRUSTED_MS = 1000;
/** Sessions remembered for `signed` routes; past it the memory starts again (a forgotten one is read again). */
const SESSIONS_REMEMBERED = 100_000;

interface SessionSeen {
  userId: string;
  /** A session once ended never lives again, so an ended one is remembered as such for good. */
  ended: boolean;
  readAt: number;
}

export interface AuthenticatorOptions {
  /** ADMIN_REQUIRE_2FA: an administrator without two-factor reaches only the routes that set it up. */
  adminsNeedTwoFactor: boolean;
}

/**
 * Turns a bearer token into the current user. The user and the session its token names are re-read
 * on every request, so a suspension or an ended session takes effect at once, whatever tokens are
 * still in circulation.
 */
export class Authenticator {
  private readonly reads: CallerReads;
  private readonly sessions = new Map<string, SessionSeen>();

  constructor(
    private readonly tokens: TokenService,
    dataSource: DataSource,
    logger: Logger,
    private readonly options: AuthenticatorOptions,
  ) {
    this.reads = new CallerReads(
      dataSource,
      (claims, caller) => this.remember(claims, caller),
      (error) => logger.warn({ err: error }, "moving sessions' last seen failed"),
    );
  }

  /** null without credentials; refused for a bad token, an ended session or a suspended account. */
  async identify(authorization: string | undefined): Promise<AuthenticatedUser | null> {
    const claims = await this.claimsOf(authorization);
    if (!claims) return null;
    const caller = await this.reads.read(claims);
    if (!caller) throw refuseIdentity('invalid-token');
    if (!caller.is_active) throw refuseIdentity('account-suspended');
    if (!caller.session_live) throw refuseIdentity('session-ended');
    const { session_live: _, ...user } = caller;
    return user;
  }

  /**
   * The user id of a valid token whose session is live, without a read per request: a session seen
   * live within the last second counts as live (see SESSION_TRUSTED_MS). null without credentials.
   */
  async signedCaller(authorization: string | undefined): Promise<{ id: string; session_id: string } | null> {
    const claims = await this.claimsOf(authorization);
    if (!claims) return null;
    const seen = this.sessions.get(claims.sessionId);
    if (seen?.userId === claims.userId && (seen.ended || Date.now() - seen.readAt < SESSION_TRUSTED_MS)) {
      if (seen.ended) throw refuseIdentity('session-ended');
    } else {
      const caller = await this.reads.read(claims);
      if (!caller) throw refuseIdentity('invalid-token');
      // Ended while the read ran: the read may have started before the end committed.
      if (!caller.session_live || this.sessions.get(claims.sessionId)?.ended) throw refuseIdentity('session-ended');
    }
    return { id: claims.userId, session_id: claims.sessionId };
  }

  /** The user id a valid bearer token names, without reading anything: null without credentials, refused for a bad token. */
  async signedUserId(authorization: string | undefined): Promise<string | null> {
    return (await this.claimsOf(authorization))?.userId ?? null;
  }

  /** Sessions ended in this process or another (the bus): `signed` routes refuse them from now on. */
  sessionsEnded(sessionIds: string[]): void {
    for (const id of sessionIds) {
      if (!this.sessions.has(id) && this.sessions.size >= SESSIONS_REMEMBERED) this.sessions.clear();
      this.sessions.set(id, { userId: this.sessions.get(id)?.userId ?? '', ended: true, readAt: Date.now() });
    }
  }

  /** Whether this user must turn two-factor on before anything else (ADMIN_REQUIRE_2FA). */
  mustSetUpTwoFactor(user: Pick<AuthenticatedUser, 'is_admin' | 'two_factor_enabled'>): boolean {
    return twoFactorSetupRequired(user, this.options.adminsNeedTwoFactor);
  }

  identifyRequest(ctx: Context) {
    return this.identify(authorizationOf(ctx));
  }

  signedRequestCaller(ctx: Context) {
    return this.signedCaller(authorizationOf(ctx));
  }

  signedRequestUserId(ctx: Context) {
    return this.signedUserId(authorizationOf(ctx));
  }

  private async claimsOf(authorization: string | undefined): Promise<TokenClaims | null> {
    if (!authorization) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match) throw refuseIdentity('invalid-authorization-header');
    const claims = await this.tokens.verify(match[1]!);
    if (!claims || !UUID.test(claims.userId) || !UUID.test(claims.sessionId)) throw refuseIdentity('invalid-token');
    return claims;
  }

  /** What a read found, for `signed` routes; an ended session stays ended whatever a read that started before its end says. */
  private remember(claims: TokenClaims, caller: CallerRow | undefined) {
    if (!caller) return;
    const seen = this.sessions.get(claims.sessionId);
    if (seen?.ended) return;
    if (!seen && this.sessions.size >= SESSIONS_REMEMBERED) this.sessions.clear();
    this.sessions.set(claims.sessionId, { userId: claims.userId, ended: !caller.session_live, readAt: Date.now() });
  }
}
