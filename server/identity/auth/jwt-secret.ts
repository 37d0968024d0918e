import { randomBytes, webcrypto } from 'node:crypto';
import { resolveSecret } from '../../platform/crypto/data-dir-secret';

/** JWT_SECRET from the environment, else one generated on first start and kept in DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  return resolveSecret(configured, dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
}

/** The secret as the key of HS256 JWTs, imported once: given raw bytes, jose would import it again on every call. */
export function jwtSigningKey(secret: string): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}
