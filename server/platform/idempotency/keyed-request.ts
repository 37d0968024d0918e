import { createHash, type Hash } from 'node:crypto';
import type { Context } from 'koa';
import { z } from 'zod';
import { badRequest } from '../http/errors';

/** 1 to 64 letters, digits and `_ . : -`: a UUID, a ULID or a client's own counter all fit. */
const KEY = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * A request sent with an Idempotency-Key: whose key it is (keys are per user), the key, a hash of
 * what the request asks, and the status its success is answered with. The service doing the work
 * records its answer with it in the transaction of the work (see recorded-answers.ts). A schema, as
 * a process forwarding an order to its book's owner sends it along.
 */
export const keyedRequestSchema = z.object({
  userId: z.string().min(1),
  key: z.string().regex(KEY),
  requestHash: z.string().regex(/^[0-9a-f]{64}$/),
  successStatus: z.number().int().min(200).max(299),
});
export type KeyedRequest = z.infer<typeof keyedRequestSchema>;

/** The request's Idempotency-Key, or null when it sends none; a malformed one is refused. */
export function idempotencyKeyOf(ctx: Context): string | null {
  // Node joins a repeated header with ', ', which the pattern refuses.
  const key = ctx.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || !KEY.test(key)) throw badRequest('Invalid Idempotency-Key');
  return key;
}

/**
 * SHA-256 (hex) of the method, the route's path and its validated input: the same request in other
 * words ("5" or 5, keys in another order) hashes the same. Bytes (a KYC document) are hashed as
 * they are, not as JSON.
 */
export function requestHash(method: string, path: string, input: unknown): string {
  const hash = createHash('sha256').update(`${method.toUpperCase()} ${path}\n`);
  feed(hash, input);
  return hash.digest('hex');
}

function feed(hash: Hash, value: unknown): void {
  if (value instanceof Uint8Array) {
    hash.update(`bytes ${value.length}:`).update(value);
  } else if (Array.isArray(value)) {
    hash.update('[');
    for (const item of value) {
      feed(hash, item);
      hash.update(',');
    }
    hash.update(']');
  } else if (typeof value === 'object' && value !== null && !('toJSON' in value)) {
    const fields = value as Record<string, unknown>;
    hash.update('{');
    // As in JSON, a field that is undefined is a field not given.
    for (const name of Object.keys(fields).sort()) {
      if (fields[name] === undefined) continue;
      hash.update(`${JSON.stringify(name)}:`);
      feed(hash, fields[name]);
      hash.update(',');
    }
    hash.update('}');
  } else {
    // Text, numbers, booleans, null, and what has a JSON form of its own (decimals, dates).
    hash.update(JSON.stringify(value) ?? 'undefined');
  }
}
