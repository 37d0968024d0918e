/** fast-check generators of command streams on a tiny market, so orders meet often. */
import fc from 'fast-check';
import type { Command } from '../../engine';

const ids = fc.constantFrom(...Array.from({ length: 12 }, (_, i) => `o${i}`));
const users = fc.constantFrom('u1', 'u2', 'u3');
const side = fc.constantFrom('buy' as const, 'sell' as const);
const price = fc.integer({ min: 95, max: 105 });
const qty = fc.integer({ min: 1, max: 12 });
const fees = { makerFeePpm: fc.constantFrom(0, 1000, 2500), takerFeePpm: fc.constantFrom(0, 2000, 333_333) };
const stp = fc.constantFrom(
  'cancel_newest' as const,
  'cancel_oldest' as const,
  'cancel_both' as const,
  'decrement' as const,
);
/** Prices are about 100 ticks: 100 basis points is about one tick. */
const trailingDelta = fc.constantFrom(1, 99, 100, 150, 250, 500);
/** Some GTC limit orders become icebergs showing a part of their quantity. */
const withIceberg = <C extends { quantity: number; timeInForce?: string }>(c: C, share: number) =>
  share > 0 && c.quantity > 1 && (c.timeInForce ?? 'GTC') === 'GTC'
    ? { ...c, icebergQty: 1 + (share % (c.quantity - 1)) }
    : c;
const icebergShare = fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 11 }));

const limit = fc
  .record({
    type: fc.constant('place' as const),
    orderId: ids,
    userId: users,
    side,
    orderType: fc.constant('limit' as const),
    price,
    quantity: qty,
    timeInForce: fc.constantFrom('GTC' as const, 'GTC' as const, 'GTC' as const, 'IOC' as const, 'FOK' as const),
    postOnly: fc.constantFrom(false, false, false, true),
    stp,
    ...fees,
    share: icebergShare,
  })
  .map(({ share, ...c }) => withIceberg(c, share));

const marketOrder = fc.record({
  type: fc.constant('place' as const),
  orderId: ids,
  userId: users,
  side,
  orderType: fc.constant('market' as const),
  quantity: qty,
  timeInForce: fc.constantFrom('IOC' as const, 'FOK' as const),
  stp,
  ...fees,
});

const quoteBuy = fc
  .record({
    type: fc.constant('place' as const),
    orderId: ids,
    userId: users,
    side: fc.constant('buy' as const),
    orderType: fc.constantFrom('market' as const, 'stop_market' as const),
    stopPrice: price,
    quoteAmount: fc.integer({ min: 1, max: 1500 }),
    stp,
    ...fees,
  })
  .map(({ stopPrice, ...c }) => (c.orderType === 'market' ? c : { ...c, stopPrice }));

const stopOrder = fc
  .record({
    type: fc.constant('place' as const),
    orderId: ids,
    userId: users,
    side,
    orderType: fc.constantFrom(
      'stop_limit' as const,
      'stop_market' as const,
      'take_profit_limit' as const,
      'take_profit' as const,
    ),
    price,
    stopPrice: price,
    quantity: qty,
    stp,
    ...fees,
    trailing: fc.constantFrom('none', 'none', 'with stop', 'without stop'),
    trailingDelta,
    share: icebergShare,
  })
  .map(({ price: p, stopPrice, trailing, trailingDelta: delta, share, ...c }) => {
    const limited = c.orderType === 'stop_limit' || c.orderType === 'take_profit_limit';
    return {
      ...(limited ? withIceberg({ ...c, price: p }, share) : c),
      ...(trailing !== 'without stop' ? { stopPrice } : {}),
      ...(trailing !== 'none' ? { trailingDelta: delta } : {}),
    };
  });

// Order lists: mostly well-formed (the pair on one side and quantity), now and then not.
const listIds = fc.constantFrom('l0', 'l1', 'l2', 'l3');
const pairOrder = (kind: 'limit' | 'stop', s: 'buy' | 'sell', quantity: number) =>
  kind === 'limit'
    ? fc.record({
        orderId: ids,
        side: fc.constant(s),
        orderType: fc.constant('limit' as const),
        price,
        quantity: fc.constant(quantity),
        postOnly: fc.constantFrom(false, false, true),
        stp,
        ...fees,
      })
    : stopOrder.map(({ type: _t, userId: _u, ...o }) => ({ ...o, side: s, quantity }));
const pair = fc
  .tuple(side, qty, fc.constantFrom(['limit', 'stop'] as const, ['stop', 'limit'] as const, ['stop', 'stop'] as const))
  .chain(([s, q, [a, b]]) => fc.tuple(pairOrder(a, s, q), pairOrder(b, s, q)));
const working = limit.map(({ type: _t, userId: _u, ...o }) => o);
const anyOrder = fc
  .oneof(limit, marketOrder, stopOrder, quoteBuy)
  .map(({ type: _t, userId: _u, ...o }: { type: 'place'; userId: string }) => o);
const listOf = (kind: 'oco' | 'oto' | 'otoco', orders: fc.Arbitrary<unknown[]>) =>
  fc.record({
    type: fc.constant('placeList' as const),
    listId: listIds,
    userId: users,
    kind: fc.constant(kind),
    orders,
  });
const placeList = fc.oneof(
  { arbitrary: listOf('oco', pair), weight: 4 },
  { arbitrary: listOf('oto', fc.tuple(working, anyOrder)), weight: 3 },
  {
    arbitrary: listOf(
      'otoco',
      fc.tuple(working, pair).map(([w, [a, b]]) => [w, a, b]),
    ),
    weight: 3,
  },
  { arbitrary: listOf('oco', fc.tuple(anyOrder, anyOrder)), weight: 1 },
);
const cancelList = fc.record({ type: fc.constant('cancelList' as const), listId: listIds });

const cancel = fc.record({ type: fc.constant('cancel' as const), orderId: ids });
const amend = fc.record(
  { type: fc.constant('amend' as const), orderId: ids, price, quantity: qty },
  { requiredKeys: ['type', 'orderId'] },
);
const garbage = fc.record({
  type: fc.constant('place' as const),
  orderId: ids,
  userId: users,
  side,
  orderType: fc.constant('limit' as const),
  price: fc.constantFrom(0, -1, 1.5, NaN, Infinity, 2 ** 60),
  quantity: fc.constantFrom(0, -3, 0.5, NaN, 7),
  ...fees,
});

const command = fc.oneof(
  { arbitrary: limit, weight: 10 },
  { arbitrary: marketOrder, weight: 2 },
  { arbitrary: quoteBuy, weight: 1 },
  { arbitrary: stopOrder, weight: 3 },
  { arbitrary: cancel, weight: 3 },
  { arbitrary: amend, weight: 4 },
  { arbitrary: garbage, weight: 1 },
  { arbitrary: placeList, weight: 3 },
  { arbitrary: cancelList, weight: 1 },
);

/** A stream of commands with increasing timestamps. */
export const commandStream = (maxLength = 120): fc.Arbitrary<Command[]> =>
  fc
    .array(command, { minLength: 1, maxLength, size: 'max' })
    .map((list) => list.map((c, i) => ({ ...c, timestamp: 1000 + i }) as Command));
