import fc from 'fast-check';
import { toLedgerUnits } from '../../server/kernel/money';
import { USD } from '../../server/markets/catalog';
import { decimals } from '../../server/trading/books/order-input';
import { buyHoldAtLimit } from '../../server/trading/sequencer/funds-hold';
import {
  approved,
  BTC,
  execution,
  expectHoldsMatchOpenOrders,
  fees,
  freshState,
  heldByOpenOrders,
  lockedByPostings,
  nonZero,
  refusal,
  tradersOf,
} from '../support/order-execution-harness';

it('a resting buy holds its funds in one posting and logs its command', () => {
  const traders = tradersOf({ alice: approved });
  const { state, effects, place } = execution(traders);
  const outcome = place('alice', {});
  expect(outcome).toMatchObject({ ok: true, order: { status: 'new', lots: 100, filledLots: 0 }, fills: [] });
  expect(effects.placed).toEqual(new Set(['order-1']));
  expect(effects.commands.map((c) => c.seq)).toEqual([1]);
  expect(state.commandSeq).toBe(1);
  expect(effects.postings).toHaveLength(1);
  expect(effects.postings[0]).toMatchObject({ reason: 'order_hold', referenceId: 'order-1' });
  // 100 USD, the fee at 0.2%, and one notional unit (0.0000001 USD) per lot.
  const held = toLedgerUnits('100.20001');
  expect(heldByOpenOrders(state).get(`alice:${USD}`)).toBe(held);
  expect(traders.sheet.canSpend('alice', USD, toLedgerUnits('1000000') - held)).toBe(true);
  expect(traders.sheet.canSpend('alice', USD, toLedgerUnits('1000000') - held + 1n)).toBe(false);
});

it('a crossing order trades at the resting price, fees to the fees account, and releases what the buyer no longer needs', () => {
  const { state, effects, place } = execution(tradersOf({ maker: approved, taker: approved }));
  place('maker', { side: 'sell', price: '99000' });
  const outcome = place('taker', {});
  expect(outcome).toMatchObject({ ok: true, order: { status: 'filled' } });
  expect(effects.trades).toEqual([
    expect.objectContaining({
      price: '99000',
      amount: '0.001',
      quote_amount: '99',
      maker_fee: '0.099',
      taker_fee: '0.198',
    }),
  ]);
  const trade = effects.postings.find((p) => p.reason === 'trade')!;
  expect(trade.legs).toContainEqual({
    owner: { system: 'fees' },
    asset: USD,
    bucket: 'available',
    amount: toLedgerUnits('0.297'),
  });
  expect(state.open.size).toBe(0);
  expect(nonZero(lockedByPostings(effects.postings))).toEqual(new Map());
});

it('refuses, on what the round knows of the trader, with the answers of the trading rule', () => {
  const { place } = execution(
    tradersOf({
      suspended: { ...approved, is_active: false },
      admin: { ...approved, is_admin: true },
      pending: { ...approved, kyc_status: 'pending' },
      house: { ...approved, is_system: true, kyc_status: 'pending' },
    }),
  );
  expect(refusal(place('ghost', {}))).toEqual({ status: 401, detail: 'Invalid or expired token', onTraderData: true });
  expect(refusal(place('suspended', {}))).toEqual({ status: 403, detail: 'Account suspended', onTraderData: true });
  expect(refusal(place('admin', {}))).toEqual({
    status: 403,
    detail: 'Administrators cannot use trader functions',
    onTraderData: true,
  });
  expect(refusal(place('pending', {}))).toEqual({
    status: 400,
    detail: 'KYC must be approved to trade',
    onTraderData: true,
  });
  expect(refusal(place('house', {}))).toBe('placed');
});

it('refuses an order its trader cannot pay for without logging it; an engine refusal is logged', () => {
  const { effects, place } = execution(tradersOf({ poor: approved }, '100'));
  expect(refusal(place('poor', {}))).toEqual({ status: 400, detail: 'Insufficient balance', onTraderData: true });
  expect(effects.commands).toEqual([]);
  place('poor', { side: 'sell', price: '99000' });
  expect(refusal(place('poor', { side: 'sell', type: 'limit', price: '90000', time_in_force: 'FOK' }))).toEqual({
    status: 400,
    detail: 'Fill-or-kill order cannot be filled completely',
    onTraderData: undefined,
  });
  expect(effects.commands.map((c) => c.seq)).toEqual([1, 2]);
});

