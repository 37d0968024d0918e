/**
 * The order book of one symbol: price-time priority matching of limit, market, stop, take-profit,
 * trailing stop and iceberg orders.
 * Deterministic: no clock, no randomness, no I/O; the same commands always give the same events.
 *
 * Cost per command: O(1) to add, cancel or fill an order within a price level (intrusive queue and
 * a Map id -> order), O(log L) to create or drop one of L price levels, O(1) to find the best.
 */
import type {
  AmendCommand,
  CancelCommand,
  CancelListCommand,
  Command,
  PlaceCommand,
  PlaceListCommand,
} from './commands';
import type { CancelReason, EngineEvent, ExpireReason, OrderView, RejectedEvent, RejectReason } from './events';
import { EventBuffer } from './event-buffer';
import { showSlice } from './icebergs';
import { checkMarketSpec, feeFor as importedFeeFor, minNotionalUnits, type MarketSpec } from './market-spec';
import { Order } from './order';
import { isListShape, OrderList } from './order-lists';
import type { PriceLevel } from './price-level';
import { PriceTree } from './price-tree';
import { fromRecord, toListRecord, toRecord, type BookSnapshot, type ListRecord } from './snapshot';
import { stateHash } from './state-hash';
import { isTriggered, isWaitingStop as importedIsWaitingStop, StopBook } from './stop-book';
import { isTrailing, TrailingStops, trailingPriceOf } from './trailing-stops';
import { UserOrders } from './user-orders';
import {
  idText,
  isId,
  isTimestamp as importedIsTimestamp,
  listOrderCommand,
  notionalFits as importedNotionalFits,
  validateAmend as importedValidateAmend,
  validateList,
  validatePlace as importedValidatePlace,
} from './validation';

// The helpers called on every command, bound once here. Transpiled to CommonJS (tsx, jest), a call
// of an imported function reads it through a getter on the other module's exports each time; on
// the benchmark's mixed stream those reads cost about 6% of our throughput.
const feeFor = importedFeeFor;
const isWaitingStop = importedIsWaitingStop;
const isTimestamp = importedIsTimestamp;
const notionalFits = importedNotionalFits;
const validateAmend = importedValidateAmend;
const validatePlace = importedValidatePlace;

export interface DepthLevel {
  price: number;
  quantity: number;
  orders: number;
}

