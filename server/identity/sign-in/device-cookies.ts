import { randomBytes, type webcrypto } from 'node:crypto';
import type { Context } from 'koa';
import { SignJWT, jwtVerify } from 'jose';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from '../../platform/bus/redis';
import { createLimiter } from '../../platform/bus/limiter';
import { FAILURES_BEFORE_DELAY, FAILURES_REMEMBERED_SECONDS, type ThrottledAttempt } from '../auth/failure-throttle';
import { jwtSigningKey } from '../auth/jwt-secret';

const COOKIE_NAME = 'device';
/** Only the login route is sent the cookie. */
const COOKIE_PATH = '/api/auth/login';
const LIFETIME_DAYS = 365;
const MILLISECONDS_PER_DAY = 86_400_000;
/**
 * Tells a device cookie from a bearer token signed with the same secret: a bearer token has no
 * audience, and a device cookie no session, so neither passes for the other.
 */
const AUDIENCE = 'login-device';

/**
 * Device cookies: a browser that signed in to an account is given a long-lived cookie naming that
 * account and a random nonce of its own, signed with the JWT secret. A login carrying a valid one
 * for the account it tries is counted against that cookie alone, not against the account's delay
 * (failure-throttle.ts), which anyone who knows the e-mail can run up: the owner's browsers are
 * not kept out. After FAILURES_BEFORE_DELAY attempts without the right password the cookie is no
 * longer trusted (for FAILURES_REMEMBERED_SECONDS from the first) and its logins meet the
 * account's delay like anyone's. Each complete sign-in gives a fresh cookie.
 */
export class DeviceCookies {
  private readonly key: Promise<webcrypto.CryptoKey>;
  /** Attempts per cookie nonce since its last right password. */
  private readonly attempts: RateLimiterAbstract;

  constructor(secret: string, redis: Redis | null, prefix: string) {
    this.key = jwtSigningKey(secret);
    this.attempts = createLimiter(
      { name: 'login-device-failures', points: FAILURES_BEFORE_DELAY, duration: FAILURES_REMEMBERED_SECONDS },
      redis,
      prefix,
    );
  }

  /**
   * The login attempt of the request's browser when it carries a trusted cookie for `userId`, else
   * null: the attempt is counted (before the password is checked, as the account's are) and its
   * right password clears the count.
   */
  async trustedAttempt(ctx: Context, userId: string): Promise<ThrottledAttempt | null> {
    const nonce = await this.nonceFor(ctx.cookies.get(COOKIE_NAME), userId);
    if (nonce === null) return null;
    try {
      await this.attempts.consume(nonce);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      return null;
    }
    return { succeeded: () => this.attempts.delete(nonce).then(() => undefined) };
  }

  /** Gives the browser a fresh cookie for `userId`, once it is signed in. */
  async issue(ctx: Context, userId: string): Promise<void> {
    const cookie = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setAudience(AUDIENCE)
      .setJti(randomBytes(16).toString('base64url'))
      .setIssuedAt()
      .setExpirationTime(`${LIFETIME_DAYS}d`)
      .sign(await this.key);
    ctx.cookies.set(COOKIE_NAME, cookie, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      // Over TLS (TRUST_PROXY lets a proxy's X-Forwarded-Proto say so); plain HTTP cannot send a Secure cookie.
      secure: ctx.secure,
      maxAge: LIFETIME_DAYS * MILLISECONDS_PER_DAY,
    });
  }

  /** The nonce of a valid cookie naming `userId`; null for none, another account's, or a forged or expired one. */
  private async nonceFor(cookie: string | undefined, userId: string): Promise<string | null> {
    if (!cookie) return null;
    try {
      const { payload } = await jwtVerify(cookie, await this.key, { audience: AUDIENCE, algorithms: ['HS256'] });
      return payload.sub === userId && typeof payload.jti === 'string' ? payload.jti : null;
    } catch {
      return null;
    }
  }
}
