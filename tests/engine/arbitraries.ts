/** fast-check generators of command streams on a tiny market, so orders meet often. */
import fc from 'fast-check';
import type { Command } from '../../engine';

const ids = fc.constantFrom(...Array.from({ length: 12 }, (_, i) => `o${i}`));
const users = fc.constantFrom('u1', 'u2', 'u3');
const side = fc.constantFrom('buy' as const, 'sell' as const);
const price = fc.integer({ min: 95, max: 105 });
const qty = fc.integer({ min: 1, max: 12 });
const fees = { makerFeePpm: fc.constantFrom(0, 1000, 2500), takerFeePpm: fc.constantFrom(0, 2000, 333_333) };
const stp = fc.constantFrom('cancel_newest' as const, 'cancel_oldest' as const, 'cancel_both' as const);

const limit = fc.record({
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
});

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
    orderType: fc.constantFrom('stop_limit' as const, 'stop_market' as const),
    price,
    stopPrice: price,
    quantity: qty,
    stp,
    ...fees,
  })
  .map(({ price: p, ...c }) => (c.orderType === 'stop_limit' ? { ...c, price: p } : c));

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
);

/** A stream of commands with increasing timestamps. */
export const commandStream = (maxLength = 120): fc.Arbitrary<Command[]> =>
  fc
    .array(command, { minLength: 1, maxLength, size: 'max' })
    .map((list) => list.map((c, i) => ({ ...c, timestamp: 1000 + i }) as Command));
