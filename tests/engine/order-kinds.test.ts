/** Take-profit orders, trailing stops, icebergs and the decrement self-trade prevention. */
import { OrderBook, type EngineEvent, type PlaceCommand } from '../../engine';
import { amend, cancel, limit, market, newBook, ofType, types } from './helpers';

let clock = 1_800_000_000_000;
let tradeNo = 0;

/** A stop or take-profit order; `stopPrice` may be left out by a trailing one. */
function trigger(
  orderId: string,
  side: 'buy' | 'sell',
  orderType: PlaceCommand['orderType'],
  extra: Partial<PlaceCommand>,
): PlaceCommand {
  return {
    type: 'place',
    orderId,
    userId: 'trader',
    side,
    orderType,
    quantity: 1,
    makerFeePpm: 0,
    takerFeePpm: 0,
    timestamp: ++clock,
    ...extra,
  };
}

/** The two orders of one trade of one lot at `price` between two market makers. */
function tradeCommands(price: number): PlaceCommand[] {
  tradeNo++;
  return [limit(`ask${tradeNo}`, 'mm1', 'sell', price, 1), limit(`bid${tradeNo}`, 'mm2', 'buy', price, 1)];
}

/** One trade at `price`, so the last price becomes `price`; the events of the order that trades. */
function tradeAt(book: OrderBook, price: number, commands = tradeCommands(price)): EngineEvent[] {
  book.apply(commands[0]);
  const events = book.apply(commands[1]);
  expect(ofType(events, 'trade')[0]).toMatchObject({ price, quantity: 1 });
  return events;
}

const triggeredIds = (events: EngineEvent[]) => ofType(events, 'triggered').map((e) => e.orderId);

describe('take-profit orders', () => {
  it('a take-profit sell triggers when the price rises to it, a take-profit buy when it falls', () => {
    const book = newBook();
    tradeAt(book, 100);
    book.apply(trigger('tp-sell', 'sell', 'take_profit_limit', { stopPrice: 110, price: 109 }));
    book.apply(trigger('tp-buy', 'buy', 'take_profit', { stopPrice: 90 }));
    expect(book.getOrder('tp-sell')).toMatchObject({ status: 'waiting', orderType: 'take_profit_limit' });
    expect(triggeredIds(tradeAt(book, 95))).toEqual([]);
    expect(triggeredIds(tradeAt(book, 109))).toEqual([]);
    const up = tradeAt(book, 110);
    expect(ofType(up, 'triggered')).toEqual([
      expect.objectContaining({ orderId: 'tp-sell', stopPrice: 110, lastPrice: 110 }),
    ]);
    // Triggered, it rests as a limit sell at 109 (nothing to sell to).
    expect(book.getOrder('tp-sell')).toMatchObject({ status: 'new', orderType: 'limit', price: 109 });
    expect(triggeredIds(tradeAt(book, 91))).toEqual([]);
    expect(triggeredIds(tradeAt(book, 90))).toEqual(['tp-buy']);
  });

  it('a take-profit already due when placed triggers at once', () => {
    const book = newBook();
    tradeAt(book, 100);
    const events = book.apply(trigger('tp', 'sell', 'take_profit', { stopPrice: 100 }));
    expect(types(events)).toEqual(['accepted', 'triggered', 'expired']);
  });

  it('when several are due: rising ones lowest stop first, then falling ones highest first', () => {
    const book = newBook();
    book.apply(trigger('sl-sell-101', 'sell', 'stop_market', { stopPrice: 101 }));
    book.apply(trigger('tp-buy-102', 'buy', 'take_profit', { stopPrice: 102 }));
    book.apply(trigger('sl-buy-100', 'buy', 'stop_market', { stopPrice: 100 }));
    book.apply(trigger('tp-sell-99', 'sell', 'take_profit', { stopPrice: 99 }));
    // The book's first trade makes all four due at once; they meet an empty book and expire.
    expect(triggeredIds(tradeAt(book, 100))).toEqual(['tp-sell-99', 'sl-buy-100', 'tp-buy-102', 'sl-sell-101']);
  });
});