it('a fill-or-kill order that cannot fill, placed to expire so, is a new expired order that holds nothing', () => {
  const { state, effects, place } = execution(tradersOf({ maker: approved, taker: approved }));
  place('maker', { side: 'sell', price: '99000', amount: '0.001' });
  const postings = effects.postings.length;
  const outcome = place('taker', { price: '99000', amount: '0.002', time_in_force: 'FOK' }, true);
  expect(outcome).toEqual({
    ok: true,
    order: expect.objectContaining({ id: 'order-2', status: 'expired', filledLots: 0, reserved: 0, seq: 2 }),
    fills: [],
  });
  expect(effects.placed.has('order-2')).toBe(true);
  expect(effects.orders.get('order-2')).toMatchObject({ status: 'expired' });
  expect(state.open.has('order-2')).toBe(false);
  expect(effects.postings).toHaveLength(postings);
  expect(effects.commands.map((c) => c.seq)).toEqual([1, 2]);
  // The engine's other refusals stay refusals.
  expect(refusal(place('taker', { price: '99000', post_only: true }, true))).toEqual({
    status: 400,
    detail: 'Post-only order would trade immediately',
    onTraderData: undefined,
  });
});

it.each(['cancel_oldest', 'cancel_both'] as const)(
  "a market buy that self-trade prevention (%s) may take past the trader's own asks holds for the asks beyond them",
  (stp) => {
    const traders = tradersOf({ alice: approved, bob: approved });
    const run = execution(traders);
    run.place('alice', { side: 'sell', price: '99000' });
    run.place('bob', { side: 'sell', price: '101000' });
    // By amount, and by quote amount (a budget its own cheaper ask would have bought more with).
    for (const amounts of [{ amount: '0.001' }, { amount: undefined, quote_amount: '101' }]) {
      run.place('alice', { side: 'sell', price: '99000' });
      run.place('alice', { type: 'market', price: null, time_in_force: 'IOC', stp, ...amounts });
      for (const order of run.effects.orders.values()) expect(order.reserved).toBeGreaterThanOrEqual(0);
      expectHoldsMatchOpenOrders(run);
      run.place('bob', { side: 'sell', price: '101000' });
    }
  },
);

it('a market buy by quote amount spends at most its budget, and its amount is what it bought', () => {
  const { state, effects, place } = execution(tradersOf({ maker: approved, taker: approved }));
  place('maker', { side: 'sell', price: '99000', amount: '0.0001' });
  place('maker', { side: 'sell', price: '100000', amount: '0.001' });
  // 20 USDT: 0.0001 BTC at 99,000 (9.9), then 0.0001 at 100,000 (10), and 0.1 USDT left buys no lot.
  const outcome = place('taker', { type: 'market', price: null, amount: undefined, quote_amount: '20' });
  expect(outcome).toMatchObject({ ok: true, order: { status: 'filled', lots: 20, filledLots: 20 } });
  expect(effects.trades.map((t) => [t.price, t.amount])).toEqual([
    ['99000', '0.0001'],
    ['100000', '0.0001'],
  ]);
  expect(state.open.has('order-3')).toBe(false);
  expect(nonZero(lockedByPostings(effects.postings))).toEqual(nonZero(heldByOpenOrders(state)));
});

it('a self-trade decrement takes the quantity off both orders and what they held for it, and cancels the one left with nothing', () => {
  const { state, effects, place } = execution(tradersOf({ alice: approved }));
  // A buy of 0.003 BTC at 100,000 meets the trader's own sell of 0.001 at 99,000: 0.001 prevented.
  place('alice', { side: 'sell', price: '99000', amount: '0.001' });
  const taker = place('alice', { amount: '0.003', stp: 'decrement' });
  expect(taker).toMatchObject({ ok: true, order: { status: 'new', lots: 200, filledLots: 0 }, fills: [] });
  expect(effects.orders.get('order-1')).toMatchObject({ status: 'canceled', lots: 0, reserved: 0 });
  expect(effects.trades).toEqual([]);
  expect(effects.preventedMatches).toEqual([
    expect.objectContaining({
      taker_order_id: 'order-2',
      maker_order_id: 'order-1',
      stp: 'decrement',
      price: '99000',
      taker_prevented: '0.001',
      maker_prevented: '0.001',
    }),
  ]);
  // The buy rests with 0.002, holding what a buy of 0.002 at its price holds.
  expect(state.open.get('order-2')!.reserved).toBe(buyHoldAtLimit(10_000_000, 200, fees));
  expect(nonZero(lockedByPostings(effects.postings))).toEqual(nonZero(heldByOpenOrders(state)));
});

