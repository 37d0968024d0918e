import type { ListKind } from '../../engine';
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
import { openingBookMarket } from './opening-catalog';

/** One symbol's commands applied to a real engine book and turned into orders, trades and postings, in memory. */
export const BTC = openingBookMarket('BTCUSDT');
export const fees = { makerPpm: 1000, takerPpm: 2000 };
export const approved: TraderStanding = { is_active: true, is_admin: false, is_system: false, kyc_status: 'approved' };
export const units = ledgerUnits(BTC);

export function freshState(): MarketState {
  const { symbol, tickSize, lotSize, minNotional } = BTC;
  const book = new OrderBook({ symbol, tickSize, lotSize, minNotional });
  return {
    market: BTC,
    book,
    open: new Map(),
    lists: new Map(),
    commandSeq: 0,
    tradeSeq: 0,
    preventedMatchSeq: 0,
    snapshotSeq: 0,
  };
}

/** Traders with these standings, each holding `usd` USD and `btc` BTC available. */
export function tradersOf(standings: Record<string, TraderStanding>, usd = '1000000', btc = '100'): Traders {
  const userIds = Object.keys(standings);
  const rows = userIds.flatMap((user_id) => [
    { user_id, asset: USD, available: usd },
    { user_id, asset: 'BTC', available: btc },
  ]);
  return { standings: new Map(Object.entries(standings)), sheet: new BalanceSheet(rows, userIds, [USD, 'BTC']) };
}

export function execution(traders: Traders, state = freshState()) {
  const effects = emptyEffects();
  const run = new OrderExecution(state, traders, fees, effects);
  let id = 0;
  /** An order's terms: its request on top of a 0.001 BTC GTC limit buy at 100,000. */
  const termsOf = (request: Partial<OrderPlacement>) =>
    orderTerms(BTC, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.001', price: '100000', ...request });
  /** `expireUnfillable`: as the Binance-compatible API places orders. */
  const place = (userId: string, request: Partial<OrderPlacement>, expireUnfillable = false): Outcome =>
    run.run(
      {
        kind: 'place',
        orderId: `order-${++id}`,
        userId,
        terms: termsOf(request),
        ...(expireUnfillable ? { expireUnfillable: true as const } : {}),
      },
      1_700_000_000_000 + id,
    );
  const cancel = (userId: string, orderId: string): Outcome =>
    run.run({ kind: 'cancel', userId, orderId } satisfies Submission, 1_700_000_000_000);
  const cancelAll = (userId: string): Outcome => run.run({ kind: 'cancel_all', userId }, 1_700_000_000_000);
  const amend = (userId: string, orderId: string, lots: number, clientOrderId: string | null = null): Outcome =>
    run.run({ kind: 'amend', userId, orderId, lots, clientOrderId }, 1_700_000_000_000);
  let listId = 0;
  /** An order list of `userId`'s, its orders' requests as place takes them. */
  const placeList = (userId: string, kind: ListKind, orders: Array<Partial<OrderPlacement>>): Outcome =>
    run.run(
      {
        kind: 'place_list',
        userId,
        list: {
          listId: ++listId,
          kind,
          clientListId: `list-${listId}`,
          orders: orders.map((request) => ({
            orderId: `order-${++id}`,
            terms: termsOf(request),
          })),
        },
      },
      1_700_000_000_000 + id,
    );
  const cancelList = (userId: string, listId: number): Outcome =>
    run.run({ kind: 'cancel_list', userId, listId }, 1_700_000_000_000);
  return { state, effects, traders, place, cancel, cancelAll, amend, placeList, cancelList };
}

export const refusal = (outcome: Outcome) =>
  outcome.ok
    ? 'placed'
    : {
        status: refusalAnswer(outcome.error).status,
        detail: refusalAnswer(outcome.error).message,
        onTraderData: outcome.onTraderData,
      };

/** Per user and asset, what the postings moved into the locked bucket. */
export function lockedByPostings(postings: ReturnType<typeof emptyEffects>['postings']): Map<string, LedgerUnits> {
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
export function heldByOpenOrders(state: MarketState): Map<string, LedgerUnits> {
  const held = new Map<string, LedgerUnits>();
  for (const order of state.open.values()) {
    const key = `${order.userId}:${order.side === 'buy' ? USD : 'BTC'}`;
    const amount = order.side === 'buy' ? units.quote(order.reserved) : units.amount(order.reserved);
    held.set(key, (held.get(key) ?? 0n) + amount);
  }
  return held;
}

export const nonZero = (map: Map<string, LedgerUnits>) => new Map([...map].filter(([, amount]) => amount !== 0n));

/** Every posting balances per asset, and what the postings left locked is exactly what the open orders hold. */
export function expectHoldsMatchOpenOrders({ state, effects }: ReturnType<typeof execution>) {
  for (const posting of effects.postings) {
    const sums = new Map<string, LedgerUnits>();
    for (const leg of posting.legs) sums.set(leg.asset, (sums.get(leg.asset) ?? 0n) + toLedgerUnits(leg.amount));
    expect([...sums.values()].every((sum) => sum === 0n)).toBe(true);
  }
  expect(nonZero(lockedByPostings(effects.postings))).toEqual(nonZero(heldByOpenOrders(state)));
  expect(state.book.openOrderCount).toBe(state.open.size);
}
