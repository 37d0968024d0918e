import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'exchange';
/** Tokens whose signature was checked, remembered until they expire (a client sends the same one many times). */
const VERIFIED_CACHE_SIZE = 10_000;

/** Bearer tokens: HS256 JWTs carrying the user id, with an expiry. */
export class TokenService {
  /** A CryptoKey imported once: given raw bytes, jose would import the key again on every call. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly verified = new Map<string, { userId: string; expiresAt: number }>();

  constructor(
    secret: string,
    private readonly ttl: string,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async issue(userId: string): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(this.ttl)
      .sign(await this.key);
  }

  /** The user id of a valid token, or null for a missing, expired, tampered or malformed one. */
  async verify(token: string): Promise<string | null> {
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now()) return known.userId;
    try {
      const { payload } = await jwtVerify(token, await this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string') return null;
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      if (payload.exp !== undefined) this.verified.set(token, { userId: payload.sub, expiresAt: payload.exp * 1000 });
      return payload.sub;
    } catch {
      return null;
    }
  }
}
