import fc from 'fast-check';
import { OrderBook, stateHash, type Command, type EngineEvent } from '../../engine';
import { commandStream } from './arbitraries';
import { BTC } from './helpers';
import { ReferenceBook } from './reference-book';

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) };

function runAll(book: { apply(c: Command): EngineEvent[] }, commands: Command[]): EngineEvent[][] {
  return commands.map((c) => book.apply(c));
}

describe('order book properties', () => {
  it('agrees event for event with the simple reference book', () => {
    fc.assert(
      fc.property(commandStream(), (commands) => {
        const fast = new OrderBook(BTC);
        const ref = new ReferenceBook(BTC);
        for (const c of commands) expect(fast.apply(c)).toEqual(ref.apply(c));
      }),
      RUNS,
    );
  });

  it('is deterministic: the same commands give the same events and state hash', () => {
    fc.assert(
      fc.property(commandStream(), (commands) => {
        const a = new OrderBook(BTC);
        const b = new OrderBook(BTC);
        expect(JSON.stringify(runAll(a, commands))).toBe(JSON.stringify(runAll(b, commands)));
        expect(a.stateHash()).toBe(b.stateHash());
      }),
      RUNS,
    );
  });

  it('is never crossed after a command', () => {
    fc.assert(
      fc.property(commandStream(), (commands) => {
        const book = new OrderBook(BTC);
        for (const c of commands) {
          book.apply(c);
          const bid = book.bestBid();
          const ask = book.bestAsk();
          if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
        }
      }),
      RUNS,
    );
  });

  it('conserves quantity: filled + remaining = original for every order at every step', () => {
    fc.assert(
      fc.property(commandStream(), (commands) => {
        const book = new OrderBook(BTC);
        const orders = new Map<string, { quantity: number; filled: number; byQuote: boolean }>();
        const check = (id: string, remaining: number) => {
          const o = orders.get(id);
          if (o && !o.byQuote) expect(o.filled + remaining).toBe(o.quantity);
        };
        for (const c of commands) {
          for (const e of book.apply(c)) {
            if (e.type === 'accepted')
              orders.set(e.orderId, { quantity: e.quantity ?? 0, filled: 0, byQuote: e.quoteAmount !== undefined });
            if (e.type === 'amended') {
              const o = orders.get(e.orderId);
              if (o) o.quantity = e.quantity;
              check(e.orderId, e.remaining);
            }
            if (e.type === 'trade') {
              const maker = orders.get(e.makerOrderId);
              const taker = orders.get(e.takerOrderId);
              if (maker) maker.filled += e.quantity;
              if (taker) taker.filled += e.quantity;
              check(e.makerOrderId, e.makerRemaining);
              check(e.takerOrderId, e.takerRemaining);
              if (e.makerStatus === 'filled') expect(e.makerRemaining).toBe(0);
            }
            if (e.type === 'canceled' || e.type === 'expired') check(e.orderId, e.remaining);
          }
        }
        for (const [id, o] of orders) {
          const open = book.getOrder(id);
          if (open && !o.byQuote) expect(open.filled).toBe(o.filled);
        }
      }),
      RUNS,
    );
  });

  it('never trades outside a limit price, and always at the maker price', () => {
    fc.assert(
      fc.property(commandStream(), (commands) => {
        const book = new OrderBook(BTC);
        for (const c of commands) {
          const before = new Map(book.snapshot().orders.map((o) => [o.id, o.price]));
          const limitOf =
            c.type === 'place' && c.orderType === 'limit' ? c.price : c.type === 'amend' ? c.price : undefined;
          for (const e of book.apply(c)) {
            if (e.type !== 'trade') continue;
            // An order moved by this amend may rest and then be hit by a triggered stop.
            const makerPrice = e.makerOrderId === c.orderId ? undefined : before.get(e.makerOrderId);
            if (makerPrice !== undefined) expect(e.price).toBe(makerPrice);
            if (limitOf !== undefined && e.takerOrderId === c.orderId) {
              if (e.takerSide === 'buy') expect(e.price).toBeLessThanOrEqual(limitOf);
              else expect(e.price).toBeGreaterThanOrEqual(limitOf);
            }
          }
        }
      }),
      RUNS,
    );
  });

  it('keeps price-time priority: each taker meets makers best price first, then oldest first', () => {
    fc.assert(
      fc.property(commandStream(), (commands) => {
        const book = new OrderBook(BTC);
        for (const c of commands) {
          const priority = new Map(book.snapshot().orders.map((o) => [o.id, o.priority]));
          const events = book.apply(c);
          for (let i = 1; i < events.length; i++) {
            const a = events[i - 1];
            const b = events[i];
            if (a.type !== 'trade' || b.type !== 'trade' || a.takerOrderId !== b.takerOrderId) continue;
            if (a.takerSide === 'buy') expect(b.price).toBeGreaterThanOrEqual(a.price);
            else expect(b.price).toBeLessThanOrEqual(a.price);
            const pa = priority.get(a.makerOrderId);
            const pb = priority.get(b.makerOrderId);
            if (a.price === b.price && pa !== undefined && pb !== undefined) expect(pb).toBeGreaterThan(pa);
          }
        }
      }),
      RUNS,
    );
  });

  it('snapshot -> restore gives the same state hash and the same events afterwards', () => {
    fc.assert(
      fc.property(commandStream(), fc.nat(), (commands, cut) => {
        const k = cut % (commands.length + 1);
        const original = new OrderBook(BTC);
        runAll(original, commands.slice(0, k));
        const stored = JSON.parse(JSON.stringify(original.snapshot()));
        expect(stateHash(stored)).toBe(original.stateHash());
        const restored = OrderBook.restore(stored);
        expect(restored.stateHash()).toBe(original.stateHash());
        for (const c of commands.slice(k)) expect(restored.apply(c)).toEqual(original.apply(c));
        expect(restored.stateHash()).toBe(original.stateHash());
      }),
      RUNS,
    );
  });
  it('never throws on malformed commands, and they change nothing but the event sequence', () => {
    const field = fc.oneof(
      fc.anything({ withNullPrototype: true, withBigInt: true, withBoxedValues: true }),
      fc.constantFrom('place', 'cancel', 'amend', 'limit', 'market', 'buy', 'sell', 'o1', 'u1'),
    );
    const junk = fc.record(
      {
        type: fc.constantFrom('place', 'cancel', 'amend', 'other'),
        orderId: field,
        userId: field,
        side: field,
        orderType: field,
        price: field,
        quantity: field,
        quoteAmount: field,
        stopPrice: field,
        timeInForce: field,
        makerFeePpm: field,
        takerFeePpm: field,
        timestamp: field,
      },
      { requiredKeys: ['type'] },
    );
    fc.assert(
      fc.property(commandStream(30), fc.array(junk, { maxLength: 20 }), (commands, garbage) => {
        const book = new OrderBook(BTC);
        runAll(book, commands);
        const before = { ...book.snapshot(), seq: 0 };
        for (const g of garbage) {
          const events = book.apply(g as unknown as Command);
          for (const e of events) {
            if (e.type !== 'rejected') {
              // A junk command may still be well-formed by chance: then it is a real command.
              return;
            }
          }
        }
        expect({ ...book.snapshot(), seq: 0 }).toEqual(before);
      }),
      RUNS,
    );
  });
});
