import fc from 'fast-check';
import { requestHash } from '../../server/platform/idempotency/keyed-request';
import { money } from '../../server/kernel/money';

/** What a repeat is compared by: the same request hashes the same, any other request differently. */

/** The value with every object's keys in another (reversed) order, at every depth. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, field]) => [key, reordered(field)]),
  );
}

/** JSON with sorted keys: two values are the same request exactly when this is the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const fields = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
  return `{${fields.join(',')}}`;
}

const input = fc.jsonValue({ maxDepth: 3 });

it('is the same for the same input, whatever the order of its fields', () => {
  fc.assert(
    fc.property(input, (value) => {
      expect(requestHash('post', '/trade', reordered(value))).toBe(requestHash('post', '/trade', value));
    }),
  );
});

it('differs for inputs that differ, and for another method or route', () => {
  fc.assert(
    fc.property(input, input, (one, other) => {
      fc.pre(canonical(one) !== canonical(other));
      expect(requestHash('post', '/trade', one)).not.toBe(requestHash('post', '/trade', other));
    }),
  );
  expect(requestHash('post', '/deposit/request', { amount: 1 })).not.toBe(
    requestHash('post', '/withdraw/request', { amount: 1 }),
  );
  expect(requestHash('post', '/trading/order', {})).not.toBe(requestHash('delete', '/trading/order', {}));
});

it('hashes bytes by their content, not as a list of numbers, and decimals by their value', () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.nat(), (bytes, at) => {
      const copy = Buffer.from(bytes);
      expect(requestHash('post', '/kyc/submit', { document: copy })).toBe(
        requestHash('post', '/kyc/submit', { document: bytes }),
      );
      expect(requestHash('post', '/kyc/submit', { document: bytes })).not.toBe(
        requestHash('post', '/kyc/submit', { document: [...bytes] }),
      );
      copy[at % copy.length] ^= 1;
      expect(requestHash('post', '/kyc/submit', { document: copy })).not.toBe(
        requestHash('post', '/kyc/submit', { document: bytes }),
      );
    }),
  );
  expect(requestHash('post', '/deposit/request', { amount: money('10.50') })).toBe(
    requestHash('post', '/deposit/request', { amount: money('10.5') }),
  );
});
