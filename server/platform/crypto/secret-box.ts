import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config/config';
import { resolveSecret } from './data-dir-secret';

const ALGORITHM = 'aes-256-gcm';
/** 96-bit nonces, as GCM is specified for; random, so a key may seal about 2^32 values before a repeat is likely. */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** `v2.<keyId>.<nonce>.<tag>.<ciphertext>`: names the key that sealed it. */
const VERSION = 'v2';
/** `v1.<nonce>.<tag>.<ciphertext>`, sealed before values named their key: opened by trying each key. */
const UNNAMED_KEY_VERSION = 'v1';

/** The key that seals, and the keys that sealed before it and may still open (server/platform/crypto/README.md). */
export interface EncryptionKeys {
  current: Buffer;
  previous: Buffer[];
}

/**
 * ENCRYPTION_KEY from the environment, else the one generated on first start and kept in DATA_DIR;
 * with ENCRYPTION_KEYS_PREVIOUS, the keys being rotated away from.
 */
export function resolveEncryptionKeys(
  config: Pick<Config, 'ENCRYPTION_KEY' | 'ENCRYPTION_KEYS_PREVIOUS' | 'DATA_DIR'>,
): EncryptionKeys {
  const current = resolveSecret(config.ENCRYPTION_KEY, config.DATA_DIR, 'encryption-key', () =>
    randomBytes(32).toString('hex'),
  );
  return {
    current: Buffer.from(current, 'hex'),
    previous: config.ENCRYPTION_KEYS_PREVIOUS.map((hex) => Buffer.from(hex, 'hex')),
  };
}

/** A key's name in the values it seals: the first 8 hex digits of its SHA-256 (it tells nothing of the key). */
export const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * Seals secrets the database keeps but must not hold readable (two-factor and API key secrets):
 * AES-256-GCM, each value with its own nonce and bound to `context` (say, the owner's id), so a sealed value
 * copied to another row does not open there. Text in, text out: `v2.<keyId>.<nonce>.<tag>.<ciphertext>`.
 * It seals with the current key and opens with any of its keys, so the key can be rotated.
 */
export class SecretBox {
  private readonly currentId: string;
  /** Every key that may open, by id; the current one first. */
  private readonly keys = new Map<string, Buffer>();

  constructor({ current, previous }: EncryptionKeys) {
    this.currentId = keyId(current);
    for (const key of [current, ...previous]) {
      if (key.length !== 32) throw new Error('an encryption key must be 32 bytes');
      const id = keyId(key);
      const known = this.keys.get(id);
      // 32 bits of a hash: two different keys sharing an id is unlikely, but would open with the wrong one.
      if (known && !known.equals(key)) throw new Error(`two encryption keys share the id ${id}: replace one`);
      this.keys.set(id, key);
    }
  }

  seal(plaintext: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.keys.get(this.currentId)!, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      VERSION,
      this.currentId,
      ...[nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')),
    ].join('.');
  }

  /** The plaintext; throws when the value was altered, sealed for another context or with none of the keys. */
  open(sealed: string, context: string): string {
    const parts = sealed.split('.');
    if (parts[0] === VERSION && parts.length === 5) {
      const key = this.keys.get(parts[1]!);
      if (!key) throw new Error(`sealed with key ${parts[1]}, which is not configured`);
      return decrypt(key, parts.slice(2), context);
    }
    if (parts[0] === UNNAMED_KEY_VERSION && parts.length === 4) {
      let failure: unknown;
      for (const key of this.keys.values())
        try {
          return decrypt(key, parts.slice(1), context);
        } catch (error) {
          failure = error;
        }
      throw failure;
    }
    throw new Error('not a sealed value');
  }

  /** Whether `sealed` names the current key: sealing it again would change nothing. */
  isCurrent(sealed: string): boolean {
    return sealed.startsWith(`${VERSION}.${this.currentId}.`);
  }

  /** `sealed` opened and sealed again under the current key. */
  reseal(sealed: string, context: string): string {
    return this.seal(this.open(sealed, context), context);
  }
}

function decrypt(key: Buffer, [nonce, tag, ciphertext]: string[], context: string): string {
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(nonce!, 'base64url'), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext!, 'base64url')), decipher.final()]).toString('utf8');
}
