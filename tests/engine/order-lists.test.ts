import { OrderBook, stateHash, type BookSnapshot, type PlaceListCommand } from '../../engine';
import { amend, cancel, cancelList, leg, limit, market, newBook, ofType, placeList, types } from './helpers';

/** A sell OCO of 10: take profit at 110, stop loss at 95 (a stop-limit at 94). */
const sellOco = (listId = 'L') =>
  placeList(listId, 'u1', 'oco', [
    leg('tp', 'sell', 10, { price: 110 }),
    leg('sl', 'sell', 10, { stopPrice: 95, price: 94 }),
  ]);

/** Buy 5 at 100, then sell them at 120. */
const buyThenSell = (pending = leg('out', 'sell', 5, { price: 120 }), extra = {}) =>
  placeList('L', 'u1', 'oto', [leg('in', 'buy', 5, { price: 100 }, extra), pending]);

const withoutSeq = (s: BookSnapshot) => ({ ...s, seq: 0 });

describe('OCO lists', () => {
  it('place both orders: the limit order rests, the stop waits, both open in the list', () => {
    const book = newBook();
    const events = book.apply(sellOco());
    expect(types(events)).toEqual(['list_status', 'accepted', 'accepted', 'book']);
    expect(events[0]).toMatchObject({
      listId: 'L',
      kind: 'oco',
      statusType: 'exec_started',
      listStatus: 'executing',
      orderIds: ['tp', 'sl'],
    });
    expect(book.getOrder('tp')).toMatchObject({ status: 'new', listId: 'L' });
    expect(book.getOrder('sl')).toMatchObject({ status: 'waiting', listId: 'L' });
  });

  it('cancel the other order at the first partial fill, and end when the filled one has filled', () => {
    const book = newBook();
    book.apply(sellOco());
    const partial = book.apply(limit('b1', 'u2', 'buy', 110, 4));
    expect(types(partial)).toEqual(['accepted', 'trade', 'canceled', 'book']);
    expect(ofType(partial, 'canceled')[0]).toMatchObject({ orderId: 'sl', reason: 'LIST', remaining: 10 });
    expect(book.getOrder('sl')).toBeUndefined();
    expect(book.getOrder('tp')).toMatchObject({ status: 'partially_filled', remaining: 6 });

    const rest = book.apply(limit('b2', 'u2', 'buy', 110, 6));
    expect(types(rest)).toEqual(['accepted', 'trade', 'list_status', 'book']);
    expect(ofType(rest, 'list_status')[0]).toMatchObject({ statusType: 'all_done', listStatus: 'all_done' });
    expect(book.openOrders('u1')).toEqual([]);
  });

  it('cancel the limit order when the stop triggers, before the triggered order trades', () => {
    const book = newBook();
    book.apply(limit('bid', 'u3', 'buy', 96, 20));
    book.apply(
      placeList('L', 'u1', 'oco', [leg('tp', 'sell', 5, { price: 110 }), leg('sl', 'sell', 5, { stopPrice: 97 })]),
    );
    const events = book.apply(limit('s', 'u4', 'sell', 96, 1));
    expect(types(events)).toEqual([
      'accepted',
      'trade',
      'triggered',
      'canceled',
      'trade',
      'list_status',
      'book',
      'book',
    ]);
    expect(ofType(events, 'canceled')[0]).toMatchObject({ orderId: 'tp', reason: 'LIST' });
    expect(ofType(events, 'trade')[1]).toMatchObject({ takerOrderId: 'sl', quantity: 5 });
  });

  it('are canceled whole by canceling the list or any one of its orders', () => {
    for (const command of [cancel('sl'), cancel('tp', 'u1'), cancelList('L'), cancelList('L', 'u1')]) {
      const book = newBook();
      book.apply(sellOco());
      const events = book.apply(command);
      expect(types(events)).toEqual(['canceled', 'canceled', 'list_status', 'book']);
      expect(ofType(events, 'canceled').map((e) => [e.orderId, e.reason])).toEqual([
        ['tp', 'USER'],
        ['sl', 'USER'],
      ]);
      expect(book.openOrders('u1')).toEqual([]);
    }
  });

  it("refuse a cancel of another user's list or of no list", () => {
    const book = newBook();
    book.apply(sellOco());
    expect(book.apply(cancelList('L', 'u2'))).toEqual([
      expect.objectContaining({ type: 'rejected', command: 'cancelList', orderId: 'L', reason: 'UNKNOWN_ORDER' }),
    ]);
    expect(book.apply(cancelList('nope'))).toEqual([expect.objectContaining({ reason: 'UNKNOWN_ORDER' })]);
  });

  it('refuse to amend an order of a list', () => {
    const book = newBook();
    book.apply(sellOco());
    expect(book.apply(amend('tp', { quantity: 5 }))).toEqual([
      expect.objectContaining({ type: 'rejected', command: 'amend', reason: 'INVALID_ORDER' }),
    ]);
  });
});

