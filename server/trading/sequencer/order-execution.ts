import { randomUUID } from 'node:crypto';
import { isStopDue, type Command, type EngineEvent, type RejectReason, type TradeEvent } from '../../../engine';
import { Refusal } from '../../kernel/refusal';
import type { KeyedRequest } from '../../platform/idempotency/keyed-request';
import type { Posting } from '../../ledger/ledger';
import { refuseLedger } from '../../ledger/refusals';
import type { LedgerUnits } from '../../kernel/money';
import { USD } from '../../markets/catalog';
import { sameRules } from '../books/book-rules';
import type { LiveOrder } from '../books/live-order';
import type { MarketState } from '../books/market-state';
import { decimals, ledgerUnits, type OrderTerms } from '../books/order-input';
import { assertMayTrade } from '../../identity/auth/may-trade';
import type { OrderView } from '../orders/order-schemas';
import { refuseTrading, type TradingRefusal } from '../orders/refusals';
import type { RoundEffects } from '../round-writer/round-effects';
import type { TradeRow } from '../orders/trade.entity';
import type { Traders } from '../traders/trader-reads';
import { buyHoldAtLimit, holdFor, type FeeRates } from './funds-hold';

/**
 * A command waiting for its symbol's sequencer. `cancel_all`: every open order of a suspended user
 * on the book. `keyed`: sent with an Idempotency-Key, its answer is recorded by its round.
 * `expireUnfillable`: a fill-or-kill order that cannot fill is placed as expired (Binance's answer)
 * instead of refused.
 */
export type Submission = (
  | { kind: 'place'; orderId: string; userId: string; terms: OrderTerms; expireUnfillable?: true }
  | { kind: 'cancel'; orderId: string; userId: string }
  | { kind: 'cancel_all'; userId: string }
) & { keyed?: KeyedRequest };

/**
 * What the caller of one command gets once its round has committed: the order (`canceled`: how many
 * a cancel_all cancelled). `onTraderData`: refused on what the round knew of its trader (who they
 * are, what they can spend), which may be older than the database (see TraderCache). `answer`: a
 * keyed command's answer, as its round recorded it (a refusal is worded and recorded by the gateway
 * that answers it, which knows the words: see IdempotentRequests).
 */
