import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'exchange';

/** Bearer tokens: HS256 JWTs carrying the user id, with an expiry. */
export class TokenService {
  /** A CryptoKey imported once: given raw bytes, jose would import the key again on every call. */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly ttl: string,
  ) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
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
    try {
      const { payload } = await jwtVerify(token, await this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      return typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }
}