describe('OTO lists', () => {
  it('keep the pending order out of the book until the working order has filled completely', () => {
    const book = newBook();
    const placed = book.apply(buyThenSell());
    expect(ofType(placed, 'accepted').map((e) => e.status)).toEqual(['new', 'pending_new']);
    expect(book.getOrder('out')).toMatchObject({ status: 'pending_new', listId: 'L' });
    expect(book.openOrders('u1').map((o) => o.orderId)).toEqual(['in', 'out']);
    expect(book.bestAsk()).toBeUndefined();

    const partial = book.apply(limit('s1', 'u2', 'sell', 100, 2));
    expect(types(partial)).toEqual(['accepted', 'trade', 'book']);
    expect(book.getOrder('out')).toMatchObject({ status: 'pending_new' });

    const filled = book.apply(limit('s2', 'u2', 'sell', 100, 3));
    expect(types(filled)).toEqual(['accepted', 'trade', 'activated', 'book', 'book']);
    expect(ofType(filled, 'activated')[0]).toMatchObject({ orderId: 'out', listId: 'L', status: 'new' });
    expect(book.bestAsk()).toBe(120);
    expect(book.getOrder('out')).toMatchObject({ status: 'new' });

    const done = book.apply(limit('b', 'u3', 'buy', 120, 5));
    expect(types(done)).toEqual(['accepted', 'trade', 'list_status', 'book']);
  });

  it('never let a pending order trade before its working order has filled, then let it trade at once', () => {
    const book = newBook();
    book.apply(limit('bid', 'u3', 'buy', 95, 5));
    book.apply(buyThenSell(leg('out', 'sell', 5, { price: 90 })));
    expect(book.getOrder('bid')).toMatchObject({ remaining: 5 });
    const events = book.apply(limit('s', 'u2', 'sell', 100, 5));
    expect(types(events)).toEqual(['accepted', 'trade', 'activated', 'trade', 'list_status', 'book', 'book']);
    expect(ofType(events, 'trade')[1]).toMatchObject({ makerOrderId: 'bid', takerOrderId: 'out', price: 95 });
  });

  it('cancel the pending order when the working order ends unfilled', () => {
    const book = newBook();
    book.apply(limit('ask', 'u2', 'sell', 100, 2));
    const events = book.apply(buyThenSell(undefined, { timeInForce: 'IOC' }));
    expect(types(events)).toEqual([
      'list_status',
      'accepted',
      'accepted',
      'trade',
      'expired',
      'canceled',
      'list_status',
      'book',
    ]);
    expect(ofType(events, 'canceled')[0]).toMatchObject({ orderId: 'out', reason: 'LIST', remaining: 5 });
  });

  it('expire a pending post-only order that would trade when it is placed', () => {
    const book = newBook();
    book.apply(limit('bid', 'u3', 'buy', 96, 5));
    book.apply(buyThenSell(leg('out', 'sell', 5, { price: 95 }, { postOnly: true })));
    const events = book.apply(limit('s', 'u2', 'sell', 100, 5));
    expect(types(events)).toEqual(['accepted', 'trade', 'activated', 'expired', 'list_status', 'book']);
    expect(ofType(events, 'expired')[0]).toMatchObject({ orderId: 'out', reason: 'POST_ONLY_WOULD_TAKE' });
  });

  it('are canceled whole by canceling the pending order', () => {
    const book = newBook();
    book.apply(buyThenSell());
    expect(types(book.apply(cancel('out')))).toEqual(['canceled', 'canceled', 'list_status', 'book']);
    expect(book.openOrders('u1')).toEqual([]);
  });
});

describe('OTOCO lists', () => {
  it('place the pending pair once the working order fills, then run it as an OCO', () => {
    const book = newBook();
    book.apply(
      placeList('L', 'u1', 'otoco', [
        leg('in', 'buy', 5, { price: 100 }),
        leg('tp', 'sell', 5, { price: 120 }),
        leg('sl', 'sell', 5, { stopPrice: 90 }),
      ]),
    );
    const filled = book.apply(market('s', 'u2', 'sell', { quantity: 5 }));
    expect(ofType(filled, 'activated').map((e) => [e.orderId, e.status])).toEqual([
      ['tp', 'new'],
      ['sl', 'waiting'],
    ]);
    book.apply(limit('bid', 'u3', 'buy', 89, 10));
    const stopped = book.apply(limit('s2', 'u2', 'sell', 89, 1));
    expect(types(stopped)).toEqual([
      'accepted',
      'trade',
      'triggered',
      'canceled',
      'trade',
      'list_status',
      'book',
      'book',
    ]);
    expect(ofType(stopped, 'canceled')[0]).toMatchObject({ orderId: 'tp', reason: 'LIST' });
  });
});