export type Outcome =
  | { ok: true; order: LiveOrder; fills: TradeRow[]; answer?: OrderView }
  | { ok: true; canceled: number }
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

  constructor(
    private readonly state: MarketState,
    private readonly traders: Traders,
    private readonly fees: FeeRates,
    readonly effects: RoundEffects,
  ) {
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
        case 'cancel_all':
          return this.cancelAll(submission, now);
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
    if (terms.stopTicks !== null && isStopDue(terms.side, terms.stopTicks, this.state.book.lastPrice))
      return { ok: false, error: refuseTrading('stop-would-trigger') };
    const hold = holdFor(this.state.market, terms, this.state.book, this.fees);
    const heldAsset = this.asset[terms.side];
    const heldAmount = this.holdUnits(terms.side, hold);
    if (!this.traders.sheet.canSpend(userId, heldAsset, heldAmount))
      return { ok: false, error: refuseLedger('insufficient-balance'), onTraderData: true };

    const command: Command = {
      type: 'place',
      orderId,
      userId,
      side: terms.side,
      orderType: terms.type,
      ...(terms.priceTicks !== null ? { price: terms.priceTicks } : {}),
      ...(terms.stopTicks !== null ? { stopPrice: terms.stopTicks } : {}),
      ...(terms.quoteUnits !== null ? { quoteAmount: terms.quoteUnits } : { quantity: terms.lots }),
      timeInForce: terms.timeInForce,
      postOnly: terms.postOnly,
      makerFeePpm: this.fees.makerPpm,
      takerFeePpm: this.fees.takerPpm,
      timestamp: now,
    };
    const events = this.apply(command);
    const first = events[0];
    if (first?.type === 'rejected') {
      if (first.reason !== 'FOK_NOT_FILLABLE' || !submission.expireUnfillable) throw rejection(first.reason);
      // Never on the book and nothing held: only its row, final at once.
      const expired = this.newOrder(submission, 'expired', 0, now);
      this.effects.orders.set(orderId, expired);
      this.effects.placed.add(orderId);
      return { ok: true, order: expired, fills: [] };
    }

    const order = this.newOrder(submission, terms.type === 'stop_limit' ? 'waiting' : 'new', hold, now);
    this.state.open.set(orderId, order);
    this.effects.orders.set(orderId, order);
    this.effects.placed.add(orderId);
    this.move(order, heldAsset, heldAmount, 'available', 'order_hold');
    const fills = this.settle(events, now);
    // Bought by quote amount: its amount is what the budget bought (it never rests, so this is final).
    if (order.quoteUnits !== null) order.lots = order.filledLots;
    return {
      ok: true,
      order,
      fills: fills.filter((t) => t.maker_order_id === orderId || t.taker_order_id === orderId),
    };
  }

  /** The order a place command just put to the engine (its sequence number), unfilled, holding `reserved`. */
  private newOrder(
    { orderId, userId, terms }: Extract<Submission, { kind: 'place' }>,
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
      lots: terms.lots,
      quoteUnits: terms.quoteUnits,
      clientOrderId: terms.clientOrderId,
      filledLots: 0,
      quoteFilled: 0,
      reserved,
      status,
      seq: this.state.commandSeq,
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
   * Each open order of the user on this book gets a cancel command of its own, as the log replays
   * them, and releases its hold. No trader check: it is how a suspended user's orders go.
   */
  private cancelAll({ userId }: Extract<Submission, { kind: 'cancel_all' }>, now: number): Outcome {
    const orders = this.state.book.openOrders(userId);
    for (const { orderId } of orders) this.settle(this.apply({ type: 'cancel', orderId, userId, timestamp: now }), now);
    return { ok: true, canceled: orders.length };
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

  /** Every command the engine sees is logged, rejected ones too: replay must reproduce its sequence numbers. */
  private apply(command: Command): EngineEvent[] {
    this.state.commandSeq += 1;
    this.effects.commands.push({ seq: this.state.commandSeq, command });
    return this.state.book.apply(command);
  }

  private settle(events: EngineEvent[], now: number): TradeRow[] {
    const trades: TradeRow[] = [];
    for (const event of events) {
      switch (event.type) {
        case 'trade':
          trades.push(this.trade(event, now));
          break;
        case 'canceled':
        case 'expired':
          this.finish(this.openOrder(event.orderId), event.status, now);
          break;
        case 'triggered':
          this.touch(this.openOrder(event.orderId), 'new', now);
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

  /** One trade: one posting moves the buyer's held USD and the seller's held base, fees to 'fees'. */
  private trade(event: TradeEvent, now: number): TradeRow {
    const maker = this.openOrder(event.makerOrderId);
    const taker = this.openOrder(event.takerOrderId);
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
    this.afterFill(maker, event.makerStatus, now);
    this.afterFill(taker, event.takerStatus, now);
    return trade;
  }

  /** A filled order ends; a resting buy keeps only what its rest needs (price improvement released). */
  private afterFill(order: LiveOrder, status: 'partially_filled' | 'filled', now: number) {
    if (status === 'filled') return this.finish(order, 'filled', now);
    this.touch(order, status, now);
    if (order.side === 'buy' && order.priceTicks !== null) {
      // At the rates the order was placed with (the engine keeps them): the market's may have changed since.
      const placed = this.state.book.getOrder(order.id);
      const fees = placed ? { makerPpm: placed.makerFeePpm, takerPpm: placed.takerFeePpm } : this.fees;
      const needed = buyHoldAtLimit(order.priceTicks, order.lots - order.filledLots, fees);
      if (order.reserved > needed) this.release(order, order.reserved - needed);
    }
  }

  private finish(order: LiveOrder, status: 'filled' | 'canceled' | 'expired', now: number) {
    this.touch(order, status, now);
    this.state.open.delete(order.id);
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
