import fc from 'fast-check';
import { trailingPrice } from '../../engine/trailing-stops';

/** The exact trailing price by BigInt: floor(peak x (1 - d)) for a sell, ceil(peak x (1 + d)) for a buy. */
function exact(side: 'buy' | 'sell', peak: number, delta: number): number {
  const scaled = BigInt(peak) * BigInt(side === 'buy' ? 10_000 + delta : 10_000 - delta);
  const down = scaled / 10_000n;
  return Number(side === 'buy' && down * 10_000n !== scaled ? down + 1n : down);
}

describe('trailing price', () => {
  it('is exact in ticks for every peak a safe integer allows, rounded away from the peak', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 2 ** 52 })),
        fc.integer({ min: 1, max: 9999 }),
        (side, peak, delta) => {
          const price = trailingPrice(side, peak, delta);
          if (side === 'sell' || price <= Number.MAX_SAFE_INTEGER) expect(price).toBe(exact(side, peak, delta));
          // Never closer to the peak than the delta: a move of delta basis points at least.
          if (side === 'sell') expect(BigInt(peak - price) * 10_000n >= BigInt(peak) * BigInt(delta)).toBe(true);
          else expect(BigInt(price - peak) * 10_000n >= BigInt(peak) * BigInt(delta)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('moves at least one tick', () => {
    expect(trailingPrice('sell', 100, 1)).toBe(99);
    expect(trailingPrice('buy', 100, 1)).toBe(101);
    expect(trailingPrice('sell', 10_000, 100)).toBe(9_900);
    expect(trailingPrice('buy', 10_001, 100)).toBe(10_102);
  });
});
