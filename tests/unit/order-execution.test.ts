import fc from 'fast-check';
import { OrderBook } from '../../engine';
import { refusalAnswer } from '../../server/gateways/web/refusal-answers';
import { toLedgerUnits, type LedgerUnits } from '../../server/kernel/money';
import { USD } from '../../server/markets/catalog';
import type { MarketState } from '../../server/trading/books/market-state';
import { ledgerUnits, orderTerms } from '../../server/trading/books/order-input';
import type { TraderStanding } from '../../server/identity/auth/may-trade';
import type { OrderPlacement } from '../../server/trading/orders/order-schemas';
import { emptyEffects } from '../../server/trading/round-writer/round-effects';
import { OrderExecution, type Outcome, type Submission } from '../../server/trading/sequencer/order-execution';
import { BalanceSheet } from '../../server/trading/traders/balance-sheet';
import type { Traders } from '../../server/trading/traders/trader-reads';
import { openingBookMarket } from '../support/opening-catalog';

/** One symbol's commands applied to a real engine book and turned into orders, trades and postings, in memory. */
const BTC = openingBookMarket('BTCUSDT');
const fees = { makerPpm: 1000, takerPpm: 2000 };
const approved: TraderStanding = { is_active: true, is_admin: false, is_system: false, kyc_status: 'approved' };
const units = ledgerUnits(BTC);

function freshState(): MarketState {
  const { symbol, tickSize, lotSize, minNotional } = BTC;
  const book = new OrderBook({ symbol, tickSize, lotSize, minNotional });
  return { market: BTC, book, open: new Map(), commandSeq: 0, tradeSeq: 0, snapshotSeq: 0 };
}

/** Traders with these standings, each holding `usd` USD and `btc` BTC available. */
function tradersOf(standings: Record<string, TraderStanding>, usd = '1000000', btc = '100'): Traders {
  const userIds = Object.keys(standings);
  const rows = userIds.flatMap((user_id) => [
    { user_id, asset: USD, available: usd },
    { user_id, asset: 'BTC', available: btc },
  ]);
  return { standings: new Map(Object.entries(standings)), sheet: new BalanceSheet(rows, userIds, [USD, 'BTC']) };
}

function execution(traders: Traders, state = freshState()) {
  const effects = emptyEffects();
  const run = new OrderExecution(state, traders, fees, effects);
  let id = 0;
  /** `expireUnfillable`: as the Binance-compatible API places orders. */
  const place = (userId: string, request: Partial<OrderPlacement>, expireUnfillable = false): Outcome =>
    run.run(
      {
        kind: 'place',
        orderId: `order-${++id}`,
        userId,
        terms: orderTerms(BTC, {
          symbol: 'BTCUSDT',
          side: 'buy',
          type: 'limit',
          amount: '0.001',
          price: '100000',
          ...request,
        }),
        ...(expireUnfillable ? { expireUnfillable: true as const } : {}),
      },
      1_700_000_000_000 + id,
    );
  const cancel = (userId: string, orderId: string): Outcome =>
    run.run({ kind: 'cancel', userId, orderId } satisfies Submission, 1_700_000_000_000);
  const cancelAll = (userId: string): Outcome => run.run({ kind: 'cancel_all', userId }, 1_700_000_000_000);
  return { state, effects, place, cancel, cancelAll };
}

const refusal = (outcome: Outcome) =>
  outcome.ok
    ? 'placed'
    : {
        status: refusalAnswer(outcome.error).status,
        detail: refusalAnswer(outcome.error).message,
        onTraderData: outcome.onTraderData,
      };

/** Per user and asset, what the postings moved into the locked bucket. */
function lockedByPostings(postings: ReturnType<typeof emptyEffects>['postings']): Map<string, LedgerUnits> {
  const locked = new Map<string, LedgerUnits>();
  for (const { legs } of postings)
    for (const leg of legs)
      if (leg.bucket === 'locked' && 'userId' in leg.owner) {
        const key = `${leg.owner.userId}:${leg.asset}`;
        locked.set(key, (locked.get(key) ?? 0n) + toLedgerUnits(leg.amount));
      }
  return locked;
}

/** Per user and asset, what the open orders still hold. */
function heldByOpenOrders(state: MarketState): Map<string, LedgerUnits> {
  const held = new Map<string, LedgerUnits>();
  for (const order of state.open.values()) {
    const key = `${order.userId}:${order.side === 'buy' ? USD : 'BTC'}`;
    const amount = order.side === 'buy' ? units.quote(order.reserved) : units.amount(order.reserved);
    held.set(key, (held.get(key) ?? 0n) + amount);
  }
  return held;
}

const nonZero = (map: Map<string, LedgerUnits>) => new Map([...map].filter(([, amount]) => amount !== 0n));

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
      });
    } catch {
      // Terms the market refuses never reach the book (orderTerms is checked on its own).
    }
  }
  return run;
}

/** Every posting balances per asset, and what the postings left locked is exactly what the open orders hold. */
function expectHoldsMatchOpenOrders({ state, effects }: ReturnType<typeof execution>) {
  for (const posting of effects.postings) {
    const sums = new Map<string, LedgerUnits>();
    for (const leg of posting.legs) sums.set(leg.asset, (sums.get(leg.asset) ?? 0n) + toLedgerUnits(leg.amount));
    expect([...sums.values()].every((sum) => sum === 0n)).toBe(true);
  }
  expect(nonZero(lockedByPostings(effects.postings))).toEqual(nonZero(heldByOpenOrders(state)));
  expect(state.book.openOrderCount).toBe(state.open.size);
}

it('whatever orders come, every posting balances and what is locked is exactly what the open orders hold', () => {
  fc.assert(
    fc.property(fc.array(randomOrder, { maxLength: 60 }), (orders) =>
      expectHoldsMatchOpenOrders(executeRandomOrders(orders)),
    ),
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
      expectHoldsMatchOpenOrders(run);
      // The cancels are logged one engine command each: replaying the log rebuilds the same book.
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
