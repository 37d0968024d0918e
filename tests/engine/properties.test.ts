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

  it('conserves quantity: filled + remaining = quantity for every order at every step', () => {
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
            if (e.type === 'prevented') {
              // Not traded: gone from both orders' quantity, as a size decrease would be.
              for (const [id, remaining] of [
                [e.makerOrderId, e.makerRemaining],
                [e.takerOrderId, e.takerRemaining],
              ] as const) {
                const o = orders.get(id);
                if (o) o.quantity -= e.quantity;
                check(id, remaining);
              }
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
          const orderId = 'orderId' in c ? c.orderId : undefined;
          for (const e of book.apply(c)) {
            if (e.type !== 'trade') continue;
            // An order moved by this amend may rest and then be hit by a triggered stop.
            const makerPrice = e.makerOrderId === orderId ? undefined : before.get(e.makerOrderId);
            if (makerPrice !== undefined) expect(e.price).toBe(makerPrice);
            if (limitOf !== undefined && e.takerOrderId === orderId) {
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
          const resting = book.snapshot().orders;
          const priority = new Map(resting.map((o) => [o.id, o.priority]));
          // An iceberg whose visible slice goes shows the next one, last in the queue.
          const icebergs = new Map(resting.filter((o) => o.icebergQty > 0).map((o) => [o.id, { ...o }]));
          let newest = Math.max(0, ...priority.values());
          const events = book.apply(c);
          /** The priority each trade's maker had when the taker met it. */
          const met: (number | undefined)[] = [];
          events.forEach((e, i) => {
            if (e.type !== 'trade' && e.type !== 'prevented') return;
            met[i] = priority.get(e.makerOrderId);
            const iceberg = icebergs.get(e.makerOrderId);
            if (iceberg === undefined) return;
            iceberg.remaining -= e.quantity;
            if (iceberg.remaining === 0 && e.makerRemaining > 0) {
              iceberg.remaining = Math.min(iceberg.icebergQty, e.makerRemaining);
              priority.set(e.makerOrderId, ++newest);
            }
          });
          for (let i = 1; i < events.length; i++) {
            const a = events[i - 1];
            const b = events[i];
            if (a.type !== 'trade' || b.type !== 'trade' || a.takerOrderId !== b.takerOrderId) continue;
            if (a.takerSide === 'buy') expect(b.price).toBeGreaterThanOrEqual(a.price);
            else expect(b.price).toBeLessThanOrEqual(a.price);
            const pa = met[i - 1];
            const pb = met[i];
            if (a.price === b.price && pa !== undefined && pb !== undefined) expect(pb).toBeGreaterThan(pa);
          }
        }
      }),
      RUNS,
    );
  });

  it('triggers a trailing stop only once the price has moved its delta from the best price since placement', () => {
    fc.assert(
      fc.property(commandStream(), (commands) => {
        const book = new OrderBook(BTC);
        /** Per trailing stop: side, delta, and the extremes of the last prices since it was placed. */
        const trailing = new Map<string, { side: string; delta: number; high: number; low: number }>();
        for (const c of commands) {
          const lastBefore = book.lastPrice;
          for (const e of book.apply(c)) {
            if (e.type === 'accepted' && e.trailingDelta !== undefined) {
              const start = lastBefore ?? NaN;
              trailing.set(e.orderId, { side: e.side, delta: e.trailingDelta, high: start, low: start });
            }
            if (e.type === 'trade') {
              for (const t of trailing.values()) {
                t.high = Number.isNaN(t.high) ? e.price : Math.max(t.high, e.price);
                t.low = Number.isNaN(t.low) ? e.price : Math.min(t.low, e.price);
              }
            }
            if (e.type === 'triggered' && trailing.has(e.orderId)) {
              const t = trailing.get(e.orderId)!;
              trailing.delete(e.orderId);
              // Exact in integers: last <= high * (1 - delta / 10000), or last >= low * (1 + delta / 10000).
              if (t.side === 'sell') {
                expect(e.lastPrice).toBeLessThanOrEqual(e.stopPrice);
                expect(e.stopPrice * 10_000).toBeLessThanOrEqual(t.high * (10_000 - t.delta));
              } else {
                expect(e.lastPrice).toBeGreaterThanOrEqual(e.stopPrice);
                expect(e.stopPrice * 10_000).toBeGreaterThanOrEqual(t.low * (10_000 + t.delta));
              }
            }
            if (e.type === 'canceled') trailing.delete(e.orderId);
          }
        }
      }),
      RUNS,
    );
  });

  it('never shows more of an iceberg than its icebergQty, in depth or in book events', () => {
    fc.assert(
      fc.property(commandStream(), (commands) => {
        const book = new OrderBook(BTC);
        for (const c of commands) {
          const events = book.apply(c);
          // Per level, from the orders' public views: what shows for sure, and how much more may.
          const bounds = new Map<string, { least: number; most: number }>();
          for (const { id } of book.snapshot().orders) {
            const o = book.getOrder(id)!;
            const key = `${o.side}:${o.price}`;
            const b = bounds.get(key) ?? { least: 0, most: 0 };
            b.least += o.icebergQty === undefined ? o.remaining : 1;
            b.most += o.icebergQty === undefined ? o.remaining : Math.min(o.icebergQty, o.remaining);
            bounds.set(key, b);
          }
          const depth = book.depth(1000);
          // Plain comparisons gathered into one expect: this runs for every level after every command.
          const wrong: unknown[] = [];
          for (const [side, levels] of [
            ['buy', depth.bids],
            ['sell', depth.asks],
          ] as const) {
            for (const level of levels) {
              const b = bounds.get(`${side}:${level.price}`)!;
              if (level.quantity < b.least || level.quantity > b.most) wrong.push({ side, level, b });
            }
          }
          for (const e of events) {
            if (e.type !== 'book') continue;
            const level = (e.side === 'buy' ? depth.bids : depth.asks).find((l) => l.price === e.price);
            if (e.quantity !== (level?.quantity ?? 0)) wrong.push(e);
          }
          expect(wrong).toEqual([]);
        }
      }),
      RUNS,
    );
  });

  it('decrement: no trade between one user, both orders lose the same quantity, an emptied one is canceled', () => {
    fc.assert(
      fc.property(commandStream(), (commands) => {
        const book = new OrderBook(BTC);
        for (const c of commands) {
          const { orders, stops, lists = [] } = book.snapshot();
          const open = [...orders, ...stops, ...lists.flatMap((l) => l.pending)];
          const remaining = new Map(open.map((o) => [o.id, o.remaining + o.hidden]));
          const byQuote = new Set(open.filter((o) => o.byQuote).map((o) => o.id));
          const events = book.apply(c);
          const canceled = new Set<string>();
          events.forEach((e) => {
            if (e.type === 'accepted') {
              remaining.set(e.orderId, e.quantity ?? e.quoteAmount!);
              if (e.quoteAmount !== undefined) byQuote.add(e.orderId);
            }
            if (e.type === 'amended') remaining.set(e.orderId, e.remaining);
            if (e.type === 'trade') {
              expect(e.makerUserId).not.toBe(e.takerUserId);
              remaining.set(e.makerOrderId, e.makerRemaining);
              remaining.set(e.takerOrderId, e.takerRemaining);
            }
            if (e.type === 'canceled' && e.reason === 'SELF_TRADE') canceled.add(e.orderId);
            if (e.type !== 'prevented') return;
            expect(e.quantity).toBeGreaterThan(0);
            expect(e.makerRemaining).toBe(remaining.get(e.makerOrderId)! - e.quantity);
            // A market buy by quote amount loses the notional instead.
            const lost = byQuote.has(e.takerOrderId) ? e.price * e.quantity : e.quantity;
            expect(e.takerRemaining).toBe(remaining.get(e.takerOrderId)! - lost);
            remaining.set(e.makerOrderId, e.makerRemaining);
            remaining.set(e.takerOrderId, e.takerRemaining);
          });
          for (const e of events) {
            if (e.type !== 'prevented') continue;
            if (e.makerRemaining === 0) expect(canceled).toContain(e.makerOrderId);
            if (e.takerRemaining === 0) expect(canceled).toContain(e.takerOrderId);
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
      fc.constantFrom('place', 'cancel', 'amend', 'limit', 'market', 'buy', 'sell', 'o1', 'u1', 'l1', 'oco', 'otoco'),
    );
    const junk = fc.record(
      {
        type: fc.constantFrom('place', 'cancel', 'amend', 'placeList', 'cancelList', 'other'),
        orderId: field,
        userId: field,
        side: field,
        orderType: field,
        price: field,
        quantity: field,
        quoteAmount: field,
        stopPrice: field,
        trailingDelta: field,
        icebergQty: field,
        timeInForce: field,
        makerFeePpm: field,
        takerFeePpm: field,
        timestamp: field,
        listId: field,
        kind: field,
        orders: fc.oneof(
          field,
          fc.array(fc.dictionary(fc.constantFrom('orderId', 'side', 'price', 'quantity'), field)),
        ),
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

describe('order list properties', () => {
  const USERS = ['u1', 'u2', 'u3'];
  const openOrders = (book: OrderBook) => USERS.flatMap((u) => book.openOrders(u));

  it('no order outlives its list, and a pair loses its other order at the first fill or trigger of one', () => {
    fc.assert(
      fc.property(commandStream(), (commands) => {
        const book = new OrderBook(BTC);
        // Executing lists: their orders, and the orders their rules have ruled out.
        const lists = new Map<string, { orderIds: string[]; kind: string; gone: Set<string> }>();
        const listOf = new Map<string, string>();
        const pairedWith = (listId: string, orderId: string): string | undefined => {
          const { orderIds, kind } = lists.get(listId)!;
          const i = orderIds.indexOf(orderId);
          if (kind === 'oco') return orderIds[1 - i];
          return kind === 'otoco' && i > 0 ? orderIds[3 - i] : undefined;
        };
        const touched = (orderId: string) => {
          const listId = listOf.get(orderId);
          const other = listId === undefined ? undefined : pairedWith(listId, orderId);
          if (other !== undefined) lists.get(listId!)!.gone.add(other);
        };
        for (const c of commands) {
          for (const e of book.apply(c)) {
            if (e.type === 'list_status' && e.statusType === 'exec_started') {
              lists.set(e.listId, { orderIds: e.orderIds, kind: e.kind, gone: new Set() });
              for (const id of e.orderIds) listOf.set(id, e.listId);
            }
            if (e.type === 'list_status' && e.statusType === 'all_done') {
              lists.delete(e.listId);
              for (const id of e.orderIds) listOf.delete(id);
            }
            if (e.type === 'trade') {
              touched(e.makerOrderId);
              touched(e.takerOrderId);
            }
            if (e.type === 'triggered') touched(e.orderId);
            // An order that ended leaves its id free for another order.
            if (e.type === 'trade' && e.makerStatus === 'filled') listOf.delete(e.makerOrderId);
            if (e.type === 'trade' && e.takerStatus === 'filled') listOf.delete(e.takerOrderId);
            if (e.type === 'canceled' || e.type === 'expired') listOf.delete(e.orderId);
          }
          const open = openOrders(book);
          for (const o of open) if (o.listId !== undefined) expect(lists.has(o.listId)).toBe(true);
          for (const [listId, { gone }] of lists) {
            expect(open.some((o) => o.listId === listId)).toBe(true);
            for (const id of gone) expect(open.find((o) => o.orderId === id && o.listId === listId)).toBeUndefined();
          }
        }
      }),
      RUNS,
    );
  });

  it('a pending order neither rests, trades nor triggers before its working order has filled completely', () => {
    fc.assert(
      fc.property(commandStream(), (commands) => {
        const book = new OrderBook(BTC);
        const working = new Map<string, { quantity: number; filled: number; filledStatus: boolean }>();
        const workingOf = new Map<string, string>();
        const pending = new Set<string>();
        for (const c of commands) {
          for (const e of book.apply(c)) {
            if (e.type === 'list_status' && e.statusType === 'exec_started' && e.kind !== 'oco') {
              working.set(e.orderIds[0], { quantity: 0, filled: 0, filledStatus: false });
              for (const id of e.orderIds.slice(1)) workingOf.set(id, e.orderIds[0]);
            }
            if (e.type === 'accepted' && working.has(e.orderId)) working.get(e.orderId)!.quantity = e.quantity!;
            if (e.type === 'accepted' && e.status === 'pending_new') pending.add(e.orderId);
            if (e.type === 'trade') {
              expect(pending.has(e.makerOrderId) || pending.has(e.takerOrderId)).toBe(false);
              for (const [id, status] of [
                [e.makerOrderId, e.makerStatus],
                [e.takerOrderId, e.takerStatus],
              ] as const) {
                const w = working.get(id);
                if (w) {
                  w.filled += e.quantity;
                  w.filledStatus ||= status === 'filled';
                }
              }
            }
            // A self-trade decrement lowers the working order's quantity: what is left to fill.
            if (e.type === 'prevented') {
              for (const id of [e.makerOrderId, e.takerOrderId]) {
                const w = working.get(id);
                if (w) w.quantity -= e.quantity;
              }
            }
            if (e.type === 'triggered') expect(pending.has(e.orderId)).toBe(false);
            if (e.type === 'activated') {
              const w = working.get(workingOf.get(e.orderId)!)!;
              expect(w.filledStatus).toBe(true);
              expect(w.filled).toBe(w.quantity);
              pending.delete(e.orderId);
            }
            if ((e.type === 'canceled' || e.type === 'expired') && pending.delete(e.orderId)) {
              expect(working.get(workingOf.get(e.orderId)!)!.filledStatus).toBe(false);
            }
          }
          for (const id of pending) expect(book.getOrder(id)?.status).toBe('pending_new');
          const resting = new Set(book.snapshot().orders.map((o) => o.id));
          const waiting = new Set(book.snapshot().stops.map((o) => o.id));
          for (const id of pending) expect(resting.has(id) || waiting.has(id)).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('the generated streams exercise every list rule', () => {
    const seen = new Set<string>();
    for (const commands of fc.sample(commandStream(), { numRuns: 300, seed: 42 })) {
      const book = new OrderBook(BTC);
      for (const c of commands) {
        for (const e of book.apply(c)) {
          if (e.type === 'list_status') seen.add(`${e.kind}:${e.statusType}`);
          if (e.type === 'activated') seen.add(`activated:${e.status}`);
          if (e.type === 'canceled') seen.add(`canceled:${e.reason}`);
          if (e.type === 'expired') seen.add(`expired:${e.reason}`);
          if (e.type === 'rejected') seen.add(`${e.command}:${e.reason}`);
        }
      }
    }
    for (const kind of ['oco', 'oto', 'otoco']) {
      expect(seen).toContain(`${kind}:exec_started`);
      expect(seen).toContain(`${kind}:all_done`);
    }
    for (const rule of [
      'activated:new',
      'activated:waiting',
      'canceled:LIST',
      'expired:POST_ONLY_WOULD_TAKE',
      'placeList:INVALID_LIST',
      'placeList:DUPLICATE_ID',
      'placeList:POST_ONLY_WOULD_TAKE',
      'cancelList:UNKNOWN_ORDER',
      'amend:INVALID_ORDER',
    ]) {
      expect(seen).toContain(rule);
    }
  });
});