it("cancels only the trader's own open orders, releasing the whole hold", () => {
  const { state, effects, place, cancel } = execution(tradersOf({ alice: approved, bob: approved }));
  place('alice', {});
  expect(refusal(cancel('bob', 'order-1'))).toEqual({
    status: 404,
    detail: 'Order not found',
    onTraderData: undefined,
  });
  expect(cancel('alice', 'order-1')).toMatchObject({ ok: true, order: { status: 'canceled', reserved: 0 } });
  expect(refusal(cancel('alice', 'order-1'))).toEqual({
    status: 409,
    detail: 'Order is not open',
    onTraderData: undefined,
  });
  expect(state.open.size).toBe(0);
  expect(nonZero(lockedByPostings(effects.postings))).toEqual(new Map());
});

it('a stop is checked against the last price its command finds: one already reached is refused, nothing held or logged', () => {
  const { effects, place } = execution(tradersOf({ maker: approved, taker: approved, alice: approved }));
  const sellStop = (price: string) =>
    place('alice', { side: 'sell', type: 'stop_limit', price, stop_price: price, amount: '0.001' });
  // No trade yet: no stop is due.
  expect(sellStop('99000')).toMatchObject({ ok: true, order: { status: 'waiting' } });
  place('maker', { side: 'sell', price: '99500' });
  expect(place('taker', {})).toMatchObject({ ok: true, order: { status: 'filled' } });
  const [logged, postings] = [effects.commands.length, effects.postings.length];
  expect(refusal(sellStop('99500'))).toEqual({
    status: 400,
    detail: 'Stop price would trigger immediately',
    onTraderData: undefined,
  });
  expect([effects.commands.length, effects.postings.length]).toEqual([logged, postings]);
  expect(sellStop('99499.99')).toMatchObject({ ok: true, order: { status: 'waiting' } });
});

const users = ['a', 'b', 'c'];
const randomOrder = fc.record({
  user: fc.constantFrom(...users),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  type: fc.constantFrom('limit' as const, 'limit' as const, 'market' as const, 'stop_limit' as const),
  ticksFromMid: fc.integer({ min: -5, max: 5 }),
  lots: fc.integer({ min: 5, max: 300 }),
  timeInForce: fc.constantFrom('GTC' as const, 'IOC' as const, 'FOK' as const),
  /** A market buy spends a quote amount (1 USD a lot at the middle price) instead of buying an amount. */
  byQuote: fc.boolean(),
  stp: fc.constantFrom(
    'cancel_newest' as const,
    'cancel_oldest' as const,
    'cancel_both' as const,
    'decrement' as const,
  ),
  cancel: fc.option(fc.nat(40), { freq: 4 }),
});

type RandomOrder = typeof randomOrder extends fc.Arbitrary<infer T> ? T : never;

/** Runs the random orders (and cancels) on a fresh book of traders a, b and c. */
function executeRandomOrders(orders: RandomOrder[]) {
  const run = execution(tradersOf({ a: approved, b: approved, c: approved }));
  for (const o of orders) {
    if (o.cancel !== null) {
      run.cancel(o.user, `order-${o.cancel}`);
      continue;
    }
    const price = (100_000 + o.ticksFromMid * 10).toFixed(2);
    const market = o.type === 'market';
    const byQuote = market && o.side === 'buy' && o.byQuote;
    try {
      run.place(o.user, {
        side: o.side,
        type: o.type,
        ...(byQuote
          ? { amount: undefined, quote_amount: o.lots.toFixed(2) }
          : { amount: (o.lots / 100_000).toFixed(5) }),
        price: market ? null : price,
        stop_price: o.type === 'stop_limit' ? price : null,
        time_in_force: market && o.timeInForce === 'GTC' ? 'IOC' : o.timeInForce,
        stp: o.stp,
      });
    } catch {
      // Terms the market refuses never reach the book (orderTerms is checked on its own).
    }
  }
  return run;
}

/** Holds match the open orders, and each open order's rest is the book's (as recovery compares them), holding just what that rest needs. */
function expectExactHolds(run: ReturnType<typeof execution>) {
  expectHoldsMatchOpenOrders(run);
  for (const order of run.state.open.values()) {
    const rest = order.lots - order.filledLots;
    expect(run.state.book.getOrder(order.id)!.remaining).toBe(rest);
    expect(order.reserved).toBe(order.side === 'sell' ? rest : buyHoldAtLimit(order.priceTicks!, rest, fees));
  }
}

it('whatever orders come, every posting balances and what is locked is exactly what the open orders hold', () => {
  fc.assert(
    fc.property(fc.array(randomOrder, { maxLength: 60 }), (orders) => expectExactHolds(executeRandomOrders(orders))),
    { numRuns: 150 },
  );
});

