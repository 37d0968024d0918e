import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { resolveSecret } from './data-dir-secret';

const ALGORITHM = 'aes-256-gcm';
/** 96-bit nonces, as GCM is specified for; random, so a key may seal about 2^32 values before a repeat is likely. */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/** ENCRYPTION_KEY from the environment, else one generated on first start and kept in DATA_DIR. */
export function resolveEncryptionKey(configured: string | undefined, dataDir: string): Buffer {
  const hex = resolveSecret(configured, dataDir, 'encryption-key', () => randomBytes(32).toString('hex'));
  return Buffer.from(hex, 'hex');
}

/**
 * Seals secrets the database keeps but must not hold readable (two-factor and API key secrets):
 * AES-256-GCM, each value with its own nonce and bound to `context` (say, the owner's id), so a sealed value
 * copied to another row does not open there. Text in, text out: `v1.<nonce>.<tag>.<ciphertext>`.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the encryption key must be 32 bytes');
  }

  seal(plaintext: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, nonce, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plaintext; throws when the value was altered, sealed for another context or with another key. */
  open(sealed: string, context: string): string {
    const [version, nonce, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || nonce === undefined || tag === undefined || ciphertext === undefined)
      throw new Error('not a sealed value');
    const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(nonce, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