describe('trailing stops', () => {
  it('without a stop price trail from the last price at placement (a trailing stop-loss sell)', () => {
    const book = newBook();
    tradeAt(book, 40_000);
    const placed = book.apply(trigger('t', 'sell', 'stop_limit', { trailingDelta: 700, price: 39_000 }));
    expect(ofType(placed, 'accepted')[0]).toMatchObject({ trailingDelta: 700, status: 'waiting' });
    expect(ofType(placed, 'accepted')[0]).not.toHaveProperty('stopPrice');
    expect(book.getOrder('t')).toMatchObject({ status: 'waiting', trailingDelta: 700 });
    expect(triggeredIds(tradeAt(book, 42_000))).toEqual([]);
    // 595 basis points below the highest price since: not enough.
    expect(triggeredIds(tradeAt(book, 39_500))).toEqual([]);
    expect(triggeredIds(tradeAt(book, 45_500))).toEqual([]);
    expect(triggeredIds(tradeAt(book, 42_316))).toEqual([]);
    // 45,500 x 0.93 = 42,315.
    expect(ofType(tradeAt(book, 42_315), 'triggered')).toEqual([
      expect.objectContaining({ orderId: 't', stopPrice: 42_315, lastPrice: 42_315 }),
    ]);
    expect(book.getOrder('t')).toMatchObject({ orderType: 'limit', price: 39_000, status: 'new' });
  });

  it('with a stop price start trailing once it is reached (a trailing stop-loss buy)', () => {
    const book = newBook();
    tradeAt(book, 40_000);
    book.apply(trigger('t', 'buy', 'stop_limit', { stopPrice: 44_000, trailingDelta: 500, price: 45_000 }));
    // Far more than 5% off the low, but the stop price has not been reached: not trailing yet.
    expect(triggeredIds(tradeAt(book, 37_000))).toEqual([]);
    expect(triggeredIds(tradeAt(book, 38_900))).toEqual([]);
    expect(triggeredIds(tradeAt(book, 44_000))).toEqual([]);
    expect(triggeredIds(tradeAt(book, 45_000))).toEqual([]);
    expect(triggeredIds(tradeAt(book, 46_000))).toEqual([]);
    expect(triggeredIds(tradeAt(book, 42_000))).toEqual([]);
    expect(triggeredIds(tradeAt(book, 44_099))).toEqual([]);
    // 42,000 x 1.05 = 44,100.
    expect(ofType(tradeAt(book, 44_100), 'triggered')).toEqual([
      expect.objectContaining({ orderId: 't', stopPrice: 44_100 }),
    ]);
  });

  it('take-profit buys start when the price falls to the stop price and trail the lowest price', () => {
    const book = newBook();
    tradeAt(book, 40_000);
    book.apply(trigger('t', 'buy', 'take_profit_limit', { stopPrice: 38_000, trailingDelta: 850, price: 38_500 }));
    for (const price of [42_000, 38_000, 37_000, 39_000, 38_000, 40_144]) {
      expect(triggeredIds(tradeAt(book, price))).toEqual([]);
    }
    // 37,000 x 1.085 = 40,145.
    expect(triggeredIds(tradeAt(book, 40_145))).toEqual(['t']);
  });

  it('round the trailing price to a tick away from the peak: a sell needs the whole delta', () => {
    const book = newBook();
    tradeAt(book, 40_000);
    book.apply(trigger('t', 'sell', 'take_profit', { stopPrice: 42_000, trailingDelta: 750 }));
    for (const price of [41_500, 39_000, 42_000, 45_000, 44_000, 46_500, 43_013]) {
      expect(triggeredIds(tradeAt(book, price))).toEqual([]);
    }
    // 46,500 x 0.925 = 43,012.5: a whole tick lower is the first price that has moved 750 basis points.
    expect(ofType(tradeAt(book, 43_012), 'triggered')).toEqual([
      expect.objectContaining({ orderId: 't', stopPrice: 43_012 }),
    ]);
  });

  it('placed before the first trade start from it', () => {
    const book = newBook();
    book.apply(trigger('t', 'sell', 'stop_market', { trailingDelta: 1000 }));
    expect(triggeredIds(tradeAt(book, 100))).toEqual([]);
    expect(triggeredIds(tradeAt(book, 91))).toEqual([]);
    expect(triggeredIds(tradeAt(book, 90))).toEqual(['t']);
  });

  it('can be canceled and amended while trailing, and survive a snapshot', () => {
    const book = newBook();
    tradeAt(book, 1000);
    book.apply(trigger('gone', 'sell', 'stop_market', { trailingDelta: 100 }));
    book.apply(trigger('t', 'sell', 'stop_limit', { trailingDelta: 100, price: 900, quantity: 5 }));
    expect(ofType(book.apply(cancel('gone')), 'canceled')[0]).toMatchObject({ remaining: 1 });
    expect(ofType(book.apply(amend('t', { quantity: 3 })), 'amended')[0]).toMatchObject({ remaining: 3 });
    tradeAt(book, 1100);
    const restored = OrderBook.restore(JSON.parse(JSON.stringify(book.snapshot())));
    expect(restored.stateHash()).toBe(book.stateHash());
    // 1,100 - 11 = 1,089.
    const commands = tradeCommands(1089);
    const events = tradeAt(book, 1089, commands);
    expect(tradeAt(restored, 1089, commands)).toEqual(events);
    expect(ofType(events, 'triggered')).toEqual([expect.objectContaining({ orderId: 't', stopPrice: 1089 })]);
  });

  it('trigger after the waiting stops, buys first, in trailing price order', () => {
    const book = newBook();
    tradeAt(book, 10_000);
    book.apply(trigger('sell-wide', 'sell', 'stop_market', { trailingDelta: 300 }));
    book.apply(trigger('sell-tight', 'sell', 'stop_market', { trailingDelta: 100 }));
    book.apply(trigger('plain', 'sell', 'stop_market', { stopPrice: 9000 }));
    expect(triggeredIds(tradeAt(book, 8000))).toEqual(['plain', 'sell-tight', 'sell-wide']);
  });

  it('refuse a delta outside 1..9999 basis points, and trailing on limit orders', () => {
    const book = newBook();
    for (const trailingDelta of [0, 10_000, 1.5, -1]) {
      const events = book.apply(trigger('x', 'sell', 'stop_market', { trailingDelta }));
      expect(events).toEqual([expect.objectContaining({ type: 'rejected', reason: 'INVALID_TRAILING_DELTA' })]);
    }
    const onLimit = book.apply(limit('x', 'u', 'sell', 100, 1, { trailingDelta: 100 }));
    expect(onLimit).toEqual([expect.objectContaining({ reason: 'INVALID_ORDER' })]);
    const noStop = book.apply(trigger('x', 'sell', 'stop_market', {}));
    expect(noStop).toEqual([expect.objectContaining({ reason: 'INVALID_PRICE' })]);
  });
});

