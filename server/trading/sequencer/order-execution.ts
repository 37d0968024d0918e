import { randomUUID } from 'node:crypto';
import {
  isStopDue,
  type CanceledEvent,
  type Command,
  type EngineEvent,
  type ListOrder,
  type OrderView as EngineOrderView,
  type PreventedEvent,
  type RejectReason,
  type TradeEvent,
} from '../../../engine';
import { Refusal } from '../../kernel/refusal';
import type { KeyedRequest } from '../../platform/idempotency/keyed-request';
import type { Posting } from '../../ledger/ledger';
import { refuseLedger } from '../../ledger/refusals';
import type { LedgerUnits } from '../../kernel/money';
import { USD } from '../../markets/catalog';
import { sameRules } from '../books/book-rules';
import { pairOf, type ListTerms, type LiveList } from '../books/live-list';
import type { LiveOrder } from '../books/live-order';
import type { MarketState } from '../books/market-state';
import { decimals, engineOrderType, isStopKind, ledgerUnits, type OrderTerms } from '../books/order-input';
import { assertMayTrade } from '../../identity/auth/may-trade';
import type { OrderListView, OrderView } from '../orders/order-schemas';
import { refuseTrading, type TradingRefusal } from '../orders/refusals';
import type { RoundEffects } from '../round-writer/round-effects';
import type { TradeRow } from '../orders/trade.entity';
import type { Traders } from '../traders/trader-reads';
import { buyHoldAtLimit, holdFor, listOrderHold, pendingHoldAtPlacement, type FeeRates } from './funds-hold';

/**
 * A command waiting for its symbol's sequencer. `cancel_all`: every open order of a suspended user
 * on the book. `keyed`: sent with an Idempotency-Key, its answer is recorded by its round.
 * `expireUnfillable`: a fill-or-kill order that cannot fill is placed as expired (Binance's answer)
 * instead of refused.
 */
export type Submission = (
  | { kind: 'place'; orderId: string; userId: string; terms: OrderTerms; expireUnfillable?: true }
  | { kind: 'cancel'; orderId: string; userId: string }
  // Down to `lots` in all, keeping its place in the queue; `clientOrderId`: its new one (null: it keeps its own).
  | { kind: 'amend'; orderId: string; userId: string; lots: number; clientOrderId: string | null }
  | { kind: 'cancel_all'; userId: string }
  | { kind: 'place_list'; userId: string; list: ListTerms }
  | { kind: 'cancel_list'; userId: string; listId: number }
) & { keyed?: KeyedRequest };

/**
 * What the caller of one command gets once its round has committed: the order (`canceled`: how many
 * a cancel_all cancelled). `onTraderData`: refused on what the round knew of its trader (who they
 * are, what they can spend), which may be older than the database (see TraderCache). `answer`: a
 * keyed command's answer, as its round recorded it (a refusal is worded and recorded by the gateway
 * that answers it, which knows the words: see IdempotentRequests). `commandSeq`: an amend's own
 * sequence number.
 */
export type Outcome =
  | { ok: true; order: LiveOrder; fills: TradeRow[]; answer?: OrderView; commandSeq?: number }
  | { ok: true; canceled: number }
  // A list command: the list as it leaves the command, and (placed) its orders and the fills they made.
  | { ok: true; list: LiveList; orders: LiveOrder[]; fills: TradeRow[]; answer?: OrderListView }
  | { ok: false; error: Refusal; onTraderData?: true };

/** The engine's refusals of an order, as the trading core refuses them. */
const REJECTIONS: Partial<Record<RejectReason, TradingRefusal>> = {
  POST_ONLY_WOULD_TAKE: 'post-only-would-take',
  FOK_NOT_FILLABLE: 'fill-or-kill-unfillable',
  MIN_NOTIONAL: 'rejected-below-minimum',
  OVERFLOW: 'order-value-too-large',
  DUPLICATE_ID: 'duplicate-order-id',
};

const rejection = (reason: RejectReason): Refusal<TradingRefusal> => {
  const code = REJECTIONS[reason];
  return code ? refuseTrading(code) : refuseTrading('order-rejected', { reason });
};

