import { isCurrentStateHash, OrderBook, stateHash, type Command } from '../../engine';
import { amend, BTC, cancel, limit, market, newBook, ofType, stop, types } from './helpers';

describe('limit orders', () => {
  it('rest in the book and show in depth, best bid/ask and queries', () => {
    const book = newBook();
    expect(types(book.apply(limit('b1', 'u1', 'buy', 100, 5)))).toEqual(['accepted', 'book']);
    book.apply(limit('b2', 'u1', 'buy', 99, 3));
    book.apply(limit('a1', 'u2', 'sell', 102, 4));
    expect(book.bestBid()).toBe(100);
    expect(book.bestAsk()).toBe(102);
    expect(book.depth(5)).toEqual({
      bids: [
        { price: 100, quantity: 5, orders: 1 },
        { price: 99, quantity: 3, orders: 1 },
      ],
      asks: [{ price: 102, quantity: 4, orders: 1 }],
    });
    expect(book.getOrder('b1')).toMatchObject({ status: 'new', remaining: 5, filled: 0 });
    expect(book.openOrders('u1').map((o) => o.orderId)).toEqual(['b1', 'b2']);
  });

  it('fill partially at the maker price and leave the rest resting', () => {
    const book = newBook();
    book.apply(limit('a1', 'maker', 'sell', 100, 5));
    const events = book.apply(limit('b1', 'taker', 'buy', 105, 8));
    const [trade] = ofType(events, 'trade');
    expect(trade).toMatchObject({
      makerOrderId: 'a1',
      takerOrderId: 'b1',
      price: 100,
      quantity: 5,
      makerStatus: 'filled',
      takerStatus: 'partially_filled',
      takerRemaining: 3,
    });
    expect(book.getOrder('a1')).toBeUndefined();
    expect(book.getOrder('b1')).toMatchObject({ status: 'partially_filled', remaining: 3, filled: 5, price: 105 });
    expect(ofType(events, 'book')).toEqual([
      expect.objectContaining({ side: 'buy', price: 105, quantity: 3 }),
      expect.objectContaining({ side: 'sell', price: 100, quantity: 0 }),
    ]);
  });

  it('match in price-time priority: better price first, then earlier order', () => {
    const book = newBook();
    book.apply(limit('late', 'u1', 'sell', 100, 1));
    book.apply(limit('early', 'u2', 'sell', 100, 1));
    book.apply(limit('better', 'u3', 'sell', 99, 1));
    const trades = ofType(book.apply(limit('t', 'u4', 'buy', 100, 3)), 'trade');
    expect(trades.map((t) => t.makerOrderId)).toEqual(['better', 'late', 'early']);
  });

  it('never trade beyond the limit price', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 101, 1));
    const events = book.apply(limit('b1', 'u2', 'buy', 100, 1));
    expect(ofType(events, 'trade')).toHaveLength(0);
    expect(book.bestBid()).toBe(100);
  });

  it('charge maker and taker fees from their own rates, rounded up', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 1001, 1, { makerFeePpm: 1000 }));
    const [trade] = ofType(book.apply(limit('b1', 'u2', 'buy', 1001, 1, { takerFeePpm: 2000 })), 'trade');
    expect(trade).toMatchObject({ notional: 1001, makerFee: 2, takerFee: 3 });
  });
});

describe('time in force and post-only', () => {
  it('IOC trades what it can and expires the rest', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 2));
    const events = book.apply(limit('b1', 'u2', 'buy', 100, 5, { timeInForce: 'IOC' }));
    expect(types(events)).toEqual(['accepted', 'trade', 'expired', 'book']);
    expect(ofType(events, 'expired')[0]).toMatchObject({ reason: 'IOC_REMAINDER', remaining: 3, status: 'expired' });
    expect(book.bestBid()).toBeUndefined();
  });

  it('FOK is rejected untouched when it cannot fill completely', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 2));
    book.apply(limit('a2', 'u1', 'sell', 101, 2));
    const events = book.apply(limit('b1', 'u2', 'buy', 100, 3, { timeInForce: 'FOK' }));
    expect(events).toEqual([expect.objectContaining({ type: 'rejected', reason: 'FOK_NOT_FILLABLE' })]);
    expect(book.depth(5).asks).toHaveLength(2);
  });

  it('FOK fills completely across levels when it can', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 2));
    book.apply(limit('a2', 'u1', 'sell', 101, 2));
    const events = book.apply(limit('b1', 'u2', 'buy', 101, 3, { timeInForce: 'FOK' }));
    expect(ofType(events, 'trade').map((t) => t.quantity)).toEqual([2, 1]);
    expect(ofType(events, 'trade')[1].takerStatus).toBe('filled');
  });

  it('post-only is rejected when it would take, and rests when it would not', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 2));
    expect(book.apply(limit('b1', 'u2', 'buy', 100, 1, { postOnly: true }))).toEqual([
      expect.objectContaining({ type: 'rejected', reason: 'POST_ONLY_WOULD_TAKE' }),
    ]);
    expect(types(book.apply(limit('b2', 'u2', 'buy', 99, 1, { postOnly: true })))).toEqual(['accepted', 'book']);
  });
});