export interface Depth {
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export class OrderBook {
  readonly symbol: string;
  readonly spec: MarketSpec;
  private readonly minNotional: number;
  private readonly bids = new PriceTree('buy');
  private readonly asks = new PriceTree('sell');
  private readonly orders = new Map<string, Order>();
  private readonly byUser = new UserOrders();
  private readonly stops = new StopBook();
  private readonly trailing = new TrailingStops();
  /** Open order lists by id, in the order they were placed. */
  private readonly lists = new Map<string, OrderList>();
  private seq = 0;
  private priority = 0;
  private last: number | undefined = undefined;

  // Per-command state.
  private readonly events = new EventBuffer();
  private now = 0;
  private commandNo = 0;
  /** Levels changed by this command: the first `touchedCount` slots (the array is reused, never shrunk). */
  private readonly touchedLevels: PriceLevel[] = [];
  private touchedCount = 0;
  /** Lists whose working order filled in this command: their pending orders go in next (see runStops). */
  private readonly listsDue: OrderList[] = [];

  constructor(spec: MarketSpec) {
    checkMarketSpec(spec);
    this.spec = { ...spec };
    this.symbol = spec.symbol;
    this.minNotional = minNotionalUnits(spec);
  }

  /** Applies one command and returns its events. */
  apply(cmd: Command): EngineEvent[] {
    this.run(cmd);
    return this.events.take();
  }

  /** Applies one command, appending its events to `out` (same path as `apply`). */
  applyInto(cmd: Command, out: EngineEvent[]): void {
    this.run(cmd);
    this.events.appendTo(out);
  }

  private run(cmd: Command): void {
    this.events.reset();
    this.commandNo++;
    if (cmd === null || typeof cmd !== 'object') {
      this.now = 0;
      this.reject('unknown', '', undefined, 'INVALID_COMMAND');
      return;
    }
    this.now = typeof cmd.timestamp === 'number' && Number.isSafeInteger(cmd.timestamp) ? cmd.timestamp : 0;
    switch (cmd.type) {
      case 'place':
        this.place(cmd);
        break;
      case 'cancel':
        this.cancel(cmd);
        break;
      case 'amend':
        this.amend(cmd);
        break;
      case 'placeList':
        this.placeList(cmd);
        break;
      case 'cancelList':
        this.cancelList(cmd);
        break;
      default:
        this.reject('unknown', idText((cmd as { orderId?: unknown }).orderId), undefined, 'INVALID_COMMAND');
    }
    if (this.touchedCount > 0) this.emitBookChanges();
  }

  // ---------------------------------------------------------------- commands

  private place(cmd: PlaceCommand): void {
    const reason = validatePlace(cmd, this.minNotional);
    if (reason !== undefined) return this.reject('place', cmd.orderId, cmd.userId, reason);
    if (this.orders.has(cmd.orderId)) return this.reject('place', cmd.orderId, cmd.userId, 'DUPLICATE_ID');

    const isStop = cmd.orderType !== 'limit' && cmd.orderType !== 'market';
    const order = orderFrom(cmd, ++this.priority);

    if (isStop) {
      this.accept(order, 'waiting');
      this.index(order);
      this.wait(order);
    } else {
      if (order.postOnly && this.wouldTake(order, order.price)) {
        return this.reject('place', order.id, order.userId, 'POST_ONLY_WOULD_TAKE');
      }
      if (order.timeInForce === 'FOK' && !this.canFill(order)) {
        return this.reject('place', order.id, order.userId, 'FOK_NOT_FILLABLE');
      }
      this.accept(order, 'new');
      this.execute(order);
    }
    this.runStops();
  }

  private cancel(cmd: CancelCommand): void {
    if (!isTimestamp(cmd.timestamp)) return this.reject('cancel', cmd.orderId, cmd.userId, 'INVALID_TIMESTAMP');
    const order = this.orders.get(cmd.orderId);
    if (order === undefined || (cmd.userId !== undefined && cmd.userId !== order.userId)) {
      return this.reject('cancel', cmd.orderId, cmd.userId, 'UNKNOWN_ORDER');
    }
    if (order.list !== null) return this.closeList(order.list);
    this.takeOut(order);
    this.finishCanceled(order, 'USER');
  }

  private amend(cmd: AmendCommand): void {
    const invalid = validateAmend(cmd);
    if (invalid !== undefined) return this.reject('amend', cmd.orderId, cmd.userId, invalid);
    const order = this.orders.get(cmd.orderId);
    if (order === undefined || (cmd.userId !== undefined && cmd.userId !== order.userId)) {
      return this.reject('amend', cmd.orderId, cmd.userId, 'UNKNOWN_ORDER');
    }
    // The orders of a list keep the sizes and prices the list was checked with.
    if (order.list !== null) return this.reject('amend', order.id, order.userId, 'INVALID_ORDER');
    const isMarket = order.orderType === 'stop_market' || order.orderType === 'take_profit';
    if ((isMarket && cmd.price !== undefined) || (order.byQuote && cmd.quantity !== undefined)) {
      return this.reject('amend', order.id, order.userId, 'INVALID_ORDER');
    }
    const price = cmd.price ?? order.price;
    const quantity = cmd.quantity ?? order.quantity;
    const filled = order.quantity - order.remaining - order.hidden;
    if (!order.byQuote && quantity <= filled) return this.reject('amend', order.id, order.userId, 'INVALID_QUANTITY');
    if (!isMarket) {
      if (!notionalFits(price, quantity)) return this.reject('amend', order.id, order.userId, 'OVERFLOW');
      if (price * quantity < this.minNotional) return this.reject('amend', order.id, order.userId, 'MIN_NOTIONAL');
    }
    const remaining = order.byQuote ? order.remaining : quantity - filled;
    const keepsPriority = price === order.price && quantity <= order.quantity;

    if (isWaitingStop(order)) {
      // A trailing stop that has started trailing is not in the stop book, and has no place to lose.
      const requeue = !keepsPriority && this.stops.remove(order);
      this.reprice(order, price, quantity, remaining, keepsPriority);
      if (requeue) this.stops.add(order);
      this.amended(order, keepsPriority);
      return;
    }
    if (order.icebergQty > 0) return this.amendIceberg(order, price, quantity, remaining, keepsPriority);

    if (price === order.price) {
      const level = order.level as PriceLevel;
      if (keepsPriority) {
        if (remaining !== order.remaining) {
          level.total += remaining - order.remaining;
          this.touch(level);
        }
        this.reprice(order, price, quantity, remaining, true);
      } else {
        level.remove(order);
        this.reprice(order, price, quantity, remaining, false);
        level.append(order);
        this.touch(level);
      }
      this.amended(order, keepsPriority);
      return;
    }

    if (order.postOnly && this.wouldTake(order, price)) {
      return this.reject('amend', order.id, order.userId, 'POST_ONLY_WOULD_TAKE');
    }
    this.takeFromLevel(order, true);
    this.reprice(order, price, quantity, remaining, false);
    this.amended(order, false);
    if (this.wouldTake(order, price)) {
      this.execute(order);
      this.runStops();
    } else {
      // What execute would do with a resting GTC order that cannot trade; no trade, so no stop is due.
      this.rest(order);
    }
  }

  /** A resting iceberg: `remaining` is what is left of it in all (see icebergs.ts). */
  private amendIceberg(order: Order, price: number, quantity: number, remaining: number, keepsPriority: boolean): void {
    if (keepsPriority) {
      const shown = remaining < order.remaining ? remaining : order.remaining;
      if (shown !== order.remaining) {
        (order.level as PriceLevel).total += shown - order.remaining;
        this.touch(order.level as PriceLevel);
      }
      order.hidden = remaining - shown;
      this.reprice(order, price, quantity, shown, true);
      this.amended(order, true);
      return;
    }
    const moves = price !== order.price;
    if (moves && order.postOnly && this.wouldTake(order, price)) {
      return this.reject('amend', order.id, order.userId, 'POST_ONLY_WOULD_TAKE');
    }
    this.takeFromLevel(order, moves);
    order.hidden = 0;
    this.reprice(order, price, quantity, remaining, false);
    this.amended(order, false);
    if (moves && this.wouldTake(order, price)) {
      this.execute(order);
      this.runStops();
    } else this.rest(order);
  }

  // ---------------------------------------------------------------- matching

  /** Matches an incoming order against the opposite side, then rests or ends it. */
  private execute(taker: Order): void {
    const opposite = taker.side === 'buy' ? this.asks : this.bids;
    const isBuy = taker.side === 'buy';
    const limited = taker.orderType === 'limit';
    let done = false;
    let selfTrade = false;
    let filled = false;

    for (let level = opposite.best; level !== null && !done; level = opposite.best) {
      const price = level.price;
      if (limited && (isBuy ? price > taker.price : price < taker.price)) break;
      let maker = level.head;
      while (maker !== null) {
        const next: Order | null = maker.next;
        let qty = taker.byQuote ? Math.floor(taker.remaining / price) : taker.remaining;
        if (qty === 0) {
          done = true;
          break;
        }
        if (maker.userId === taker.userId) {
          if (taker.stp === 'decrement') {
            if (maker.remaining < qty) qty = maker.remaining;
            if (this.decrement(maker, taker, qty, level)) {
              selfTrade = done = true;
              break;
            }
            maker = next;
            continue;
          }
          if (taker.stp !== 'cancel_newest') {
            this.takeFromLevel(maker, false);
            this.finishCanceled(maker, 'SELF_TRADE');
          }
          if (taker.stp !== 'cancel_oldest') {
            selfTrade = true;
            done = true;
            break;
          }
          maker = next;
          continue;
        }
        if (maker.remaining < qty) qty = maker.remaining;
        if (this.fill(maker, taker, qty, level, opposite)) {
          filled = done = true;
          break;
        }
        maker = next;
      }
      if (level.count === 0) {
        this.touch(level);
        opposite.dropEmpty(level);
      }
    }

    if (selfTrade) {
      this.finishCanceled(taker, 'SELF_TRADE');
    } else if (taker.byQuote) {
      // Filled exactly when its last trade said so (the budget left cannot buy a lot at the best ask).
      if (!filled) this.finishExpired(taker, 'NO_LIQUIDITY');
      else if (taker.open) this.unindex(taker);
    } else if (taker.remaining === 0) {
      if (taker.open) this.unindex(taker);
    } else if (taker.orderType === 'limit' && taker.timeInForce === 'GTC') {
      this.rest(taker);
    } else {
      this.finishExpired(taker, taker.orderType === 'market' ? 'NO_LIQUIDITY' : 'IOC_REMAINDER');
    }
  }

  /** One trade at the maker's price. Returns true when the taker is filled. */
  private fill(maker: Order, taker: Order, qty: number, level: PriceLevel, opposite: PriceTree): boolean {
    const price = level.price;
    const notional = price * qty;
    maker.remaining -= qty;
    level.total -= qty;
    taker.remaining -= taker.byQuote ? notional : qty;
    this.touch(level);
    if (maker.remaining === 0) {
      level.remove(maker);
      if (maker.hidden > 0) this.showNextSlice(maker, level);
      else this.unindex(maker);
    }
    this.last = price;
    let takerFilled: boolean;
    if (taker.byQuote) {
      const nextPrice = level.head !== null ? price : (opposite.nextLive(level)?.price ?? price);
      takerFilled = taker.remaining < nextPrice;
    } else {
      takerFilled = taker.remaining === 0;
    }
    this.events.push({
      type: 'trade',
      seq: ++this.seq,
      timestamp: this.now,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerUserId: maker.userId,
      takerUserId: taker.userId,
      takerSide: taker.side,
      price,
      quantity: qty,
      notional,
      makerFee: feeFor(notional, maker.makerFeePpm),
      takerFee: feeFor(notional, taker.takerFeePpm),
      makerRemaining: maker.remaining + maker.hidden,
      takerRemaining: taker.remaining,
      makerStatus: maker.remaining === 0 ? 'filled' : 'partially_filled',
      takerStatus: takerFilled ? 'filled' : 'partially_filled',
    });
    if (maker.list !== null) this.listOrderTraded(maker, maker.remaining === 0);
    if (taker.list !== null) this.listOrderTraded(taker, takerFilled);
    return takerFilled;
  }

  /**
   * Self-trade prevention `decrement`: both orders lose `qty` lots (a taker by quote amount, their
   * notional) and do not trade: their quantity drops as their remaining does, as in a size
   * decrease, so neither counts it as filled. The maker, when it has nothing left, is canceled
   * here. Returns true when the taker has nothing left (by quote amount: not enough for a lot at
   * this price).
   */
  private decrement(maker: Order, taker: Order, qty: number, level: PriceLevel): boolean {
    const price = level.price;
    maker.remaining -= qty;
    maker.quantity -= qty;
    level.total -= qty;
    if (taker.byQuote) taker.remaining -= price * qty;
    else {
      taker.remaining -= qty;
      taker.quantity -= qty;
    }
    this.touch(level);
    const makerDone = maker.remaining === 0 && maker.hidden === 0;
    if (maker.remaining === 0) {
      level.remove(maker);
      if (!makerDone) this.showNextSlice(maker, level);
    }
    this.events.push({
      type: 'prevented',
      seq: ++this.seq,
      timestamp: this.now,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      userId: taker.userId,
      takerSide: taker.side,
      price,
      quantity: qty,
      makerRemaining: maker.remaining + maker.hidden,
      takerRemaining: taker.remaining,
    });
    if (makerDone) this.finishCanceled(maker, 'SELF_TRADE');
    // For its list a decrement is as a partial fill: the other order of its pair goes.
    else if (maker.list !== null) this.listOrderTraded(maker, false);
    const takerDone = taker.byQuote ? taker.remaining < price : taker.remaining === 0;
    if (!takerDone && taker.list !== null) this.listOrderTraded(taker, false);
    return takerDone;
  }

  /** An iceberg whose visible slice is gone shows the next one, last in its level's queue. */
  private showNextSlice(order: Order, level: PriceLevel): void {
    showSlice(order);
    order.priority = ++this.priority;
    order.timestamp = this.now;
    level.append(order);
  }

  /** Whether a limit order at `price` would trade on arrival. */
  private wouldTake(order: Order, price: number): boolean {
    if (order.side === 'buy') {
      const best = this.asks.best;
      return best !== null && best.price <= price;
    }
    const best = this.bids.best;
    return best !== null && best.price >= price;
  }

  /**
   * FOK pre-check: the whole quantity can trade now, self-trade prevention included. A level's
   * hidden iceberg lots count only after all its orders have been met once: its icebergs' next
   * slices queue up behind them.
   */
  private canFill(order: Order): boolean {
    const opposite = order.side === 'buy' ? this.asks : this.bids;
    const limited = order.orderType === 'limit';
    let available = 0;
    for (let level = opposite.best; level !== null; level = opposite.nextLive(level)) {
      if (limited && (order.side === 'buy' ? level.price > order.price : level.price < order.price)) return false;
      let hidden = 0;
      for (let maker = level.head; maker !== null; maker = maker.next) {
        if (maker.userId === order.userId) {
          if (order.stp === 'cancel_oldest') continue;
          return false;
        }
        available += maker.remaining;
        if (available >= order.remaining) return true;
        hidden += maker.hidden;
      }
      available += hidden;
      if (available >= order.remaining) return true;
    }
    return false;
  }

  /** Triggers what the last price makes due, one at a time (see stop-book.ts and trailing-stops.ts). */
  private runStops(): void {
    if (this.listsDue.length !== 0) this.placePending();
    if ((this.stops.size === 0 && this.trailing.size === 0) || this.last === undefined) return;
    for (;;) {
      const last = this.last;
      if (this.trailing.size !== 0) this.trailing.observe(last);
      const stop = this.stops.popTriggered(last);
      if (stop !== undefined) {
        if (stop.trailingDelta > 0) this.startTrailing(stop);
        else this.trigger(stop, stop.stopPrice);
      } else {
        const trailed = this.trailing.size !== 0 ? this.trailing.popTriggered(last) : undefined;
        if (trailed === undefined) return;
        this.trigger(trailed, trailingPriceOf(trailed));
      }
      if (this.listsDue.length !== 0) this.placePending();
    }
  }

  private trigger(order: Order, stopPrice: number): void {
    this.events.push({
      type: 'triggered',
      seq: ++this.seq,
      timestamp: this.now,
      orderId: order.id,
      userId: order.userId,
      stopPrice,
      lastPrice: this.last as number,
    });
    order.orderType = order.orderType === 'stop_limit' || order.orderType === 'take_profit_limit' ? 'limit' : 'market';
    order.priority = ++this.priority;
    order.timestamp = this.now;
    if (order.list !== null) this.listOrderTriggered(order);
    if (order.timeInForce === 'FOK' && !this.canFill(order)) this.finishExpired(order, 'FOK_NOT_FILLABLE');
    else this.execute(order);
  }

  // ---------------------------------------------------------------- book keeping

  private rest(order: Order): void {
    if (order.icebergQty > 0) showSlice(order);
    const level = (order.side === 'buy' ? this.bids : this.asks).getOrCreate(order.price);
    level.append(order);
    this.touch(level);
    if (!order.open) this.index(order);
  }

  /** Takes an open order out of the book, the stop book or the trailing stops (a pending order of a list is in none). */
  private takeOut(order: Order): void {
    if (isWaitingStop(order)) {
      if (!this.stops.remove(order)) this.trailing.remove(order);
    } else if (order.level !== null) this.takeFromLevel(order, true);
  }

  /** A stop placed: it waits in the stop book, trails, or (already due) triggers now. */
  private wait(order: Order): void {
    if (order.trailingDelta > 0 && (order.stopPrice === 0 || isTriggered(order, this.last))) this.startTrailing(order);
    else if (isTriggered(order, this.last)) this.trigger(order, order.stopPrice);
    else this.stops.add(order);
  }

  private startTrailing(order: Order): void {
    this.trailing.add(order, this.last);
    this.events.push({
      type: 'trailing',
      seq: ++this.seq,
      timestamp: this.now,
      orderId: order.id,
      userId: order.userId,
    });
  }

  private takeFromLevel(order: Order, dropEmptyLevel: boolean): void {
    const level = order.level as PriceLevel;
    level.remove(order);
    this.touch(level);
    if (dropEmptyLevel && level.count === 0) (order.side === 'buy' ? this.bids : this.asks).dropEmpty(level);
  }

  private reprice(order: Order, price: number, quantity: number, remaining: number, keepsPriority: boolean): void {
    order.price = price;
    order.quantity = quantity;
    order.remaining = remaining;
    if (!keepsPriority) {
      order.priority = ++this.priority;
      order.timestamp = this.now;
    }
  }

  private index(order: Order): void {
    order.open = true;
    this.orders.set(order.id, order);
    this.byUser.add(order);
  }

  private unindex(order: Order): void {
    order.open = false;
    this.orders.delete(order.id);
    this.byUser.remove(order);
  }

  private touch(level: PriceLevel): void {
    if (level.touched !== this.commandNo) {
      level.touched = this.commandNo;
      this.touchedLevels[this.touchedCount++] = level;
    }
  }

  /** One book event per touched (side, price): bids best first, then asks best first. */
  private emitBookChanges(): void {
    const touched = this.touchedLevels;
    const count = this.touchedCount;
    this.touchedCount = 0;
    if (count > 1) sortLevels(touched, count);
    let prev: PriceLevel | null = null;
    for (let i = 0; i < count; i++) {
      const level = touched[i];
      // A level emptied and created again in one command appears twice: report it once.
      if (prev !== null && prev.side === level.side && prev.price === level.price) continue;
      prev = level;
      let quantity = level.total;
      if (level.dropped) {
        const current = (level.side === 'buy' ? this.bids : this.asks).byPrice.get(level.price);
        quantity = current !== undefined ? current.total : 0;
      }
      this.events.push({
        type: 'book',
        seq: ++this.seq,
        timestamp: this.now,
        side: level.side,
        price: level.price,
        quantity,
      });
    }
  }

  // ---------------------------------------------------------------- events

  private accept(order: Order, status: 'new' | 'waiting' | 'pending_new'): void {
    if (order.orderType === 'limit' && order.icebergQty === 0) {
      // The common limit order, as one literal (same keys, same order as the general case below).
      this.events.push({
        type: 'accepted',
        seq: ++this.seq,
        timestamp: this.now,
        orderId: order.id,
        userId: order.userId,
        side: order.side,
        orderType: order.orderType,
        price: order.price,
        quantity: order.quantity,
        timeInForce: order.timeInForce,
        status,
      });
      return;
    }
    this.events.push({
      type: 'accepted',
      seq: ++this.seq,
      timestamp: this.now,
      orderId: order.id,
      userId: order.userId,
      side: order.side,
      orderType: order.orderType,
      ...(order.price > 0 ? { price: order.price } : {}),
      ...(order.stopPrice > 0 ? { stopPrice: order.stopPrice } : {}),
      ...(order.byQuote ? { quoteAmount: order.quoteAmount } : { quantity: order.quantity }),
      ...(order.trailingDelta > 0 ? { trailingDelta: order.trailingDelta } : {}),
      ...(order.icebergQty > 0 ? { icebergQty: order.icebergQty } : {}),
      timeInForce: order.timeInForce,
      status,
    });
  }

  private amended(order: Order, priorityKept: boolean): void {
    this.events.push({
      type: 'amended',
      seq: ++this.seq,
      timestamp: this.now,
      orderId: order.id,
      userId: order.userId,
      price: order.price > 0 ? order.price : undefined,
      quantity: order.quantity,
      remaining: order.remaining + order.hidden,
      priorityKept,
    });
  }

  private reject(
    command: RejectedEvent['command'],
    orderId: string,
    userId: string | undefined,
    reason: RejectReason,
  ): void {
    const seq = ++this.seq;
    const id = idText(orderId);
    if (typeof userId === 'string') {
      this.events.push({ type: 'rejected', seq, timestamp: this.now, command, orderId: id, userId, reason });
    } else {
      this.events.push({ type: 'rejected', seq, timestamp: this.now, command, orderId: id, reason });
    }
  }

  private finishCanceled(order: Order, reason: CancelReason): void {
    if (order.open) this.unindex(order);
    this.events.push({
      type: 'canceled',
      seq: ++this.seq,
      timestamp: this.now,
      orderId: order.id,
      userId: order.userId,
      reason,
      remaining: order.remaining + order.hidden,
      status: 'canceled',
    });
    if (order.list !== null) this.listOrderEnded(order, reason !== 'LIST');
  }

  private finishExpired(order: Order, reason: ExpireReason): void {
    if (order.open) this.unindex(order);
    this.events.push({
      type: 'expired',
      seq: ++this.seq,
      timestamp: this.now,
      orderId: order.id,
      userId: order.userId,
      reason,
      remaining: order.remaining,
      status: 'expired',
    });
    if (order.list !== null) this.listOrderEnded(order, true);
  }

  // ---------------------------------------------------------------- lists (see order-lists.ts)

  private placeList(cmd: PlaceListCommand): void {
    const invalid = validateList(cmd, this.minNotional);
    if (invalid !== undefined) return this.reject('placeList', cmd.listId, cmd.userId, invalid);
    if (this.lists.has(cmd.listId) || cmd.orders.some((o) => this.orders.has(o.orderId))) {
      return this.reject('placeList', cmd.listId, cmd.userId, 'DUPLICATE_ID');
    }
    const orders = cmd.orders.map((o) => orderFrom(listOrderCommand(cmd, o), 0));
    if (!isListShape(cmd.kind, orders)) return this.reject('placeList', cmd.listId, cmd.userId, 'INVALID_LIST');
    const list = new OrderList(
      cmd.listId,
      cmd.userId,
      cmd.kind,
      orders.map((o) => o.id),
      orders,
    );
    // What would refuse an order placed now refuses the list, before anything changes; a pending
    // order meets these checks when it is placed.
    for (let i = 0; i < list.firstPending; i++) {
      const order = orders[i];
      if (isWaitingStop(order)) continue;
      if (order.postOnly && this.wouldTake(order, order.price)) {
        return this.reject('placeList', list.id, list.userId, 'POST_ONLY_WOULD_TAKE');
      }
      if (order.timeInForce === 'FOK' && !this.canFill(order)) {
        return this.reject('placeList', list.id, list.userId, 'FOK_NOT_FILLABLE');
      }
    }

    this.lists.set(list.id, list);
    this.listStatus(list, 'exec_started');
    orders.forEach((order, i) => {
      order.priority = ++this.priority;
      order.list = list;
      this.accept(order, i >= list.firstPending ? 'pending_new' : isWaitingStop(order) ? 'waiting' : 'new');
      this.index(order);
    });
    this.placeListOrders(list, 0, list.firstPending);
    this.runStops();
  }

  private cancelList(cmd: CancelListCommand): void {
    if (!isId(cmd.listId)) return this.reject('cancelList', cmd.listId, cmd.userId, 'INVALID_ID');
    if (!isTimestamp(cmd.timestamp)) return this.reject('cancelList', cmd.listId, cmd.userId, 'INVALID_TIMESTAMP');
    const list = this.lists.get(cmd.listId);
    if (list === undefined || (cmd.userId !== undefined && cmd.userId !== list.userId)) {
      return this.reject('cancelList', cmd.listId, cmd.userId, 'UNKNOWN_ORDER');
    }
    this.closeList(list);
  }

  /**
   * Places a list's orders `from` to `to` - 1, one after the other, each as an order placed now
   * would go (a post-only or FOK order that cannot go expires); one that an earlier one's trade or
   * trigger canceled is skipped.
   */
  private placeListOrders(list: OrderList, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const order = list.legs[i];
      if (order === null) continue;
      if (isWaitingStop(order)) {
        this.wait(order);
      } else if (order.postOnly && this.wouldTake(order, order.price)) {
        this.finishExpired(order, 'POST_ONLY_WOULD_TAKE');
      } else if (order.timeInForce === 'FOK' && !this.canFill(order)) {
        this.finishExpired(order, 'FOK_NOT_FILLABLE');
      } else {
        this.execute(order);
      }
    }
  }

