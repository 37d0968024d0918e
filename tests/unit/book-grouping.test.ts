import fc from 'fast-check';
import { groupLevels, groupPrice, stepLabel } from '../../client/src/trade/book/grouping';

describe('order book grouping', () => {
  it('names the steps with the decimals they need', () => {
    expect(['0.0001', '0.01', '1'].map((tick) => stepLabel(tick, 10))).toEqual(['0.001', '0.1', '10']);
    expect(stepLabel('0.01', 1000)).toBe('10');
  });

  it('rounds bids down and asks up to the step, exactly', () => {
    expect(groupPrice(2.4567, 'bid', '0.0001', 10)).toBe(2.456);
    expect(groupPrice(2.4567, 'ask', '0.0001', 10)).toBe(2.457);
    expect(groupPrice(2.457, 'ask', '0.0001', 10)).toBe(2.457);
    expect(groupPrice(50_000.55, 'bid', '0.01', 100)).toBe(50_000);
    expect(groupPrice(50_000.55, 'ask', '0.01', 100)).toBe(50_001);
  });

  it('sums the amounts of a step and keeps the best first', () => {
    const bids: [number, number][] = [
      [2.4567, 1.5],
      [2.4561, 0.25],
      [2.4559, 3],
    ];
    expect(groupLevels(bids, 'bid', '0.0001', '0.01', 10)).toEqual([
      [2.456, 1.75],
      [2.455, 3],
    ]);
    const asks: [number, number][] = [
      [2.4571, 1],
      [2.4579, 0.1],
      [2.4581, 2],
    ];
    expect(groupLevels(asks, 'ask', '0.0001', '0.01', 10)).toEqual([
      [2.458, 1.1],
      [2.459, 2],
    ]);
  });

  it('gives multiples of the step, never better than the orders in them, and keeps the total amount', () => {
    const side = fc.constantFrom('bid' as const, 'ask' as const);
    const ticks = fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(ticks, side, fc.constantFrom(1, 10, 100, 1000), (units, kind, factor) => {
        const sorted = [...new Set(units)].sort((a, b) => (kind === 'bid' ? b - a : a - b));
        const levels = sorted.map((u): [number, number] => [Number((u / 100).toFixed(2)), 1]);
        const grouped = groupLevels(levels, kind, '0.01', '1', factor);
        for (const [price] of grouped) expect(Math.round(price * 100) % factor).toBe(0);
        for (const [price] of levels) {
          const step = groupPrice(price, kind, '0.01', factor);
          expect(kind === 'bid' ? step <= price : step >= price).toBe(true);
          expect(Math.abs(step - price)).toBeLessThan(factor / 100);
        }
        expect(grouped.reduce((sum, [, q]) => sum + q, 0)).toBe(levels.length);
        expect(new Set(grouped.map(([p]) => p)).size).toBe(grouped.length);
      }),
    );
  });
});