describe('market orders', () => {
  it('by base amount sweep levels and expire what the book cannot fill', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 2));
    book.apply(limit('a2', 'u1', 'sell', 105, 2));
    const events = book.apply(market('m1', 'u2', 'buy', { quantity: 5 }));
    expect(ofType(events, 'trade').map((t) => [t.price, t.quantity])).toEqual([
      [100, 2],
      [105, 2],
    ]);
    expect(ofType(events, 'expired')[0]).toMatchObject({ reason: 'NO_LIQUIDITY', remaining: 1 });
  });

  it('with an empty book expire with NO_LIQUIDITY', () => {
    const events = newBook().apply(market('m1', 'u2', 'sell', { quantity: 5 }));
    expect(types(events)).toEqual(['accepted', 'expired']);
  });

  it('buy by quote amount spends at most that notional', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 3));
    book.apply(limit('a2', 'u1', 'sell', 150, 10));
    const events = book.apply(market('m1', 'u2', 'buy', { quoteAmount: 700 }));
    const trades = ofType(events, 'trade');
    expect(trades.map((t) => [t.price, t.quantity])).toEqual([
      [100, 3],
      [150, 2],
    ]);
    expect(trades.reduce((s, t) => s + t.notional, 0)).toBe(600);
    expect(trades[1]).toMatchObject({ takerStatus: 'filled', takerRemaining: 100 });
    expect(ofType(events, 'expired')).toHaveLength(0);
    expect(book.depth(1).asks[0]).toMatchObject({ price: 150, quantity: 8 });
  });

  it('sell by quote amount is refused', () => {
    const [event] = newBook().apply(market('m1', 'u2', 'sell', { quoteAmount: 700 }));
    expect(event).toMatchObject({ type: 'rejected', reason: 'INVALID_ORDER' });
  });
});

describe('self-trade prevention', () => {
  const setup = (): OrderBook => {
    const book = newBook();
    book.apply(limit('other', 'u2', 'sell', 100, 1));
    book.apply(limit('mine', 'u1', 'sell', 100, 1));
    book.apply(limit('after', 'u3', 'sell', 100, 1));
    return book;
  };

  it('cancel_newest (default) cancels the incoming order at its own resting order', () => {
    const book = setup();
    const events = book.apply(limit('t', 'u1', 'buy', 100, 3));
    expect(ofType(events, 'trade').map((t) => t.makerOrderId)).toEqual(['other']);
    expect(ofType(events, 'canceled')).toEqual([
      expect.objectContaining({ orderId: 't', reason: 'SELF_TRADE', remaining: 2 }),
    ]);
    expect(book.getOrder('mine')).toBeDefined();
  });

  it('cancel_oldest cancels the resting order and keeps matching', () => {
    const book = setup();
    const events = book.apply(limit('t', 'u1', 'buy', 100, 3, { stp: 'cancel_oldest' }));
    expect(ofType(events, 'trade').map((t) => t.makerOrderId)).toEqual(['other', 'after']);
    expect(ofType(events, 'canceled')).toEqual([
      expect.objectContaining({ orderId: 'mine', reason: 'SELF_TRADE', remaining: 1 }),
    ]);
    expect(book.getOrder('t')).toMatchObject({ remaining: 1 });
  });

  it('cancel_both cancels both orders', () => {
    const book = setup();
    const events = book.apply(limit('t', 'u1', 'buy', 100, 3, { stp: 'cancel_both' }));
    expect(ofType(events, 'canceled').map((c) => c.orderId)).toEqual(['mine', 't']);
    expect(book.getOrder('after')).toBeDefined();
  });
});