  /** Places the pending orders of the lists whose working order has filled, in the order they filled. */
  private placePending(): void {
    for (let list = this.listsDue.shift(); list !== undefined; list = this.listsDue.shift()) {
      for (let i = list.firstPending; i < list.legs.length; i++) {
        const order = list.legs[i] as Order;
        order.priority = ++this.priority;
        order.timestamp = this.now;
        this.events.push({
          type: 'activated',
          seq: ++this.seq,
          timestamp: this.now,
          orderId: order.id,
          userId: order.userId,
          listId: list.id,
          status: isWaitingStop(order) ? 'waiting' : 'new',
        });
      }
      this.placeListOrders(list, list.firstPending, list.legs.length);
    }
  }

  /** Cancels every open order of a list, in the list's order: the user canceled it or one of its orders. */
  private closeList(list: OrderList): void {
    list.closing = true;
    for (const order of list.legs) {
      if (order === null) continue;
      this.takeOut(order);
      this.finishCanceled(order, 'USER');
    }
  }

  /**
   * An order of a list traded: the other order of its pair goes; a working order filled lets the
   * pending ones in (after this matching). Called inside the matching loop, so what it cancels must
   * not rest on the side being matched, and it never does: of a pair at most one order is in the
   * book (the other waits as a stop until a trigger cancels the first), pending orders rest nowhere.
   */
  private listOrderTraded(order: Order, filled: boolean): void {
    const list = order.list as OrderList;
    const index = list.legs.indexOf(order);
    if (filled) list.legs[index] = null;
    const other = list.otherOfPair(index);
    if (other !== null) this.cancelForList(other);
    if (!filled) return;
    if (list.isWorking(index)) this.listsDue.push(list);
    else this.endIfDone(list);
  }

