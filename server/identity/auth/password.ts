import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt (memory-hard) with per-password salt; the parameters travel with the hash so they can be raised later. */
const N = 16384;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !expected) return false;
  const key = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(rr), p: Number(pp) });
  const expectedKey = Buffer.from(expected, 'base64');
  return expectedKey.length === key.length && timingSafeEqual(expectedKey, key);
}
