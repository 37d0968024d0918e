import fc from 'fast-check';
import { LevelIndex, WINDOW } from '../../engine/level-index';
import { PriceLevel } from '../../engine/price-level';

/** Prices near a drifting centre (in the window), and some far from it (in the Map). */
const priceArb = fc.oneof(
  fc.integer({ min: 1, max: 3 * WINDOW }),
  fc.integer({ min: 1, max: 1_000_000_000 }),
  fc.constantFrom(1, WINDOW, Number.MAX_SAFE_INTEGER),
);

describe('price -> level index', () => {
  it('matches a Map through stores, deletes and window moves', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), priceArb), { minLength: 1, maxLength: 3000 }), (ops) => {
        const index = new LevelIndex();
        const model = new Map<number, PriceLevel>();
        for (const [store, price] of ops) {
          if (store && !model.has(price)) {
            const level = new PriceLevel('buy', price);
            index.set(price, level);
            model.set(price, level);
          } else {
            index.delete(price);
            model.delete(price);
          }
          expect(index.size).toBe(model.size);
          expect(index.get(price)).toBe(model.get(price));
        }
        for (const [, price] of ops) expect(index.get(price)).toBe(model.get(price));
      }),
      { numRuns: 30 },
    );
  });

  it('follows prices that drift out of the window', () => {
    const index = new LevelIndex();
    const levels: PriceLevel[] = [];
    // A price walking up 10 ticks a step, each level deleted 20 steps later: 100 windows' worth.
    for (let i = 0; i < 40 * WINDOW; i++) {
      const level = new PriceLevel('sell', 1_000_000 + 10 * i);
      index.set(level.price, level);
      levels.push(level);
      if (i >= 20) index.delete(levels[i - 20].price);
    }
    expect(index.size).toBe(20);
    for (const level of levels.slice(-20)) expect(index.get(level.price)).toBe(level);
    expect(index.get(levels[0].price)).toBeUndefined();
  });
});
