import fc from 'fast-check';
import type { OrderType, Side } from '../../engine/commands';
import { Order } from '../../engine/order';
import { StopBook } from '../../engine/stop-book';

function stop(id: number, side: Side, stopPrice: number, orderType: OrderType = 'stop_market'): Order {
  return new Order(
    `s${id}`,
    'u',
    side,
    orderType,
    0,
    stopPrice,
    1,
    1,
    false,
    'IOC',
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

/** Stop-loss buys and take-profit sells are due as the price rises to them. */
const rises = (s: Order) => (s.side === 'buy') === (s.orderType === 'stop_market');

/**
 * The documented trigger order: those due on a rising price lowest stop first, then those due on
 * a falling price highest first, ties by priority.
 */
function triggerOrder(stops: Order[]): Order[] {
  const rising = stops.filter(rises).sort((a, b) => a.stopPrice - b.stopPrice || a.priority - b.priority);
  const falling = stops.filter((s) => !rises(s)).sort((a, b) => b.stopPrice - a.stopPrice || a.priority - b.priority);
  return [...rising, ...falling];
}

describe('stop book', () => {
  it('matches a sorted model through adds, cancels and triggers', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('add', 'cancel', 'pop'),
            fc.boolean(),
            fc.integer({ min: 1, max: 40 }),
            fc.constantFrom('stop_market' as const, 'take_profit' as const),
          ),
          { maxLength: 400 },
        ),
        (ops) => {
          const book = new StopBook();
          let model: Order[] = [];
          let id = 0;
          for (const [op, isBuy, price, type] of ops) {
            if (op === 'add') {
              const s = stop(id++, isBuy ? 'buy' : 'sell', price, type);
              book.add(s);
              model.push(s);
            } else if (op === 'cancel' && model.length > 0) {
              const s = model[price % model.length];
              expect(book.remove(s)).toBe(true);
              expect(book.remove(s)).toBe(false);
              model = model.filter((m) => m !== s);
            } else if (op === 'pop') {
              const due = triggerOrder(model).find((s) => (rises(s) ? price >= s.stopPrice : price <= s.stopPrice));
              expect(book.popTriggered(price)).toBe(due);
              model = model.filter((m) => m !== due);
            }
            expect(book.size).toBe(model.length);
          }
          expect(book.all()).toEqual(triggerOrder(model));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('adds and cancels many stops quickly (no array shifting)', () => {
    const book = new StopBook();
    const stops = Array.from({ length: 200_000 }, (_, i) =>
      stop(i, i % 2 ? 'buy' : 'sell', 1 + ((i * 7919) % 100_000)),
    );
    const started = performance.now();
    for (const s of stops) book.add(s);
    for (let i = stops.length - 1; i >= 0; i -= 2) book.remove(stops[i]);
    expect(book.size).toBe(100_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