describe('cancel', () => {
  it('removes the order and reports the remaining quantity', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 5));
    book.apply(limit('b1', 'u2', 'buy', 100, 2));
    const events = book.apply(cancel('a1', 'u1'));
    expect(events[0]).toMatchObject({ type: 'canceled', reason: 'USER', remaining: 3, status: 'canceled' });
    expect(book.bestAsk()).toBeUndefined();
  });

  it('refuses unknown orders and orders of another user', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 5));
    expect(book.apply(cancel('nope'))[0]).toMatchObject({ type: 'rejected', reason: 'UNKNOWN_ORDER' });
    expect(book.apply(cancel('a1', 'u2'))[0]).toMatchObject({ type: 'rejected', reason: 'UNKNOWN_ORDER' });
    expect(book.getOrder('a1')).toBeDefined();
  });
});

describe('amend', () => {
  const queue = (book: OrderBook) =>
    ofType(book.apply(limit('t', 'u9', 'buy', 100, 2)), 'trade').map((t) => t.makerOrderId);

  it('a size decrease keeps time priority', () => {
    const book = newBook();
    book.apply(limit('a', 'u1', 'sell', 100, 5));
    book.apply(limit('b', 'u2', 'sell', 100, 5));
    expect(book.apply(amend('a', { quantity: 1 }))[0]).toMatchObject({
      type: 'amended',
      priorityKept: true,
      remaining: 1,
    });
    expect(queue(book)).toEqual(['a', 'b']);
  });

  it('a size increase loses time priority', () => {
    const book = newBook();
    book.apply(limit('a', 'u1', 'sell', 100, 1));
    book.apply(limit('b', 'u2', 'sell', 100, 5));
    expect(book.apply(amend('a', { quantity: 6 }))[0]).toMatchObject({ priorityKept: false, remaining: 6 });
    expect(queue(book)).toEqual(['b']);
  });

  it('a price change loses priority and matches when it crosses', () => {
    const book = newBook();
    book.apply(limit('bid', 'u1', 'buy', 99, 2));
    book.apply(limit('ask', 'u2', 'sell', 101, 5));
    const events = book.apply(amend('ask', { price: 99 }));
    expect(types(events)).toEqual(['amended', 'trade', 'book', 'book', 'book']);
    expect(book.bestAsk()).toBe(99);
    expect(book.getOrder('ask')).toMatchObject({ remaining: 3, filled: 2, status: 'partially_filled' });
  });

  it('counts the filled part: quantity below what is filled is refused', () => {
    const book = newBook();
    book.apply(limit('a', 'u1', 'sell', 100, 5));
    book.apply(limit('b', 'u2', 'buy', 100, 3));
    expect(book.apply(amend('a', { quantity: 3 }))[0]).toMatchObject({ type: 'rejected', reason: 'INVALID_QUANTITY' });
    expect(book.apply(amend('a', { quantity: 4 }))[0]).toMatchObject({ type: 'amended', remaining: 1 });
  });

  it('of a filled or unknown order is refused', () => {
    const book = newBook();
    book.apply(limit('a', 'u1', 'sell', 100, 1));
    book.apply(limit('b', 'u2', 'buy', 100, 1));
    expect(book.apply(amend('a', { price: 101 }))[0]).toMatchObject({ type: 'rejected', reason: 'UNKNOWN_ORDER' });
  });

  it('post-only moved across the book is refused and stays put', () => {
    const book = newBook();
    book.apply(limit('ask', 'u2', 'sell', 101, 5));
    book.apply(limit('bid', 'u1', 'buy', 99, 2, { postOnly: true }));
    expect(book.apply(amend('bid', { price: 101 }))[0]).toMatchObject({ reason: 'POST_ONLY_WOULD_TAKE' });
    expect(book.bestBid()).toBe(99);
  });
});

