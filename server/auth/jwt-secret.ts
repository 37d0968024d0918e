import { randomBytes } from 'node:crypto';
import { resolveSecret } from '../crypto/data-dir-secret';

/** JWT_SECRET from the environment, else one generated on first start and kept in DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  return resolveSecret(configured, dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
}