  private listOrderTriggered(order: Order): void {
    const list = order.list as OrderList;
    const other = list.otherOfPair(list.legs.indexOf(order));
    if (other !== null) this.cancelForList(other);
  }

  /**
   * An order of a list was canceled or expired: so goes the other of its pair, or (a working order)
   * the pending ones; unless the list's rules canceled it (they have seen to the others already).
   */
  private listOrderEnded(order: Order, byItself: boolean): void {
    const list = order.list as OrderList;
    const index = list.legs.indexOf(order);
    list.legs[index] = null;
    if (byItself && !list.closing) {
      const other = list.otherOfPair(index);
      if (other !== null) this.cancelForList(other);
      if (list.isWorking(index)) {
        for (const pending of list.legs) if (pending !== null) this.cancelForList(pending);
      }
    }
    this.endIfDone(list);
  }

  private cancelForList(order: Order): void {
    this.takeOut(order);
    this.finishCanceled(order, 'LIST');
  }

  private endIfDone(list: OrderList): void {
    if (list.done || !list.isEmpty) return;
    list.done = true;
    this.lists.delete(list.id);
    this.listStatus(list, 'all_done');
  }

  private listStatus(list: OrderList, statusType: 'exec_started' | 'all_done'): void {
    this.events.push({
      type: 'list_status',
      seq: ++this.seq,
      timestamp: this.now,
      listId: list.id,
      userId: list.userId,
      kind: list.kind,
      statusType,
      listStatus: statusType === 'exec_started' ? 'executing' : 'all_done',
      orderIds: [...list.orderIds],
    });
  }

