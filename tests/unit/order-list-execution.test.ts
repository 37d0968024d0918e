import fc from 'fast-check';
import { toLedgerUnits, type LedgerUnits } from '../../server/kernel/money';
import { USD } from '../../server/markets/catalog';
import { pairOf } from '../../server/trading/books/live-list';
import type { LiveOrder } from '../../server/trading/books/live-order';
import { buyHoldAtLimit } from '../../server/trading/sequencer/funds-hold';
import {
  approved,
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

/** Order lists turned into holds, fills and releases, in memory (see OrderExecution.placeList). */

const locked = (run: ReturnType<typeof execution>, who: string, asset: string): LedgerUnits =>
  lockedByPostings(run.effects.postings).get(`${who}:${asset}`) ?? 0n;

it('an oco sell holds its amount once; the limit order filling cancels the stop and spends the hold', () => {
  const run = execution(tradersOf({ seller: approved, buyer: approved }, '1000000', '0.001'));
  const placed = run.placeList('seller', 'oco', [
    { side: 'sell', type: 'limit', price: '101000' },
    { side: 'sell', type: 'stop_limit', stop_price: '99000', price: '98900' },
  ]);
  expect(placed).toMatchObject({ ok: true, list: { status: 'executing' } });
  expect(locked(run, 'seller', 'BTC')).toBe(toLedgerUnits('0.001'));
  const [limit, stop] = (placed as Extract<typeof placed, { list: unknown }>).orders;
  expect([limit!.status, stop!.status, limit!.seq, stop!.seq]).toEqual(['new', 'waiting', 1, 3]);

  run.place('buyer', { side: 'buy', price: '101000' });
  expect(limit!.status).toBe('filled');
  expect(stop!.status).toBe('canceled');
  expect(locked(run, 'seller', 'BTC')).toBe(0n);
  expect(run.state.lists.size).toBe(0);
  expect([...run.effects.lists.values()][0]).toMatchObject({ status: 'all_done' });
});

it('an oco buy holds what the dearer order needs; the triggered stop takes the hold and releases what it does not need', () => {
  const run = execution(tradersOf({ trader: approved, seller: approved, buyer: approved }));
  run.placeList('trader', 'oco', [
    { side: 'buy', type: 'limit', price: '99000' },
    { side: 'buy', type: 'stop_limit', stop_price: '100500', price: '100600' },
  ]);
  // 100.6 USD, the fee at the higher rate (0.2%), one notional unit per lot.
  expect(locked(run, 'trader', USD)).toBe(toLedgerUnits('100.80121'));
  // A trade at 100,500 triggers the stop: the limit buy goes, the stop rests at 100,600.
  run.place('seller', { side: 'sell', price: '100500' });
  run.place('buyer', { side: 'buy', price: '100500' });
  const open = [...run.state.open.values()].filter((order) => order.userId === 'trader');
  expect(open).toHaveLength(1);
  expect(open[0]).toMatchObject({ type: 'stop_limit', status: 'new' });
  expect(nonZero(lockedByPostings(run.effects.postings))).toEqual(nonZero(heldByOpenOrders(run.state)));
});

it("an oto buy's pending sell needs no BTC beforehand: the working order's fill funds it as it goes in", () => {
  const run = execution(tradersOf({ trader: approved, seller: approved }, '1000000', '0.001'));
  const placed = run.placeList('trader', 'oto', [
    { side: 'buy', type: 'limit', price: '100000' },
    { side: 'sell', type: 'limit', price: '110000' },
  ]);
  expect(placed).toMatchObject({ ok: true });
  const [working, pending] = (placed as Extract<typeof placed, { list: unknown }>).orders;
  expect([working!.status, pending!.status, pending!.reserved]).toEqual(['new', 'pending_new', 0]);

  run.place('seller', { side: 'sell', price: '100000', amount: '0.0004' });
  // Part filled: what it bought is held for the pending sell at once, which still waits.
  expect(pending).toMatchObject({ status: 'pending_new', reserved: 40 });
  run.place('seller', { side: 'sell', price: '100000', amount: '0.0006' });
  expect(working!.status).toBe('filled');
  expect(pending).toMatchObject({ status: 'new', reserved: 100 });
  // Its own 0.001 BTC still free: the pending sell holds what the fill brought.
  expect(locked(run, 'trader', 'BTC')).toBe(toLedgerUnits('0.001'));
  expect(run.traders.sheet.canSpend('trader', 'BTC', toLedgerUnits('0.001'))).toBe(true);
  expect(run.traders.sheet.canSpend('trader', 'BTC', toLedgerUnits('0.001') + 1n)).toBe(false);
});

it("an oto sell's pending buy is funded by the sale, and holds up front only what the sale may not bring", () => {
  const poor = execution(tradersOf({ trader: approved }, '0', '0.001'));
  const buyAt = (price: string) =>
    poor.placeList('trader', 'oto', [
      { side: 'sell', type: 'limit', price: '100000' },
      { side: 'buy', type: 'limit', price },
    ]);
  // The sale brings at least 100 - 0.2 (fee at the higher rate) - 0.0000100 (rounding): 99.79999.
  expect(refusal(buyAt('99700'))).toMatchObject({ status: 400, detail: 'Insufficient balance' });
  expect(buyAt('99000')).toMatchObject({ ok: true });
  expect(locked(poor, 'trader', USD)).toBe(0n);
});

it('canceling a list (or one of its orders) cancels every open order of it and releases every hold', () => {
  const run = execution(tradersOf({ trader: approved }));
  const placed = run.placeList('trader', 'otoco', [
    { side: 'buy', type: 'limit', price: '99000' },
    { side: 'sell', type: 'limit', price: '110000' },
    { side: 'sell', type: 'stop_limit', stop_price: '95000', price: '94900' },
  ]);
  const { list } = placed as Extract<typeof placed, { list: unknown }>;
  expect(run.cancelList('other', list.id)).toMatchObject({ ok: false, error: { code: 'order-list-not-found' } });
  expect(run.cancelList('trader', list.id)).toMatchObject({ ok: true, list: { status: 'all_done' } });
  expect(run.state.open.size).toBe(0);
  expect(nonZero(lockedByPostings(run.effects.postings))).toEqual(new Map());
  expect(run.cancelList('trader', list.id)).toMatchObject({ ok: false, error: { code: 'order-list-not-open' } });
});

const users = ['a', 'b'];
const step = fc.oneof(
  fc.record({
    what: fc.constant('list' as const),
    user: fc.constantFrom(...users),
    kind: fc.constantFrom('oco' as const, 'oto' as const, 'otoco' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    pendingSide: fc.constantFrom('buy' as const, 'sell' as const),
    ticks: fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 4, maxLength: 4 }),
    lots: fc.integer({ min: 10, max: 200 }),
    pendingLots: fc.integer({ min: 10, max: 200 }),
    stp: fc.constantFrom(
      'cancel_newest' as const,
      'cancel_oldest' as const,
      'cancel_both' as const,
      'decrement' as const,
    ),
  }),
  fc.record({
    what: fc.constant('order' as const),
    user: fc.constantFrom(...users, 'c'),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    ticksFromMid: fc.integer({ min: -10, max: 10 }),
    lots: fc.integer({ min: 10, max: 300 }),
    stp: fc.constantFrom(
      'cancel_newest' as const,
      'cancel_oldest' as const,
      'cancel_both' as const,
      'decrement' as const,
    ),
  }),
  fc.record({ what: fc.constant('cancel' as const), user: fc.constantFrom(...users), n: fc.nat(30) }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const price = (ticksFromMid: number) => (100_000 + ticksFromMid * 10).toFixed(2);
const amount = (lots: number) => (lots / 100_000).toFixed(5);

/** A pair on `side`: a limit order on the far side of the middle, a stop-limit on the near side. */
function pair(side: 'buy' | 'sell', lots: number, [far, stop]: number[]) {
  const sign = side === 'sell' ? 1 : -1;
  return [
    { side, type: 'limit' as const, price: price(sign * far!), amount: amount(lots) },
    {
      side,
      type: 'stop_limit' as const,
      stop_price: price(-sign * stop!),
      price: price(-sign * (stop! + 1)),
      amount: amount(lots),
    },
  ];
}

function runSteps(steps: Step[]) {
  const run = execution(tradersOf({ a: approved, b: approved, c: approved }, '500', '0.004'));
  for (const s of steps) {
    if (s.what === 'order') {
      run.place(s.user, { side: s.side, price: price(s.ticksFromMid), amount: amount(s.lots), stp: s.stp });
    } else if (s.what === 'cancel') {
      const lists = [...run.state.lists.values()].filter((list) => list.userId === s.user);
      const open = [...run.state.open.values()].filter((order) => order.userId === s.user);
      if (s.n % 2 === 0 && lists.length > 0) run.cancelList(s.user, lists[s.n % lists.length]!.id);
      else if (open.length > 0) run.cancel(s.user, open[s.n % open.length]!.id);
    } else {
      const [a, b, c] = s.ticks;
      const working = {
        side: s.side,
        type: 'limit' as const,
        price: price(s.side === 'buy' ? -a! : a!),
        amount: amount(s.lots),
      };
      const pending = {
        side: s.pendingSide,
        type: 'limit' as const,
        price: price(s.pendingSide === 'buy' ? -b! : b!),
        amount: amount(s.pendingLots),
      };
      const orders =
        s.kind === 'oco'
          ? pair(s.side, s.lots, [a!, b!])
          : s.kind === 'oto'
            ? [working, pending]
            : [working, ...pair(s.pendingSide, s.pendingLots, [b!, c!])];
      run.placeList(
        s.user,
        s.kind,
        orders.map((order) => ({ ...order, stp: s.stp })),
      );
    }
  }
  return run;
}

/** What an open order of a list needs held to rest or trade. */
const need = (order: LiveOrder) =>
  order.side === 'sell'
    ? order.lots - order.filledLots
    : buyHoldAtLimit(order.priceTicks!, order.lots - order.filledLots, fees);

it('whatever lists, orders and cancels come: holds are exact, every order can pay, no list order outlives its list, and the log replays', () => {
  fc.assert(
    fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
      const run = runSteps(steps);
      const { state, effects } = run;
      expectHoldsMatchOpenOrders(run);
      for (const order of state.open.values()) {
        expect(order.reserved).toBeGreaterThanOrEqual(0);
        if (order.listId === null) continue;
        const list = state.lists.get(order.listId)!;
        expect(list).toBeDefined();
        if (order.status === 'pending_new') continue;
        // An order that may trade holds what it needs, or (one of a pair) its pair does.
        const p = pairOf(list.kind);
        const index = list.legs.findIndex((leg) => leg.orderId === order.id);
        const partner =
          p && (index === p[0] || index === p[1]) ? state.open.get(list.legs[p[0] + p[1] - index]!.orderId) : undefined;
        expect(order.reserved + (partner?.reserved ?? 0)).toBeGreaterThanOrEqual(need(order));
      }
      for (const list of state.lists.values()) expect(list.legs.some((leg) => state.open.has(leg.orderId))).toBe(true);
      const replayed = freshState().book;
      for (const { command } of effects.commands) replayed.apply(command);
      expect(replayed.stateHash()).toBe(state.book.stateHash());
    }),
    { numRuns: 300 },
  );
});
