import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Bytes at or above this are thrown away: 248 = 4 x 62, so every character is equally likely. */
const UNBIASED_BELOW = 256 - (256 % ALPHABET.length);

/** An API key and its secret are 64 letters and digits each, as Binance's are: about 381 random bits. */
export const CREDENTIAL_LENGTH = 64;
export const API_KEY_FORMAT = /^[A-Za-z0-9]{64}$/;

/** A random string of `length` letters and digits from the system's secure generator. */
export function randomCredential(length = CREDENTIAL_LENGTH): string {
  let credential = '';
  while (credential.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte >= UNBIASED_BELOW) continue;
      credential += ALPHABET[byte % ALPHABET.length];
      if (credential.length === length) break;
    }
  }
  return credential;
}