  // ---------------------------------------------------------------- queries

  get lastPrice(): number | undefined {
    return this.last;
  }

  /** Sequence number of the last event emitted. */
  get lastSeq(): number {
    return this.seq;
  }

  bestBid(): number | undefined {
    return this.bids.best?.price;
  }

  bestAsk(): number | undefined {
    return this.asks.best?.price;
  }

  /** Aggregated depth, up to `levels` prices a side, best first. */
  depth(levels: number): Depth {
    const side = (tree: PriceTree): DepthLevel[] => {
      const result: DepthLevel[] = [];
      for (let l = tree.best; l !== null && result.length < levels; l = tree.nextLive(l)) {
        result.push({ price: l.price, quantity: l.total, orders: l.count });
      }
      return result;
    };
    return { bids: side(this.bids), asks: side(this.asks) };
  }

  /** An open (resting or waiting) order; filled and canceled orders are forgotten. */
  getOrder(orderId: string): OrderView | undefined {
    const order = this.orders.get(orderId);
    return order ? view(order) : undefined;
  }

  /** A user's open orders, oldest priority first. */
  openOrders(userId: string): OrderView[] {
    return this.byUser
      .of(userId)
      .sort((a, b) => a.priority - b.priority)
      .map(view);
  }

  get openOrderCount(): number {
    return this.orders.size;
  }