describe('stop orders', () => {
  it('wait, then trigger when the last trade price crosses the stop, in the same command', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 1));
    book.apply(limit('a2', 'u1', 'sell', 110, 5));
    const placed = book.apply(stop('s1', 'u2', 'buy', 100, { price: 120, quantity: 2 }));
    expect(placed[0]).toMatchObject({ type: 'accepted', status: 'waiting' });
    expect(book.getOrder('s1')).toMatchObject({ status: 'waiting' });
    const events = book.apply(limit('b1', 'u3', 'buy', 100, 1));
    expect(types(events)).toEqual(['accepted', 'trade', 'triggered', 'trade', 'book', 'book']);
    expect(ofType(events, 'triggered')[0]).toMatchObject({ orderId: 's1', stopPrice: 100, lastPrice: 100 });
    expect(ofType(events, 'trade')[1]).toMatchObject({ takerOrderId: 's1', price: 110, quantity: 2 });
  });

  it('stop-market sell triggers on a falling price', () => {
    const book = newBook();
    book.apply(limit('b1', 'u1', 'buy', 100, 1));
    book.apply(limit('b2', 'u1', 'buy', 90, 5));
    book.apply(stop('s1', 'u2', 'sell', 100, { quantity: 3 }));
    const events = book.apply(limit('a1', 'u3', 'sell', 100, 1));
    expect(ofType(events, 'trade').map((t) => [t.takerOrderId, t.price, t.quantity])).toEqual([
      ['a1', 100, 1],
      ['s1', 90, 3],
    ]);
  });

  it('trigger in the documented order and cascade', () => {
    const book = newBook();
    book.apply(limit('b1', 'u1', 'buy', 100, 1));
    book.apply(limit('b2', 'u1', 'buy', 95, 1));
    book.apply(limit('b3', 'u1', 'buy', 90, 1));
    book.apply(stop('low', 'u2', 'sell', 95, { quantity: 1 }));
    book.apply(stop('high-late', 'u3', 'sell', 100, { quantity: 1 }));
    book.apply(stop('high-early', 'u4', 'sell', 100, { quantity: 1 }));
    // high-late was placed before high-early: equal stops trigger by time priority.
    const events = book.apply(limit('a1', 'u5', 'sell', 100, 1));
    expect(ofType(events, 'triggered').map((t) => t.orderId)).toEqual(['high-late', 'high-early', 'low']);
    expect(ofType(events, 'trade').map((t) => t.price)).toEqual([100, 95, 90]);
    expect(ofType(events, 'expired').map((e) => e.orderId)).toEqual(['low']);
  });

  it('a stop already due when placed triggers at once', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 2));
    book.apply(limit('b1', 'u2', 'buy', 100, 1));
    const events = book.apply(stop('s1', 'u3', 'buy', 90, { quantity: 1 }));
    expect(types(events)).toEqual(['accepted', 'triggered', 'trade', 'book']);
  });

  it('can be canceled and amended while waiting', () => {
    const book = newBook();
    book.apply(stop('s1', 'u3', 'buy', 90, { price: 95, quantity: 1 }));
    expect(book.apply(amend('s1', { price: 96, quantity: 2 }))[0]).toMatchObject({
      type: 'amended',
      price: 96,
      remaining: 2,
    });
    expect(book.apply(cancel('s1'))[0]).toMatchObject({ type: 'canceled', remaining: 2 });
    expect(book.openOrderCount).toBe(0);
  });
});

