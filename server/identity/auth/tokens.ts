import type { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { jwtSigningKey } from './jwt-secret';

const ISSUER = 'exchange';
/** Tokens whose signature was checked, remembered until they expire (a client sends the same one many times). */
const VERIFIED_CACHE_SIZE = 10_000;
const MILLISECONDS_PER = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** What a valid token says: whose it is, and the session it belongs to (server/identity/sessions). */
export interface TokenClaims {
  userId: string;
  sessionId: string;
}

/** Bearer tokens: HS256 JWTs carrying the user id and the session id, with an expiry. */
export class TokenService {
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly verified = new Map<string, TokenClaims & { expiresAt: number }>();
  /** How long a token lives (JWT_TTL, e.g. 12h), in milliseconds. */
  readonly lifetimeMs: number;

  constructor(
    secret: string,
    private readonly ttl: string,
  ) {
    this.key = jwtSigningKey(secret);
    const [, amount, unit] = /^(\d+)([smhd])$/.exec(ttl)!;
    this.lifetimeMs = Number(amount) * MILLISECONDS_PER[unit as keyof typeof MILLISECONDS_PER];
  }

  async issue({ userId, sessionId }: TokenClaims): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(this.ttl)
      .sign(await this.key);
  }

  /** The claims of a valid token, or null for a missing, expired, tampered or malformed one, or one without a session. */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now()) return known;
    try {
      const { payload } = await jwtVerify(token, await this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const claims = { userId: payload.sub, sessionId: payload.sid };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      if (payload.exp !== undefined) this.verified.set(token, { ...claims, expiresAt: payload.exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
}