  // ---------------------------------------------------------------- persistence

  snapshot(): BookSnapshot {
    return {
      version: 2,
      spec: { ...this.spec },
      seq: this.seq,
      priority: this.priority,
      lastPrice: this.last ?? null,
      orders: Array.from(this.restingOrders(), toRecord),
      stops: this.waitingOrders().map(toRecord),
      lists: Array.from(this.listRecords()),
    };
  }

  private *listRecords(): Generator<ListRecord> {
    for (const list of this.lists.values()) yield toListRecord(list);
  }

  /** Resting orders as a snapshot lists them: bids best first, then asks best first, each level in time priority. */
  private *restingOrders(): Generator<Order> {
    for (const tree of [this.bids, this.asks]) {
      for (let l = tree.best; l !== null; l = tree.nextLive(l)) {
        for (let o = l.head; o !== null; o = o.next) yield o;
      }
    }
  }

  /** Waiting stop orders as a snapshot lists them: the stop book's in trigger order, then the trailing ones. */
  private waitingOrders(): Order[] {
    const orders = this.stops.all();
    return this.trailing.size === 0 ? orders : orders.concat(this.trailing.all());
  }

  /** Takes a snapshot of this version or of version 1 (which knew no icebergs nor trailing stops). */
  static restore(snapshot: BookSnapshot): OrderBook {
    if (snapshot.version !== 1 && snapshot.version !== 2)
      throw new Error(`unsupported snapshot version ${String(snapshot.version)}`);
    const book = new OrderBook(snapshot.spec);
    book.seq = snapshot.seq;
    book.priority = snapshot.priority;
    book.last = snapshot.lastPrice ?? undefined;
    for (const record of snapshot.orders) {
      const order = fromRecord(record);
      const level = (order.side === 'buy' ? book.bids : book.asks).getOrCreate(order.price);
      level.append(order);
      book.index(order);
    }
    for (const record of snapshot.stops) {
      const order = fromRecord(record);
      if (isTrailing(order)) book.trailing.restore(order);
      else book.stops.add(order);
      book.index(order);
    }
    for (const record of snapshot.lists ?? []) book.restoreList(record);
    return book;
  }