describe('icebergs', () => {
  it('show only icebergQty in book events and depth; queries report the whole order', () => {
    const book = newBook();
    const events = book.apply(limit('ice', 'u1', 'sell', 100, 10, { icebergQty: 3 }));
    expect(ofType(events, 'accepted')[0]).toMatchObject({ quantity: 10, icebergQty: 3 });
    expect(ofType(events, 'book')).toEqual([expect.objectContaining({ price: 100, quantity: 3 })]);
    expect(book.depth(1).asks).toEqual([{ price: 100, quantity: 3, orders: 1 }]);
    expect(book.getOrder('ice')).toMatchObject({ remaining: 10, filled: 0, icebergQty: 3, status: 'new' });
  });

  it('a large taker takes the visible slice, the others at the level, then the next slice', () => {
    const book = newBook();
    book.apply(limit('ice', 'u1', 'sell', 100, 10, { icebergQty: 3 }));
    book.apply(limit('plain', 'u2', 'sell', 100, 2));
    const events = book.apply(limit('t', 'u3', 'buy', 100, 9));
    expect(ofType(events, 'trade').map((t) => [t.makerOrderId, t.quantity, t.makerRemaining, t.makerStatus])).toEqual([
      ['ice', 3, 7, 'partially_filled'],
      ['plain', 2, 0, 'filled'],
      ['ice', 3, 4, 'partially_filled'],
      ['ice', 1, 3, 'partially_filled'],
    ]);
    expect(ofType(events, 'book')).toEqual([expect.objectContaining({ side: 'sell', price: 100, quantity: 2 })]);
    expect(book.getOrder('ice')).toMatchObject({ remaining: 3, filled: 7, status: 'partially_filled' });
  });

  it('a new slice loses time priority to orders placed after the iceberg', () => {
    const book = newBook();
    book.apply(limit('ice', 'u1', 'buy', 100, 3, { icebergQty: 1 }));
    book.apply(limit('late', 'u2', 'buy', 100, 1));
    const first = ofType(book.apply(market('m1', 'u3', 'sell', { quantity: 1 })), 'trade');
    const second = ofType(book.apply(market('m2', 'u3', 'sell', { quantity: 1 })), 'trade');
    expect([first[0].makerOrderId, second[0].makerOrderId]).toEqual(['ice', 'late']);
  });

  it('an incoming iceberg trades its whole quantity, then rests showing a slice', () => {
    const book = newBook();
    book.apply(limit('a', 'u1', 'sell', 100, 2));
    const events = book.apply(limit('ice', 'u2', 'buy', 100, 10, { icebergQty: 3 }));
    expect(ofType(events, 'trade')[0]).toMatchObject({ quantity: 2, takerRemaining: 8 });
    expect(book.depth(1).bids).toEqual([{ price: 100, quantity: 3, orders: 1 }]);
  });

  it('cancel releases the hidden part too', () => {
    const book = newBook();
    book.apply(limit('ice', 'u1', 'sell', 100, 10, { icebergQty: 3 }));
    const events = book.apply(cancel('ice'));
    expect(ofType(events, 'canceled')[0]).toMatchObject({ remaining: 10 });
    expect(ofType(events, 'book')[0]).toMatchObject({ quantity: 0 });
  });

  it('amend: a size decrease keeps the slice and its priority; an increase shows a fresh slice at the back', () => {
    const book = newBook();
    book.apply(limit('ice', 'u1', 'sell', 100, 10, { icebergQty: 3 }));
    book.apply(limit('other', 'u2', 'sell', 100, 1));
    const down = book.apply(amend('ice', { quantity: 8 }));
    expect(ofType(down, 'amended')[0]).toMatchObject({ remaining: 8, priorityKept: true });
    expect(ofType(down, 'book')).toEqual([]);
    const small = book.apply(amend('ice', { quantity: 2 }));
    expect(ofType(small, 'book')).toEqual([expect.objectContaining({ quantity: 3 })]);
    const up = book.apply(amend('ice', { quantity: 9 }));
    expect(ofType(up, 'amended')[0]).toMatchObject({ remaining: 9, priorityKept: false });
    expect(book.depth(1).asks[0]).toMatchObject({ quantity: 4 });
    const trades = ofType(book.apply(market('m', 'u3', 'buy', { quantity: 1 })), 'trade');
    expect(trades[0].makerOrderId).toBe('other');
  });

  it('FOK counts the hidden lots, unless an order the FOK may not meet comes first', () => {
    const book = newBook();
    book.apply(limit('ice', 'u1', 'sell', 100, 10, { icebergQty: 2 }));
    const fok = (id: string, userId: string, quantity: number) =>
      book.apply(limit(id, userId, 'buy', 100, quantity, { timeInForce: 'FOK' }));
    book.apply(limit('own', 'u2', 'sell', 100, 1));
    // u2 meets its own order right after the first slice: no more than 2 lots are reachable.
    expect(types(fok('f1', 'u2', 3))).toEqual(['rejected']);
    expect(ofType(fok('f2', 'u2', 2), 'trade')).toHaveLength(1);
    const all = fok('f3', 'u3', 9);
    expect(ofType(all, 'trade').reduce((n, t) => n + t.quantity, 0)).toBe(9);
  });

  it('are GTC limit orders showing less than their quantity', () => {
    const book = newBook();
    const reasons = [
      limit('x', 'u', 'sell', 100, 3, { icebergQty: 3 }),
      limit('x', 'u', 'sell', 100, 3, { icebergQty: 0 }),
      limit('x', 'u', 'sell', 100, 3, { icebergQty: 1, timeInForce: 'IOC' }),
      market('x', 'u', 'sell', { quantity: 3, icebergQty: 1 }),
    ].map((c) => ofType(book.apply(c), 'rejected')[0]?.reason);
    expect(reasons).toEqual(['INVALID_QUANTITY', 'INVALID_QUANTITY', 'INVALID_ORDER', 'INVALID_ORDER']);
    const stopIceberg = book.apply(
      trigger('s', 'sell', 'stop_limit', { stopPrice: 90, price: 90, quantity: 5, icebergQty: 2 }),
    );
    expect(ofType(stopIceberg, 'accepted')[0]).toMatchObject({ icebergQty: 2 });
  });
});

