import fc from 'fast-check';
import { notionalFits } from '../../engine/validation';

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

describe('notionalFits', () => {
  it('is exact at 2^53 - 1 (= 441,650,591 x 20,394,401)', () => {
    expect(notionalFits(441_650_591, 20_394_401)).toBe(true);
    expect(notionalFits(441_650_592, 20_394_401)).toBe(false);
    expect(notionalFits(Number.MAX_SAFE_INTEGER, 1)).toBe(true);
    expect(notionalFits(Number.MAX_SAFE_INTEGER, 2)).toBe(false);
  });

  it('agrees with exact bigint arithmetic next to the limit', () => {
    const safe = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
    fc.assert(
      fc.property(safe, fc.integer({ min: -2, max: 2 }), (quantity, delta) => {
        const price = Number(MAX / BigInt(quantity)) + delta;
        if (price < 1 || price > Number.MAX_SAFE_INTEGER) return;
        expect(notionalFits(price, quantity)).toBe(BigInt(price) * BigInt(quantity) <= MAX);
      }),
      { numRuns: 2000 },
    );
  });
});