describe('bad input is rejected with a reason and leaves the book intact', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['zero price', { price: 0 }, 'INVALID_PRICE'],
    ['negative price', { price: -5 }, 'INVALID_PRICE'],
    ['fractional price', { price: 1.5 }, 'INVALID_PRICE'],
    ['NaN price', { price: NaN }, 'INVALID_PRICE'],
    ['infinite quantity', { quantity: Infinity }, 'INVALID_QUANTITY'],
    ['zero quantity', { quantity: 0 }, 'INVALID_QUANTITY'],
    ['unsafe quantity', { quantity: 2 ** 60 }, 'INVALID_QUANTITY'],
    ['overflowing notional', { price: 2 ** 40, quantity: 2 ** 20 }, 'OVERFLOW'],
    ['empty id', { orderId: '' }, 'INVALID_ID'],
    ['bad side', { side: 'up' }, 'INVALID_ORDER'],
    ['bad fee', { takerFeePpm: -1 }, 'INVALID_FEE'],
    ['bad timestamp', { timestamp: -1 }, 'INVALID_TIMESTAMP'],
    ['post-only IOC', { postOnly: true, timeInForce: 'IOC' }, 'INVALID_ORDER'],
  ];
  it.each(cases)('%s', (_name, change, reason) => {
    const book = newBook();
    book.apply(limit('keep', 'u1', 'sell', 200, 1));
    const hash = book.stateHash();
    const events = book.apply({ ...limit('x', 'u2', 'buy', 100, 1), ...change } as never);
    expect(events).toEqual([expect.objectContaining({ type: 'rejected', reason })]);
    const { seq: _seq, ...before } = JSON.parse(JSON.stringify(OrderBook.restore(book.snapshot()).snapshot()));
    expect(before.orders).toHaveLength(1);
    expect(book.stateHash()).not.toBe(hash); // only the event sequence moved
    expect(book.getOrder('keep')).toBeDefined();
  });

  it('duplicate ids are refused', () => {
    const book = newBook();
    book.apply(limit('a', 'u1', 'sell', 200, 1));
    expect(book.apply(limit('a', 'u1', 'sell', 201, 1))[0]).toMatchObject({ type: 'rejected', reason: 'DUPLICATE_ID' });
  });

  it('orders under the minimum notional are refused', () => {
    const book = new OrderBook({ ...BTC, minNotional: '5' });
    expect(book.apply(limit('a', 'u1', 'sell', 1_000_000, 49))[0]).toMatchObject({ reason: 'MIN_NOTIONAL' });
    expect(book.apply(limit('b', 'u1', 'sell', 1_000_000, 50))[0]).toMatchObject({ type: 'accepted' });
  });

  it('garbage commands are refused', () => {
    const book = newBook();
    expect(book.apply(null as never)[0]).toMatchObject({ type: 'rejected', reason: 'INVALID_COMMAND' });
    expect(book.apply({ type: 'explode', timestamp: 1 } as never)[0]).toMatchObject({ reason: 'INVALID_COMMAND' });
  });
});

describe('snapshot, restore and state hash', () => {
  it('a restored book has the same hash and answers the next commands identically', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 5));
    book.apply(limit('a2', 'u2', 'sell', 100, 5));
    book.apply(limit('b1', 'u3', 'buy', 98, 5));
    book.apply(stop('s1', 'u4', 'buy', 100, { quantity: 2 }));
    const copy = OrderBook.restore(JSON.parse(JSON.stringify(book.snapshot())));
    expect(copy.stateHash()).toBe(book.stateHash());
    const next = limit('t', 'u5', 'buy', 100, 7);
    expect(copy.apply(next)).toEqual(book.apply(next));
    expect(copy.stateHash()).toBe(book.stateHash());
  });

  it('a running book hashes as its stored snapshot does, with the hash version', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 5));
    book.apply(limit('b1', 'u3', 'buy', 98, 5));
    book.apply(stop('s1', 'u4', 'buy', 100, { quantity: 2 }));
    expect(stateHash(JSON.parse(JSON.stringify(book.snapshot())))).toBe(book.stateHash());
    expect(isCurrentStateHash(book.stateHash())).toBe(true);
    // What the first version recorded (16 hex digits, no version) is not one to compare with.
    expect(isCurrentStateHash('8748dab2bb5d3ba2')).toBe(false);
  });

  it('the hash tells apart books that differ only in time priority, a remaining amount, or where an order waits', () => {
    const hashAfter = (...commands: Command[]) => {
      const book = newBook();
      for (const command of commands) book.apply(command);
      return book.stateHash();
    };
    const [a, b] = [limit('a', 'u1', 'sell', 100, 5), limit('b', 'u2', 'sell', 100, 5)];
    expect(hashAfter(a, b)).not.toBe(hashAfter(b, a));
    expect(hashAfter(a, limit('t', 'u3', 'buy', 100, 1))).not.toBe(hashAfter(a, limit('t', 'u3', 'buy', 100, 2)));
    expect(hashAfter(limit('x', 'u1', 'buy', 90, 1))).not.toBe(hashAfter(stop('x', 'u1', 'buy', 90, { quantity: 1 })));
  });
});

