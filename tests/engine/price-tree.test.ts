import fc from 'fast-check';
import { Order } from '../../engine/order';
import { PriceTree } from '../../engine/price-tree';

function order(id: number, price: number): Order {
  return new Order(
    `o${id}`,
    'u',
    'sell',
    'limit',
    price,
    0,
    1,
    1,
    false,
    'GTC',
    false,
    'cancel_newest',
    0,
    0,
    0,
    id,
    0,
    0,
    0,
    0,
    0,
  );
}

/** Live prices best first, walking the tree's public surface. */
function live(tree: PriceTree): number[] {
  const prices: number[] = [];
  for (let l = tree.best; l !== null; l = tree.nextLive(l)) prices.push(l.price);
  return prices;
}

describe('price levels of one side', () => {
  it('match a sorted-set model through adds, empties, placeholders and sweeps', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 6000 })), { minLength: 1, maxLength: 9000 }),
        (ops) => {
          const tree = new PriceTree('sell');
          const model = new Map<number, Order[]>();
          let id = 0;
          for (const [add, price] of ops) {
            if (add || model.size === 0) {
              const o = order(id++, price);
              tree.getOrCreate(price).append(o);
              model.set(price, [...(model.get(price) ?? []), o]);
            } else {
              const prices = [...model.keys()];
              const p = prices[price % prices.length];
              const queue = model.get(p) as Order[];
              const o = queue.shift() as Order;
              const level = o.level!;
              level.remove(o);
              if (level.count === 0) tree.dropEmpty(level);
              if (queue.length === 0) model.delete(p);
            }
            expect(tree.best?.price).toBe(model.size ? Math.min(...model.keys()) : undefined);
          }
          expect(live(tree)).toEqual([...model.keys()].sort((a, b) => a - b));
        },
      ),
      { numRuns: 20 },
    );
  });

  it('sweeps placeholders once there are many more than live levels', () => {
    const tree = new PriceTree('buy');
    const orders = Array.from({ length: 5000 }, (_, i) => order(i, i + 1));
    for (const o of orders) tree.getOrCreate(o.price).append(o);
    for (const o of orders.slice(0, 4990)) {
      const level = o.level!;
      level.remove(o);
      tree.dropEmpty(level);
    }
    expect(tree.byPrice.size).toBeLessThan(3000);
    expect(live(tree)).toEqual([5000, 4999, 4998, 4997, 4996, 4995, 4994, 4993, 4992, 4991]);
    for (const o of orders.slice(4990)) {
      const level = o.level!;
      level.remove(o);
      tree.dropEmpty(level);
    }
    expect(tree.best).toBeNull();
    expect(tree.byPrice.size).toBe(0);
  });
});