it("cancelling every order of a suspended trader leaves none of theirs open, releases all they held, keeps the others' orders, and replays from its log", () => {
  fc.assert(
    fc.property(fc.array(randomOrder, { maxLength: 60 }), fc.constantFrom(...users), (orders, suspended) => {
      const run = executeRandomOrders(orders);
      const others = [...run.state.open.values()]
        .filter((order) => order.userId !== suspended)
        .map((order) => order.id);
      const theirs = run.state.book.openOrders(suspended).length;
      const outcome = run.cancelAll(suspended);
      expect(outcome).toEqual({ ok: true, canceled: theirs });
      expect(run.state.book.openOrders(suspended)).toEqual([]);
      expect([...run.state.open.keys()]).toEqual(others);
      expectExactHolds(run);
      // The cancels are logged one engine command each: replaying the log rebuilds the same book.
      const replayed = freshState().book;
      for (const { command } of run.effects.commands) replayed.apply(command);
      expect(replayed.stateHash()).toBe(run.state.book.stateHash());
    }),
    { numRuns: 150 },
  );
});

it('records a prevented match for every order a self-trade ended or decremented, naming two orders of one trader on either side', () => {
  fc.assert(
    fc.property(fc.array(randomOrder, { maxLength: 60 }), (orders) => {
      // No cancels of the trader's own: every cancelled order is one self-trade prevention ended.
      const run = executeRandomOrders(orders.map((order) => ({ ...order, cancel: null })));
      const canceled = [...run.effects.orders.values()].filter((order) => order.status === 'canceled');
      const matches = run.effects.preventedMatches;
      // A decrement names both orders, and ends those it leaves with nothing.
      const endedBy = (match: (typeof matches)[number], id: string) =>
        match.stp !== 'decrement' || run.effects.orders.get(id)!.status === 'canceled';
      const ended = matches.flatMap((match) =>
        [
          ...(match.taker_prevented === null ? [] : [match.taker_order_id]),
          ...(match.maker_prevented === null ? [] : [match.maker_order_id]),
        ].filter((id) => endedBy(match, id)),
      );
      expect(new Set(ended)).toEqual(new Set(canceled.map((order) => order.id)));
      matches.forEach((match, i) => {
        expect(match.id).toBe(String(i + 1));
        const [taker, maker] = [match.taker_order_id, match.maker_order_id].map((id) => run.effects.orders.get(id)!);
        expect(maker.userId).toBe(taker!.userId);
        expect(maker.side).not.toBe(taker!.side);
        expect(match.stp).toBe(taker!.stp);
        if (match.stp === 'decrement') expect(match.taker_prevented).toBe(match.maker_prevented);
        // Where they would have traded: the maker's price.
        expect(match.price).toBe(decimals(BTC).price(maker.priceTicks!));
      });
    }),
    { numRuns: 200 },
  );
});

it('an amend reduces an open order in place, keeps its queue priority, holds only what its rest needs, and replays from its log', () => {
  fc.assert(
    fc.property(fc.array(randomOrder, { maxLength: 60 }), fc.double({ min: 0, max: 1, noNaN: true }), (orders, cut) => {
      const run = executeRandomOrders(orders);
      for (const order of [...run.state.open.values()]) {
        const before = run.state.book.getOrder(order.id)!;
        // The amend changes `order` itself.
        const { lots: placedLots, filledLots } = order;
        const lots = filledLots + 1 + Math.floor(cut * (placedLots - filledLots - 1));
        const outcome = run.amend(order.userId, order.id, lots);
        if (lots >= placedLots) {
          expect(outcome).toMatchObject({ ok: false, error: { code: 'amend-not-smaller' } });
          continue;
        }
        // Its value still at least the market's minimum, as a new order's.
        if (!outcome.ok) {
          expect(outcome.error.code).toBe('rejected-below-minimum');
          expect(run.state.book.getOrder(order.id)).toEqual(before);
          continue;
        }
        expect(outcome).toMatchObject({ ok: true, order: { lots } });
        const after = run.state.book.getOrder(order.id)!;
        expect(after).toMatchObject({ quantity: lots, remaining: lots - filledLots, priority: before.priority });
      }
      expectExactHolds(run);
      const replayed = freshState().book;
      for (const { command } of run.effects.commands) replayed.apply(command);
      expect(replayed.stateHash()).toBe(run.state.book.stateHash());
    }),
    { numRuns: 150 },
  );
});

it('refuses an order counted in rules the book no longer has, logging nothing and holding nothing', () => {
  const { state, effects, place } = execution(tradersOf({ alice: approved }));
  // The book's tick changed from 0.01 to 0.1 after the order's terms were counted in the old one.
  state.market = { ...BTC, tickSize: '0.1' };
  expect(refusal(place('alice', {}))).toEqual({
    status: 409,
    detail: "The market's tick or lot size has just changed, please check your order and retry",
    onTraderData: undefined,
  });
  expect(effects.commands).toEqual([]);
  expect(effects.postings).toEqual([]);
  expect(state.book.openOrderCount).toBe(0);
});