describe('edge cases the trading service relies on', () => {
  it('a market buy by quote amount expires with the unspent budget when the asks run out', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 2));
    const events = book.apply(market('m1', 'u2', 'buy', { quoteAmount: 1000 }));
    expect(ofType(events, 'trade')[0]).toMatchObject({
      quantity: 2,
      takerRemaining: 800,
      takerStatus: 'partially_filled',
    });
    expect(ofType(events, 'expired')[0]).toMatchObject({ orderId: 'm1', reason: 'NO_LIQUIDITY', remaining: 800 });
  });

  it('a market buy by quote amount smaller than one lot at the best ask expires untraded', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 2));
    const events = book.apply(market('m1', 'u2', 'buy', { quoteAmount: 99 }));
    expect(types(events)).toEqual(['accepted', 'expired']);
  });

  it('a triggered FOK stop-limit that cannot fill expires', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 1));
    book.apply(stop('s1', 'u2', 'buy', 100, { price: 100, quantity: 5, timeInForce: 'FOK' }));
    const events = book.apply(limit('b1', 'u3', 'buy', 100, 1));
    expect(ofType(events, 'expired')).toEqual([
      expect.objectContaining({ orderId: 's1', reason: 'FOK_NOT_FILLABLE', remaining: 5 }),
    ]);
    expect(book.getOrder('s1')).toBeUndefined();
  });

  it('a triggered stop-limit rests as a limit order with fresh time priority', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 1));
    book.apply(limit('b0', 'u4', 'buy', 90, 1));
    book.apply(stop('s1', 'u2', 'buy', 100, { price: 90, quantity: 5 }));
    book.apply(limit('b1', 'u3', 'buy', 100, 1));
    expect(book.getOrder('s1')).toMatchObject({ orderType: 'limit', status: 'new', price: 90 });
    const trades = ofType(book.apply(limit('a2', 'u1', 'sell', 90, 6)), 'trade');
    expect(trades.map((t) => t.makerOrderId)).toEqual(['b0', 's1']);
  });

  it('stops survive a snapshot and still trigger after restore', () => {
    const book = newBook();
    book.apply(limit('a1', 'u1', 'sell', 100, 1));
    book.apply(limit('a2', 'u1', 'sell', 101, 1));
    book.apply(stop('s1', 'u2', 'buy', 100, { quantity: 1 }));
    const restored = OrderBook.restore(JSON.parse(JSON.stringify(book.snapshot())));
    expect(restored.openOrders('u2')).toEqual(book.openOrders('u2'));
    const events = restored.apply(limit('b1', 'u3', 'buy', 100, 1));
    expect(ofType(events, 'trade').map((t) => t.takerOrderId)).toEqual(['b1', 's1']);
  });

  it('a moved order that meets its own user is canceled by the default STP', () => {
    const book = newBook();
    book.apply(limit('bid', 'u1', 'buy', 99, 1));
    book.apply(limit('ask', 'u1', 'sell', 101, 1));
    const events = book.apply(amend('ask', { price: 99 }));
    expect(types(events)).toEqual(['amended', 'canceled', 'book']);
    expect(book.getOrder('bid')).toBeDefined();
    expect(book.getOrder('ask')).toBeUndefined();
  });

  it('event sequence numbers increase by one across commands', () => {
    const book = newBook();
    const seqs = [
      ...book.apply(limit('a1', 'u1', 'sell', 100, 1)),
      ...book.apply(cancel('nope')),
      ...book.apply(limit('b1', 'u2', 'buy', 100, 1)),
    ].map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(book.lastSeq).toBe(seqs.length);
  });
});

describe('event arrays', () => {
  it('apply returns a new array per command, untouched by later commands; applyInto appends the same events', () => {
    const book = newBook();
    const twin = newBook();
    const commands = [
      limit('a1', 'u1', 'sell', 100, 1),
      ...Array.from({ length: 30 }, (_, i) => limit(`s${i}`, 'u1', 'sell', 101 + i, 1)),
      market('m1', 'u2', 'buy', { quantity: 40 }), // 31 trades, one event array of 60+ events
      limit('b1', 'u2', 'buy', 90, 1),
      cancel('b1'),
    ];
    const copies: string[] = [];
    const results = commands.map((c) => {
      const events = book.apply(c);
      copies.push(JSON.stringify(events));
      return events;
    });
    const appended = [{ type: 'book' }] as unknown as ReturnType<OrderBook['apply']>;
    for (const c of commands) twin.applyInto(c, appended);

    expect(new Set(results).size).toBe(results.length);
    expect(results.map((events) => JSON.stringify(events))).toEqual(copies);
    expect(results[31].length).toBeGreaterThan(60);
    expect(appended.slice(1)).toEqual(results.flat());
  });
});
