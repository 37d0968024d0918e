import { createCipheriv, randomBytes } from 'node:crypto';
import { keyId, SecretBox } from '../../server/platform/crypto/secret-box';

/** Sealing under one key, opening under a keyring of the current key and the previous ones. */
const keyA = randomBytes(32);
const keyB = randomBytes(32);
const boxOf = (current: Buffer, ...previous: Buffer[]) => new SecretBox({ current, previous });

/** A value as sealed before values named their key: `v1.<nonce>.<tag>.<ciphertext>`. */
function sealV1(key: Buffer, plaintext: string, context: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', ...[nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}

it('names the sealing key; a keyring holding it as a previous key opens the value', () => {
  const sealed = boxOf(keyA).seal('secret text', 'row-1');
  expect(sealed.split('.').slice(0, 2)).toEqual(['v2', keyId(keyA)]);
  expect(sealed).not.toContain('secret text');
  expect(boxOf(keyB, keyA).open(sealed, 'row-1')).toBe('secret text');
});

it('opens v1 values with the current key or a previous one', () => {
  expect(boxOf(keyA).open(sealV1(keyA, 'old', 'row-1'), 'row-1')).toBe('old');
  expect(boxOf(keyB, keyA).open(sealV1(keyA, 'old', 'row-1'), 'row-1')).toBe('old');
  expect(boxOf(keyB, keyA).open(sealV1(keyB, 'newer', 'row-1'), 'row-1')).toBe('newer');
});

it('refuses a value sealed with a key it does not hold, for another context, or altered', () => {
  const sealed = boxOf(keyA).seal('secret text', 'row-1');
  expect(() => boxOf(keyB).open(sealed, 'row-1')).toThrow(`sealed with key ${keyId(keyA)}, which is not configured`);
  expect(() => boxOf(keyB).open(sealV1(keyA, 'old', 'row-1'), 'row-1')).toThrow();
  expect(() => boxOf(keyA).open(sealed, 'row-2')).toThrow();
  expect(() => boxOf(keyA, keyB).open(sealV1(keyA, 'old', 'row-1'), 'row-2')).toThrow();
  const [version, id, nonce, tag, ciphertext] = sealed.split('.');
  const flipped = Buffer.from(ciphertext!, 'base64url');
  flipped[0]! ^= 1;
  expect(() => boxOf(keyA).open([version, id, nonce, tag, flipped.toString('base64url')].join('.'), 'row-1')).toThrow();
  expect(() => boxOf(keyA).open('v3.x.y.z', 'row-1')).toThrow('not a sealed value');
});

it('reseals a value under the current key, which it then reports as current', () => {
  const rotating = boxOf(keyB, keyA);
  const old = boxOf(keyA).seal('secret text', 'row-1');
  expect(rotating.isCurrent(old)).toBe(false);
  expect(rotating.isCurrent(sealV1(keyB, 'old', 'row-1'))).toBe(false);
  const resealed = rotating.reseal(old, 'row-1');
  expect(rotating.isCurrent(resealed)).toBe(true);
  expect(boxOf(keyB).open(resealed, 'row-1')).toBe('secret text');
});

it('refuses keys of the wrong length', () => {
  expect(() => boxOf(randomBytes(16))).toThrow('an encryption key must be 32 bytes');
  expect(() => boxOf(keyA, randomBytes(31))).toThrow('an encryption key must be 32 bytes');
});