describe('self-trade prevention: decrement', () => {
  const decrementing = { stp: 'decrement' as const };

  it('a larger taker: the maker ends, the taker goes on with the difference', () => {
    const book = newBook();
    book.apply(limit('own', 'u1', 'sell', 100, 3));
    book.apply(limit('other', 'u2', 'sell', 101, 5));
    const events = book.apply(limit('t', 'u1', 'buy', 101, 5, decrementing));
    expect(types(events)).toEqual(['accepted', 'prevented', 'canceled', 'trade', 'book', 'book']);
    expect(ofType(events, 'prevented')[0]).toMatchObject({
      makerOrderId: 'own',
      takerOrderId: 't',
      userId: 'u1',
      takerSide: 'buy',
      price: 100,
      quantity: 3,
      makerRemaining: 0,
      takerRemaining: 2,
    });
    expect(ofType(events, 'canceled')[0]).toMatchObject({ orderId: 'own', reason: 'SELF_TRADE', remaining: 0 });
    expect(ofType(events, 'trade')[0]).toMatchObject({ makerOrderId: 'other', quantity: 2, takerStatus: 'filled' });
  });

  it('a smaller taker ends, the maker stays with the difference', () => {
    const book = newBook();
    book.apply(limit('own', 'u1', 'sell', 100, 5));
    const events = book.apply(market('t', 'u1', 'buy', { quantity: 2, ...decrementing }));
    expect(types(events)).toEqual(['accepted', 'prevented', 'canceled', 'book']);
    expect(ofType(events, 'canceled')[0]).toMatchObject({ orderId: 't', remaining: 0 });
    // Nothing traded: its quantity drops with what is left, and it is still new.
    expect(book.getOrder('own')).toMatchObject({ quantity: 3, remaining: 3, filled: 0, status: 'new' });
    expect(ofType(events, 'book')[0]).toMatchObject({ quantity: 3 });
  });

  it('equal quantities end both', () => {
    const book = newBook();
    book.apply(limit('own', 'u1', 'sell', 100, 2));
    const events = book.apply(limit('t', 'u1', 'buy', 100, 2, decrementing));
    expect(ofType(events, 'canceled').map((e) => [e.orderId, e.remaining])).toEqual([
      ['own', 0],
      ['t', 0],
    ]);
    expect(book.openOrderCount).toBe(0);
  });

  it('a market buy by quote amount loses the notional; its leftover below one lot ends it', () => {
    const book = newBook();
    book.apply(limit('own', 'u1', 'sell', 100, 5));
    const events = book.apply(market('t', 'u1', 'buy', { quoteAmount: 250, ...decrementing }));
    expect(ofType(events, 'prevented')[0]).toMatchObject({ quantity: 2, makerRemaining: 3, takerRemaining: 50 });
    expect(ofType(events, 'canceled')[0]).toMatchObject({ orderId: 't', reason: 'SELF_TRADE', remaining: 50 });
  });

  it('against an iceberg takes the visible slice, which then shows its next one', () => {
    const book = newBook();
    book.apply(limit('ice', 'u1', 'sell', 100, 5, { icebergQty: 2 }));
    const events = book.apply(limit('t', 'u1', 'buy', 100, 3, decrementing));
    expect(ofType(events, 'prevented').map((e) => [e.quantity, e.makerRemaining, e.takerRemaining])).toEqual([
      [2, 3, 1],
      [1, 2, 0],
    ]);
    expect(book.depth(1).asks[0]).toMatchObject({ quantity: 1 });
    expect(book.getOrder('ice')).toMatchObject({ quantity: 2, remaining: 2, filled: 0 });
  });
});

describe('snapshots of version 1', () => {
  it('still restore (no icebergs nor trailing stops then) and run on identically', () => {
    const book = newBook();
    book.apply(limit('a', 'u1', 'sell', 101, 3));
    book.apply(limit('b', 'u2', 'buy', 99, 3));
    tradeAt(book, 100);
    book.apply(trigger('s', 'sell', 'stop_market', { stopPrice: 95 }));
    const current = book.snapshot();
    const added = ['icebergQty', 'hidden', 'trailingDelta', 'trailPeak'];
    const strip = (r: object) => Object.fromEntries(Object.entries(r).filter(([key]) => !added.includes(key)));
    const v1 = { ...current, version: 1, orders: current.orders.map(strip), stops: current.stops.map(strip) };
    const restored = OrderBook.restore(JSON.parse(JSON.stringify(v1)));
    expect(restored.stateHash()).toBe(book.stateHash());
    const next = limit('m', 'u3', 'sell', 95, 5);
    expect(restored.apply(next)).toEqual(book.apply(next));
  });
});