  private restoreList(record: ListRecord): void {
    const pending = record.pending.map(fromRecord);
    for (const order of pending) this.index(order);
    const legs = record.orderIds.map((id, i) =>
      record.open[i] ? (pending.find((o) => o.id === id) ?? (this.orders.get(id) as Order)) : null,
    );
    const list = new OrderList(record.id, record.userId, record.kind, [...record.orderIds], legs);
    for (const leg of legs) if (leg !== null) leg.list = list;
    this.lists.set(list.id, list);
  }

  /** Fingerprint of the full state (see state-hash.ts), the same as its snapshot's, without making one. */
  stateHash(): string {
    return stateHash({
      spec: this.spec,
      seq: this.seq,
      priority: this.priority,
      lastPrice: this.last ?? null,
      orders: this.restingOrders(),
      stops: this.waitingOrders(),
      lists: this.listRecords(),
    });
  }
}

/** Book event order: bids before asks, each best price first. */
function levelOrder(a: PriceLevel, b: PriceLevel): number {
  if (a.side !== b.side) return a.side === 'buy' ? -1 : 1;
  return a.side === 'buy' ? b.price - a.price : a.price - b.price;
}

/**
 * Puts the first `count` levels in book event order. A command touches two or three levels as a
 * rule: an insertion sort in place, where Array.prototype.sort would need the array cut to length.
 */