describe('a list refused', () => {
  const refusals: Array<[string, PlaceListCommand, string]> = [
    [
      'an order invalid',
      placeList('L', 'u1', 'oco', [leg('a', 'sell', 10, { price: 110 }), leg('b', 'sell', 10, { stopPrice: -1 })]),
      'INVALID_PRICE',
    ],
    [
      'a pair of two sizes',
      placeList('L', 'u1', 'oco', [leg('a', 'sell', 10, { price: 110 }), leg('b', 'sell', 9, { stopPrice: 95 })]),
      'INVALID_LIST',
    ],
    [
      'a pair on two sides',
      placeList('L', 'u1', 'oco', [leg('a', 'sell', 10, { price: 110 }), leg('b', 'buy', 10, { stopPrice: 95 })]),
      'INVALID_LIST',
    ],
    [
      'a pair without a stop',
      placeList('L', 'u1', 'oco', [leg('a', 'sell', 10, { price: 110 }), leg('b', 'sell', 10, { price: 120 })]),
      'INVALID_LIST',
    ],
    [
      'a working order not a limit order',
      placeList('L', 'u1', 'oto', [leg('a', 'buy', 5, { stopPrice: 95 }), leg('b', 'sell', 5, { price: 120 })]),
      'INVALID_LIST',
    ],
    [
      'too few orders',
      placeList('L', 'u1', 'otoco', [leg('a', 'buy', 5, { price: 100 }), leg('b', 'sell', 5, { price: 120 })]),
      'INVALID_LIST',
    ],
    [
      'one id twice',
      placeList('L', 'u1', 'oto', [leg('a', 'buy', 5, { price: 100 }), leg('a', 'sell', 5, { price: 120 })]),
      'DUPLICATE_ID',
    ],
    [
      'an order id open',
      placeList('L', 'u1', 'oto', [leg('ask', 'buy', 5, { price: 100 }), leg('b', 'sell', 5, { price: 120 })]),
      'DUPLICATE_ID',
    ],
    [
      'the list id open',
      placeList('open', 'u1', 'oto', [leg('a', 'buy', 5, { price: 100 }), leg('b', 'sell', 5, { price: 120 })]),
      'DUPLICATE_ID',
    ],
    [
      'a post-only order that would trade',
      placeList('L', 'u1', 'oco', [
        leg('a', 'sell', 10, { price: 99 }, { postOnly: true }),
        leg('b', 'sell', 10, { stopPrice: 95 }),
      ]),
      'POST_ONLY_WOULD_TAKE',
    ],
    [
      'a FOK working order that cannot fill',
      placeList('L', 'u1', 'oto', [
        leg('a', 'buy', 50, { price: 105 }, { timeInForce: 'FOK' }),
        leg('b', 'sell', 50, { price: 120 }),
      ]),
      'FOK_NOT_FILLABLE',
    ],
  ];

  it.each(refusals)('for %s changes nothing', (_, command, reason) => {
    const book = newBook();
    book.apply(limit('bid', 'u2', 'buy', 100, 5));
    book.apply(limit('ask', 'u2', 'sell', 105, 5));
    book.apply(
      placeList('open', 'u3', 'oco', [leg('x', 'sell', 1, { price: 130 }), leg('y', 'sell', 1, { stopPrice: 90 })]),
    );
    const before = book.snapshot();
    expect(book.apply(command)).toEqual([
      expect.objectContaining({
        type: 'rejected',
        command: 'placeList',
        orderId: command.listId,
        reason,
      }),
    ]);
    expect(withoutSeq(book.snapshot())).toEqual(withoutSeq(before));
  });
});

describe('lists in snapshots', () => {
  it('restore with their pending and partly filled orders, the same hash and the same events after', () => {
    const book = newBook();
    book.apply(buyThenSell());
    book.apply(sellOco('M'));
    book.apply(limit('b', 'u2', 'buy', 110, 3));
    const stored = JSON.parse(JSON.stringify(book.snapshot())) as BookSnapshot;
    expect(stored.lists?.map((l) => [l.id, l.open, l.pending.map((o) => o.id)])).toEqual([
      ['L', [true, true], ['out']],
      ['M', [true, false], []],
    ]);
    const restored = OrderBook.restore(stored);
    expect(restored.stateHash()).toBe(book.stateHash());
    expect(stateHash(stored)).toBe(book.stateHash());
    expect(restored.getOrder('out')).toEqual(book.getOrder('out'));
    for (const command of [limit('s', 'u2', 'sell', 100, 5), limit('b2', 'u3', 'buy', 120, 9), cancel('tp')]) {
      expect(restored.apply(command)).toEqual(book.apply(command));
    }
    expect(restored.stateHash()).toBe(book.stateHash());
  });

  it('of version 1 (before lists) still restore', () => {
    const book = newBook();
    book.apply(limit('b', 'u2', 'buy', 100, 3));
    const { lists: _, ...rest } = book.snapshot();
    const restored = OrderBook.restore({ ...rest, version: 1 });
    expect(restored.getOrder('b')).toEqual(book.getOrder('b'));
  });
});