/**
 * Applies one symbol's commands to its engine book and turns the engine's events into order
 * changes, trades and ledger postings (holds, settlements, releases), in memory; the sequencer
 * writes them. A command refused here (funds, KYC, engine) leaves no change but its log entry.
 */
export class OrderExecution {
  private readonly asset: { buy: string; sell: string };
  private readonly units;
  private readonly ledger;
  /** The price of the last prevented match, which a cancel_both taker's own cancel completes. */
  private lastPreventedTicks = 0;
  private readonly fees: (userId: string) => FeeRates;

  constructor(
    private readonly state: MarketState,
    private readonly traders: Traders,
    /** The rates a trader's orders are placed with now (its tier's, the market's own as floor), or one set for all. */
    feeRates: FeeRates | ((userId: string) => FeeRates),
    readonly effects: RoundEffects,
  ) {
    this.fees = typeof feeRates === 'function' ? feeRates : () => feeRates;
    this.asset = { buy: USD, sell: state.market.base };
    this.units = decimals(state.market);
    this.ledger = ledgerUnits(state.market);
  }

  run(submission: Submission, now: number): Outcome {
    try {
      switch (submission.kind) {
        case 'place':
          return this.place(submission, now);
        case 'cancel':
          return this.cancel(submission, now);
        case 'amend':
          return this.amend(submission, now);
        case 'cancel_all':
          return this.cancelAll(submission, now);
        case 'place_list':
          return this.placeList(submission, now);
        case 'cancel_list':
          return this.cancelList(submission, now);
      }
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, error };
      throw error;
    }
  }

  private place(submission: Extract<Submission, { kind: 'place' }>, now: number): Outcome {
    const { orderId, userId, terms } = submission;
    try {
      this.assertMayTrade(userId);
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, error, onTraderData: true };
      throw error;
    }
    if (!sameRules(terms.spec, this.state.market)) return { ok: false, error: refuseTrading('rules-changed') };
    // Against the book as this command finds it (the commands before it applied, committed or not).
    // A stop its book's last trade price already reaches: the engine would trigger it as it is placed.
    if (terms.stopTicks !== null && isStopDue(terms.side, terms.stopTicks, this.state.book.lastPrice, terms.type))
      return { ok: false, error: refuseTrading('stop-would-trigger') };
    const hold = holdFor(this.state.market, terms, this.state.book, this.fees(userId), userId);
    const heldAsset = this.asset[terms.side];
    const heldAmount = this.holdUnits(terms.side, hold);
    if (!this.traders.sheet.canSpend(userId, heldAsset, heldAmount))
      return { ok: false, error: refuseLedger('insufficient-balance'), onTraderData: true };

    const events = this.apply({ type: 'place', userId, timestamp: now, ...this.orderFields(orderId, userId, terms) });
    const first = events[0];
    if (first?.type === 'rejected') {
      if (first.reason !== 'FOK_NOT_FILLABLE' || !submission.expireUnfillable) throw rejection(first.reason);
      // Never on the book and nothing held: only its row, final at once.
      const expired = this.newOrder(submission, 'expired', 0, now);
      this.effects.orders.set(orderId, expired);
      this.effects.placed.add(orderId);
      return { ok: true, order: expired, fills: [] };
    }

    const order = this.newOrder(submission, isStopKind(terms.type) ? 'waiting' : 'new', hold, now);
    this.state.open.set(orderId, order);
    this.effects.orders.set(orderId, order);
    this.effects.placed.add(orderId);
    this.move(order, heldAsset, heldAmount, 'available', 'order_hold');
    const fills = this.settle(events, now, orderId);
    // Bought by quote amount: its amount is what the budget bought (it never rests, so this is final).
    if (order.quoteUnits !== null) order.lots = order.filledLots;
    return {
      ok: true,
      order,
      fills: fills.filter((t) => t.maker_order_id === orderId || t.taker_order_id === orderId),
    };
  }

  /** An order's fields in the engine's place command, at the market's fee rates now. */
  private orderFields(orderId: string, userId: string, terms: OrderTerms): ListOrder {
    const fees = this.fees(userId);
    return {
      orderId,
      side: terms.side,
      orderType: engineOrderType(terms),
      ...(terms.priceTicks !== null ? { price: terms.priceTicks } : {}),
      ...(terms.stopTicks !== null ? { stopPrice: terms.stopTicks } : {}),
      ...(terms.trailingDelta !== null ? { trailingDelta: terms.trailingDelta } : {}),
      ...(terms.icebergLots !== null ? { icebergQty: terms.icebergLots } : {}),
      ...(terms.quoteUnits !== null ? { quoteAmount: terms.quoteUnits } : { quantity: terms.lots }),
      timeInForce: terms.timeInForce,
      postOnly: terms.postOnly,
      stp: terms.stp,
      makerFeePpm: fees.makerPpm,
      takerFeePpm: fees.takerPpm,
    };
  }

  /** The order a place command just put to the engine (its sequence number), unfilled, holding `reserved`. */
  private newOrder(
    { orderId, userId, terms }: { orderId: string; userId: string; terms: OrderTerms },
    status: LiveOrder['status'],
    reserved: number,
    now: number,
  ): LiveOrder {
    return {
      id: orderId,
      userId,
      symbol: this.state.market.symbol,
      side: terms.side,
      type: terms.type,
      timeInForce: terms.timeInForce,
      postOnly: terms.postOnly,
      priceTicks: terms.priceTicks,
      stopTicks: terms.stopTicks,
      icebergLots: terms.icebergLots,
      trailingDelta: terms.trailingDelta,
      trailingTime: null,
      lots: terms.lots,
      quoteUnits: terms.quoteUnits,
      clientOrderId: terms.clientOrderId,
      stp: terms.stp,
      filledLots: 0,
      preventedLots: 0,
      quoteFilled: 0,
      reserved,
      status,
      seq: this.state.commandSeq,
      listId: null,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    };
  }

  private cancel({ orderId, userId }: Extract<Submission, { kind: 'cancel' }>, now: number): Outcome {
    const order = this.state.open.get(orderId);
    if (order && order.userId !== userId) throw refuseTrading('order-not-found');
    if (!order) throw refuseTrading('order-not-open');
    this.settle(this.apply({ type: 'cancel', orderId, userId, timestamp: now }), now);
    return { ok: true, order, fills: [] };
  }

  /**
   * An open order's amount reduced, its place in the queue kept (the engine's amend with a smaller
   * size), and what it holds beyond what its rest now needs released. Nothing trades.
   */
  private amend(submission: Extract<Submission, { kind: 'amend' }>, now: number): Outcome {
    const { orderId, userId, lots } = submission;
    const order = this.state.open.get(orderId);
    if (order && order.userId !== userId) throw refuseTrading('order-not-found');
    if (!order) throw refuseTrading('order-not-open');
    if (lots >= order.lots) throw refuseTrading('amend-not-smaller');
    if (lots <= order.filledLots) throw refuseTrading('amend-below-filled');
    const events = this.apply({ type: 'amend', orderId, userId, quantity: lots, timestamp: now });
    const first = events[0];
    if (first?.type === 'rejected') throw rejection(first.reason);
    this.settle(events, now);
    order.lots = lots;
    if (submission.clientOrderId !== null) order.clientOrderId = submission.clientOrderId;
    this.touch(order, order.status, now);
    this.effects.amended.set(orderId, this.state.commandSeq);
    this.releaseBeyondNeed(order);
    return { ok: true, order, fills: [], commandSeq: this.state.commandSeq };
  }

  /**
   * Each open order of the user on this book gets a cancel command of its own, as the log replays
   * them, and releases its hold. No trader check: it is how a suspended user's orders go.
   */
  private cancelAll({ userId }: Extract<Submission, { kind: 'cancel_all' }>, now: number): Outcome {
    const orders = this.state.book.openOrders(userId);
    for (const { orderId } of orders) this.settle(this.apply({ type: 'cancel', orderId, userId, timestamp: now }), now);
    return { ok: true, canceled: orders.length };
  }

  /**
   * An order list (see engine/order-lists.ts), all or nothing. Its orders take sequence numbers
   * (Binance's orderIds) from the command's. What it holds: a pair holds once,
   * on its first order, what the dearer of the two needs (PairHold: settle passes it to whichever
   * goes on); a working order holds as any order; its pending orders hold what its fill will not
   * bring them (pendingHoldAtPlacement), and the rest out of that fill (fundPending).
   */
  private placeList(submission: Extract<Submission, { kind: 'place_list' }>, now: number): Outcome {
    const { userId, list: asked } = submission;
    try {
      this.assertMayTrade(userId);
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, error, onTraderData: true };
      throw error;
    }
    const terms = asked.orders.map((order) => order.terms);
    if (terms.some((t) => !sameRules(t.spec, this.state.market)))
      return { ok: false, error: refuseTrading('rules-changed') };
    // Pending orders meet the last price as they go in; the others as any order placed now.
    const placedNow = asked.kind === 'oco' ? terms : terms.slice(0, 1);
    for (const t of placedNow)
      if (t.stopTicks !== null && isStopDue(t.side, t.stopTicks, this.state.book.lastPrice, t.type))
        return { ok: false, error: refuseTrading('stop-would-trigger') };
    const holds = this.listHolds(asked, this.fees(userId));
    const spent = new Map<string, LedgerUnits>();
    terms.forEach((t, i) => {
      const asset = this.asset[t.side];
      spent.set(asset, (spent.get(asset) ?? 0n) + this.holdUnits(t.side, holds[i]!));
    });
    for (const [asset, amount] of spent)
      if (!this.traders.sheet.canSpend(userId, asset, amount))
        return { ok: false, error: refuseLedger('insufficient-balance'), onTraderData: true };

    // Two sequence numbers an order: its orderId, and one its activation's report is numbered from
    // (a pending order's; see execution-reports.ts). The command is logged with the last.
    const seqs = 2 * asked.orders.length;
    const events = this.apply(
      {
        type: 'placeList',
        listId: String(asked.listId),
        userId,
        kind: asked.kind,
        orders: asked.orders.map(({ orderId, terms }) => this.orderFields(orderId, userId, terms)),
        timestamp: now,
      },
      seqs,
    );
    const first = events[0];
    if (first?.type === 'rejected') throw rejection(first.reason);
    const statuses = new Map<string, LiveOrder['status']>();
    for (const event of events) if (event.type === 'accepted') statuses.set(event.orderId, event.status);
    const firstSeq = this.state.commandSeq - seqs + 1;
    const orders = asked.orders.map((asked, i) => {
      const order = this.newOrder({ ...asked, userId }, statuses.get(asked.orderId)!, holds[i]!, now);
      order.seq = firstSeq + 2 * i;
      return order;
    });
    const list: LiveList = {
      id: asked.listId,
      userId,
      symbol: this.state.market.symbol,
      kind: asked.kind,
      clientListId: asked.clientListId,
      legs: orders.map((order) => ({
        orderId: order.id,
        seq: order.seq,
        clientOrderId: order.clientOrderId ?? order.id,
      })),
      status: 'executing',
      createdAt: new Date(now),
      updatedAt: new Date(now),
    };
    this.state.lists.set(list.id, list);
    this.effects.lists.set(list.id, list);
    this.effects.placedLists.add(list.id);
    for (const order of orders) {
      order.listId = list.id;
      this.state.open.set(order.id, order);
      this.effects.orders.set(order.id, order);
      this.effects.placed.add(order.id);
      if (order.reserved > 0)
        this.move(order, this.asset[order.side], this.holdUnits(order.side, order.reserved), 'available', 'order_hold');
    }
    const taker = orders.find((order) => order.status === 'new')?.id;
    const fills = this.settle(events, now, taker);
    const ids = new Set(orders.map((order) => order.id));
    return {
      ok: true,
      list,
      orders,
      fills: fills.filter((t) => ids.has(t.maker_order_id) || ids.has(t.taker_order_id)),
    };
  }

  /** What each order of a list holds as it is placed (see placeList), in engine units of its side. */
  private listHolds({ kind, orders }: ListTerms, fees: FeeRates): number[] {
    const terms = orders.map((order) => order.terms);
    const hold = (i: number) => listOrderHold(terms[i]!, fees);
    const holds = terms.map(() => 0);
    const pair = pairOf(kind);
    const pairHold = pair ? Math.max(hold(pair[0]), hold(pair[1])) : 0;
    if (kind === 'oco') holds[0] = pairHold;
    else {
      holds[0] = hold(0);
      holds[1] = pendingHoldAtPlacement(terms[0]!, terms[1]!.side, kind === 'oto' ? hold(1) : pairHold, fees);
    }
    return holds;
  }

  /** Cancels every open order of a list of the user's, holds released. */
  private cancelList({ listId, userId }: Extract<Submission, { kind: 'cancel_list' }>, now: number): Outcome {
    const list = this.state.lists.get(listId);
    if (list && list.userId !== userId) throw refuseTrading('order-list-not-found');
    if (!list) throw refuseTrading('order-list-not-open');
    const events = this.apply({ type: 'cancelList', listId: String(listId), userId, timestamp: now });
    const first = events[0];
    if (first?.type === 'rejected') throw rejection(first.reason);
    this.settle(events, now);
    return { ok: true, list, orders: [], fills: [] };
  }

  /**
   * The order route reads no user (its access is 'signed'): the trader is checked here, as the
   * round knows them, and again by the round's statement, as the database has them when it commits.
   */
  private assertMayTrade(userId: string) {
    const standing = this.traders.standings.get(userId);
    // A validly signed token of a user that is not there (a database restored without them).
    if (!standing) throw refuseTrading('unknown-trader');
    assertMayTrade(standing);
  }

  /**
   * Every command the engine sees is logged, rejected ones too: replay must reproduce its sequence
   * numbers. `seqs`: how many it takes (see placeList); it is logged with the last.
   */
  private apply(command: Command, seqs = 1): EngineEvent[] {
    this.state.commandSeq += seqs;
    this.effects.commands.push({ seq: this.state.commandSeq, command });
    return this.state.book.apply(command);
  }

  /** `taker`: the command's incoming order (a placed one); a stop it triggers takes after it, in turn. */
  private settle(events: EngineEvent[], now: number, taker?: string): TradeRow[] {
    const trades: TradeRow[] = [];
    for (const event of events) {
      switch (event.type) {
        case 'trade':
          trades.push(this.trade(event, now));
          break;
        case 'canceled':
          if (event.reason === 'SELF_TRADE' && taker !== undefined) this.prevented(event, taker);
          this.finish(this.openOrder(event.orderId), event.status, now);
          break;
        case 'expired':
          this.finish(this.openOrder(event.orderId), event.status, now);
          break;
        case 'prevented':
          this.decremented(event, now);
          break;
        case 'triggered': {
          taker = event.orderId;
          const order = this.openOrder(event.orderId);
          if (order.listId !== null) this.takePairHold(order);
          this.touch(order, 'new', now);
          break;
        }
        case 'activated':
          // Of a list's pending orders going in, the one not waiting as a stop is the next to take.
          if (event.status === 'new') taker = event.orderId;
          this.effects.activated.add(event.orderId);
          this.touch(this.openOrder(event.orderId), event.status, now);
          break;
        case 'trailing': {
          const order = this.openOrder(event.orderId);
          order.trailingTime = new Date(now);
          this.effects.trailing.add(order.id);
          this.touch(order, order.status, now);
          break;
        }
        case 'list_status':
          if (event.statusType === 'all_done') this.listDone(Number(event.listId), now);
          break;
        case 'book':
          // The level's quantity as this command leaves it; a later command of the round overwrites it.
          (event.side === 'buy' ? this.effects.levels.bids : this.effects.levels.asks).set(event.price, event.quantity);
          break;
        default:
          break;
      }
    }
    return trades;
  }

  /**
   * Records the match a self-trade cancel prevented. The engine ends a resting order its taker met
   * (cancel_oldest, cancel_both: the maker's cancel names it), then for cancel_both the taker, which
   * completes that match; a taker ended alone (cancel_newest) met the trader's resting order first
   * in the queue on the other side, which stays on the book.
   */
  private prevented(event: CanceledEvent, takerId: string) {
    const { units } = this;
    // A decrement's cancels follow the prevented event that recorded their match.
    if (this.openOrder(takerId).stp === 'decrement') return;
    const ended = this.openOrder(event.orderId);
    const matches = this.effects.preventedMatches;
    const last = matches[matches.length - 1];
    if (event.orderId !== takerId) {
      const taker = this.openOrder(takerId);
      return this.addPrevented(taker, ended, null, units.amount(event.remaining), ended.priceTicks!);
    }
    // A taker's remaining quantity; for a market buy by quote amount, its budget left, in lots at the maker's price.
    const takerLots = (priceTicks: number) =>
      units.amount(ended.quoteUnits === null ? event.remaining : Math.floor(event.remaining / priceTicks));
    if (last && last.taker_order_id === takerId && last.taker_prevented === null && ended.stp === 'cancel_both') {
      last.taker_prevented = takerLots(this.lastPreventedTicks);
      return;
    }
    const maker = this.firstOwnMaker(ended);
    if (maker) this.addPrevented(ended, maker, takerLots(maker.priceTicks!), null, maker.priceTicks!);
  }

  private addPrevented(
    taker: LiveOrder,
    maker: LiveOrder,
    takerPrevented: string | null,
    makerPrevented: string | null,
    priceTicks: number,
  ) {
    this.state.preventedMatchSeq += 1;
    this.lastPreventedTicks = priceTicks;
    this.effects.preventedMatches.push({
      symbol: this.state.market.symbol,
      id: String(this.state.preventedMatchSeq),
      user_id: taker.userId,
      taker_order_id: taker.id,
      maker_order_id: maker.id,
      stp: taker.stp,
      price: this.units.price(priceTicks),
      taker_prevented: takerPrevented,
      maker_prevented: makerPrevented,
      taker_seq: taker.seq,
      maker_seq: maker.seq,
    });
  }

  /**
   * Self-trade prevention `decrement`: the match is recorded, and both orders lose the lots they
   * would have traded, and what they held for them. An order this leaves with nothing follows
   * with its cancel, which releases the rest.
   */
  private decremented(event: PreventedEvent, now: number) {
    const maker = this.openOrder(event.makerOrderId);
    const taker = this.openOrder(event.takerOrderId);
    const quantity = this.units.amount(event.quantity);
    this.addPrevented(taker, maker, quantity, quantity, event.price);
    for (const order of [maker, taker]) {
      this.decrement(order, event);
      this.touch(order, order.status, now);
    }
  }

  private decrement(order: LiveOrder, { quantity, price }: PreventedEvent) {
    order.preventedLots += quantity;
    // By quote amount its budget shrinks, not its amount (what it bought, once it is done).
    if (order.quoteUnits === null) order.lots -= quantity;
    // A market buy holds the value it would trade walking the book (holdFor), this match's included.
    if (order.side === 'buy' && order.priceTicks === null) this.release(order, price * quantity);
    else this.releaseBeyondNeed(order);
  }

  /** An order whose rest shrank keeps only what that rest needs held. */
  private releaseBeyondNeed(order: LiveOrder) {
    const needed = order.side === 'sell' ? order.lots - order.filledLots : this.buyHold(order);
    if (order.reserved > needed) this.release(order, order.reserved - needed);
  }

  /** The trader's resting order on the other side that `taker` meets first: the best price, then the earliest. */
  private firstOwnMaker(taker: LiveOrder): LiveOrder | undefined {
    let first: EngineOrderView | undefined;
    for (const view of this.state.book.openOrders(taker.userId)) {
      if (view.side === taker.side || view.status === 'waiting' || view.price === undefined) continue;
      const better =
        first === undefined ||
        (taker.side === 'buy' ? view.price < first.price! : view.price > first.price!) ||
        (view.price === first.price && view.priority < first.priority);
      if (better) first = view;
    }
    return first && this.state.open.get(first.orderId);
  }

  /** One trade: one posting moves the buyer's held USD and the seller's held base, fees to 'fees'. */
  private trade(event: TradeEvent, now: number): TradeRow {
    const maker = this.openOrder(event.makerOrderId);
    const taker = this.openOrder(event.takerOrderId);
    if (maker.listId !== null) this.takePairHold(maker);
    if (taker.listId !== null) this.takePairHold(taker);
    const [buyer, seller] = event.takerSide === 'buy' ? [taker, maker] : [maker, taker];
    const [buyerFee, sellerFee] =
      event.takerSide === 'buy' ? [event.takerFee, event.makerFee] : [event.makerFee, event.takerFee];
    const { units, ledger } = this;
    const id = randomUUID();
    const base = this.state.market.base;
    this.effects.postings.push({
      reason: 'trade',
      referenceType: 'trade',
      referenceId: id,
      legs: [
        {
          owner: { userId: buyer.userId },
          asset: USD,
          bucket: 'locked',
          amount: -ledger.quote(event.notional + buyerFee),
        },
        {
          owner: { userId: seller.userId },
          asset: USD,
          bucket: 'available',
          amount: ledger.quote(event.notional - sellerFee),
        },
        { owner: { system: 'fees' }, asset: USD, bucket: 'available', amount: ledger.quote(buyerFee + sellerFee) },
        { owner: { userId: seller.userId }, asset: base, bucket: 'locked', amount: -ledger.amount(event.quantity) },
        { owner: { userId: buyer.userId }, asset: base, bucket: 'available', amount: ledger.amount(event.quantity) },
      ],
    });
    this.traders.sheet.apply(this.effects.postings[this.effects.postings.length - 1]!);
    buyer.reserved -= event.notional + buyerFee;
    seller.reserved -= event.quantity;
    for (const order of [maker, taker]) {
      order.filledLots += event.quantity;
      order.quoteFilled += event.notional;
    }
    this.state.tradeSeq += 1;
    const trade: TradeRow = {
      id,
      symbol: this.state.market.symbol,
      seq: String(this.state.tradeSeq),
      price: units.price(event.price),
      amount: units.amount(event.quantity),
      quote_amount: units.quote(event.notional),
      taker_side: event.takerSide,
      maker_order_id: maker.id,
      taker_order_id: taker.id,
      maker_user_id: maker.userId,
      taker_user_id: taker.userId,
      maker_fee: units.quote(event.makerFee),
      taker_fee: units.quote(event.takerFee),
      created_at: new Date(now),
    };
    this.effects.trades.push(trade);
    if (maker.listId !== null) this.fundPending(maker, event.notional - event.makerFee, event.quantity);
    if (taker.listId !== null) this.fundPending(taker, event.notional - event.takerFee, event.quantity);
    this.afterFill(maker, event.makerStatus, now);
    this.afterFill(taker, event.takerStatus, now);
    return trade;
  }

  // ---------------------------------------------------------------- what a list's orders hold

  /** The other order of the pair `order` belongs to, while open. */
  private pairPartner(order: LiveOrder): LiveOrder | undefined {
    const list = this.state.lists.get(order.listId!);
    const pair = list && pairOf(list.kind);
    if (!pair) return undefined;
    const index = list.legs.findIndex((leg) => leg.orderId === order.id);
    if (index !== pair[0] && index !== pair[1]) return undefined;
    return this.state.open.get(list.legs[pair[0] + pair[1] - index]!.orderId);
  }

  /**
   * A pair's hold goes with the order that trades or triggers (the other is canceled in the same
   * command): what it holds beyond its own need at its limit is released.
   */
  private takePairHold(order: LiveOrder) {
    const partner = this.pairPartner(order);
    if (!partner || partner.reserved === 0) return;
    order.reserved += partner.reserved;
    partner.reserved = 0;
    this.effects.orders.set(partner.id, partner);
    this.effects.orders.set(order.id, order);
    if (order.side === 'buy' && order.priceTicks !== null) {
      const needed = this.buyHold(order);
      if (order.reserved > needed) this.release(order, order.reserved - needed);
    }
  }

  /**
   * A working order's fill brings in what its list's pending orders need (`proceeds` USD for a
   * sell, `lots` for a buy): as much of it as they still lack goes on hold for them at once.
   */
  private fundPending(order: LiveOrder, proceeds: number, lots: number) {
    const list = this.state.lists.get(order.listId!);
    if (!list || list.kind === 'oco' || list.legs[0]!.orderId !== order.id) return;
    const holder = this.state.open.get(list.legs[1]!.orderId);
    if (!holder || holder.side === order.side) return;
    let need = 0;
    for (const leg of list.legs.slice(1)) {
      const pending = this.state.open.get(leg.orderId);
      if (pending) need = Math.max(need, pending.side === 'sell' ? pending.lots : this.buyHold(pending));
    }
    const amount = Math.min(order.side === 'buy' ? lots : proceeds, need - holder.reserved);
    if (amount <= 0) return;
    holder.reserved += amount;
    this.move(holder, this.asset[holder.side], this.holdUnits(holder.side, amount), 'available', 'order_hold');
    this.effects.orders.set(holder.id, holder);
  }

  /** None of the list's orders is open any more. */
  private listDone(listId: number, now: number) {
    const list = this.state.lists.get(listId);
    if (!list) return;
    list.status = 'all_done';
    list.updatedAt = new Date(now);
    this.state.lists.delete(listId);
    this.effects.lists.set(listId, list);
  }

  /** A filled order ends; a resting buy keeps only what its rest needs (price improvement released). */
  private afterFill(order: LiveOrder, status: 'partially_filled' | 'filled', now: number) {
    if (status === 'filled') return this.finish(order, 'filled', now);
    this.touch(order, status, now);
    if (order.side === 'buy' && order.priceTicks !== null) {
      const needed = this.buyHold(order);
      if (order.reserved > needed) this.release(order, order.reserved - needed);
    }
  }

  /** What a resting limit buy's rest needs held: at the rates it was placed with (the engine keeps them), the market's may have changed since. */
  private buyHold(order: LiveOrder): number {
    const placed = this.state.book.getOrder(order.id);
    const fees = placed ? { makerPpm: placed.makerFeePpm, takerPpm: placed.takerFeePpm } : this.fees(order.userId);
    return buyHoldAtLimit(order.priceTicks!, order.lots - order.filledLots, fees);
  }

  private finish(order: LiveOrder, status: 'filled' | 'canceled' | 'expired', now: number) {
    this.touch(order, status, now);
    this.state.open.delete(order.id);
    // A pair's order ending while the other stays (a list canceled order by order) leaves it the hold.
    const partner = order.listId !== null && order.reserved > 0 ? this.pairPartner(order) : undefined;
    if (partner) {
      partner.reserved += order.reserved;
      order.reserved = 0;
      this.effects.orders.set(partner.id, partner);
    }
    if (order.reserved > 0) this.release(order, order.reserved);
  }

  private release(order: LiveOrder, amount: number) {
    order.reserved -= amount;
    this.move(order, this.asset[order.side], this.holdUnits(order.side, amount), 'locked', 'order_release');
  }

  /** Moves an order's asset between the owner's buckets (hold: available -> locked; release: back). */
  private move(order: LiveOrder, asset: string, amount: LedgerUnits, from: 'available' | 'locked', reason: string) {
    const to = from === 'available' ? 'locked' : 'available';
    const posting: Posting = {
      reason,
      referenceType: 'order',
      referenceId: order.id,
      legs: [
        { owner: { userId: order.userId }, asset, bucket: from, amount: -amount },
        { owner: { userId: order.userId }, asset, bucket: to, amount },
      ],
    };
    this.effects.postings.push(posting);
    this.traders.sheet.apply(posting);
  }

  private touch(order: LiveOrder, status: LiveOrder['status'], now: number) {
    order.status = status;
    order.updatedAt = new Date(now);
    this.effects.orders.set(order.id, order);
  }

  /** What a hold of `amount` engine units (notional for a buy, lots for a sell) is in ledger units. */
  private holdUnits(side: 'buy' | 'sell', amount: number): LedgerUnits {
    return side === 'buy' ? this.ledger.quote(amount) : this.ledger.amount(amount);
  }

  private openOrder(orderId: string): LiveOrder {
    const order = this.state.open.get(orderId);
    if (!order) throw new Error(`engine event for order ${orderId}, which is not open in ${this.state.market.symbol}`);
    return order;
  }
}