function sortLevels(levels: PriceLevel[], count: number): void {
  if (count > 16) {
    const sorted = levels.slice(0, count).sort(levelOrder);
    for (let i = 0; i < count; i++) levels[i] = sorted[i];
    return;
  }
  for (let i = 1; i < count; i++) {
    const level = levels[i];
    let j = i - 1;
    for (; j >= 0 && levelOrder(levels[j], level) > 0; j--) levels[j + 1] = levels[j];
    levels[j + 1] = level;
  }
}

function statusOf(o: Order): OrderView['status'] {
  if (o.list !== null && o.list.isPending(o)) return 'pending_new';
  if (isWaitingStop(o)) return 'waiting';
  return o.remaining + o.hidden < o.quantity ? 'partially_filled' : 'new';
}

function view(o: Order): OrderView {
  return {
    orderId: o.id,
    userId: o.userId,
    side: o.side,
    orderType: o.orderType,
    ...(o.price > 0 ? { price: o.price } : {}),
    ...(o.stopPrice > 0 ? { stopPrice: o.stopPrice } : {}),
    quantity: o.quantity,
    remaining: o.byQuote ? 0 : o.remaining + o.hidden,
    filled: o.byQuote ? 0 : o.quantity - o.remaining - o.hidden,
    ...(o.byQuote ? { quoteAmount: o.quoteAmount } : {}),
    ...(o.trailingDelta > 0 ? { trailingDelta: o.trailingDelta } : {}),
    ...(o.icebergQty > 0 ? { icebergQty: o.icebergQty } : {}),
    status: statusOf(o),
    timeInForce: o.timeInForce,
    postOnly: o.postOnly,
    stp: o.stp,
    makerFeePpm: o.makerFeePpm,
    takerFeePpm: o.takerFeePpm,
    timestamp: o.timestamp,
    priority: o.priority,
    ...(o.list !== null ? { listId: o.list.id } : {}),
  };
}

/** The order a valid place command makes (also each order of a list). */
function orderFrom(cmd: PlaceCommand, priority: number): Order {
  const isMarket = cmd.orderType === 'market' || cmd.orderType === 'stop_market' || cmd.orderType === 'take_profit';
  const byQuote = cmd.quoteAmount !== undefined;
  const quantity = byQuote ? 0 : (cmd.quantity as number);
  return new Order(
    cmd.orderId,
    cmd.userId,
    cmd.side,
    cmd.orderType,
    cmd.price ?? 0,
    cmd.stopPrice ?? 0,
    quantity,
    byQuote ? (cmd.quoteAmount as number) : quantity,
    byQuote,
    cmd.timeInForce ?? (isMarket ? 'IOC' : 'GTC'),
    cmd.postOnly === true,
    cmd.stp ?? 'cancel_newest',
    cmd.makerFeePpm,
    cmd.takerFeePpm,
    cmd.timestamp,
    priority,
    byQuote ? (cmd.quoteAmount as number) : 0,
    cmd.icebergQty ?? 0,
    0,
    cmd.trailingDelta ?? 0,
    0,
  );
}
