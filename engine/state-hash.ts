/**
 * A 64-bit fingerprint (16 hex digits) of a book snapshot, so a replay can prove it reached the
 * same state. Two independent 32-bit FNV-1a style lanes over the canonical JSON; not
 * cryptographic, only a cheap equality witness.
 */
import type { BookSnapshot } from './snapshot';

export function hashText(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b) >>> 0;
  h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35) >>> 0;
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

export function stateHash(snapshot: BookSnapshot): string {
  return hashText(JSON.stringify(snapshot));
}
