/**
 * A deliberately simple, slow order book with the same rules and events as OrderBook: plain arrays
 * sorted on every look. Property tests run both on the same commands and demand equal events,
 * as exchange-core does with its naive and direct books. Not for production use.
 */
import type {
  AmendCommand,
  CancelCommand,
  CancelListCommand,
  Command,
  ListKind,
  OrderType,
  PlaceCommand,
  PlaceListCommand,
  Side,
  StpMode,
  TimeInForce,
} from '../../engine/commands';
import type { CancelReason, EngineEvent, ExpireReason, RejectReason } from '../../engine/events';
import { feeFor, minNotionalUnits, type MarketSpec } from '../../engine/market-spec';
import {
  idText,
  isId,
  isTimestamp,
  listOrderCommand,
  notionalFits,
  validateAmend,
  validateList,
  validatePlace,
} from '../../engine/validation';

interface RefOrder {
  id: string;
  userId: string;
  side: Side;
  orderType: OrderType;
  price: number;
  stopPrice: number;
  quantity: number;
  remaining: number;
  byQuote: boolean;
  timeInForce: TimeInForce;
  postOnly: boolean;
  stp: StpMode;
  makerFeePpm: number;
  takerFeePpm: number;
  priority: number;
  icebergQty: number;
  /** A resting iceberg's visible lots (its `remaining` counts them all). */
  shown: number;
  trailingDelta: number;
  /** Trailing has started (at placement, or when the stop price was reached). */
  trailing: boolean;
  /** Best last price seen since trailing started; 0 before the first. */
  peak: number;
  list?: RefList;
}

interface RefList {
  id: string;
  userId: string;
  kind: ListKind;
  orderIds: string[];
  /** Each order, null once it has ended. */
  legs: Array<RefOrder | null>;
  /** Pending orders from this index on. */
  firstPending: number;
  closing: boolean;
  done: boolean;
}

/** A stop order not triggered yet (triggering makes it a limit or market order). */
const isWaitingStop = (o: RefOrder) => o.orderType !== 'limit' && o.orderType !== 'market';

/** What a resting order shows. */
const visible = (o: RefOrder) => (o.icebergQty > 0 ? o.shown : o.remaining);
/** Stop-loss buys and take-profit sells are due when the price rises to them; the others when it falls. */
const rises = (o: RefOrder) => (o.side === 'buy') === o.orderType.startsWith('stop');
const isDue = (o: RefOrder, last: number) => (rises(o) ? last >= o.stopPrice : last <= o.stopPrice);

/** The trailing price: the peak moved by the delta, rounded to a tick away from the peak (BigInt, no shortcuts). */
function trailPrice(o: RefOrder): number {
  const scaled = BigInt(o.peak) * BigInt(o.side === 'buy' ? 10_000 + o.trailingDelta : 10_000 - o.trailingDelta);
  const whole = scaled / 10_000n;
  return Number(o.side === 'buy' && whole * 10_000n !== scaled ? whole + 1n : whole);
}
export class ReferenceBook {
  private readonly minNotional: number;
  private resting: RefOrder[] = [];
  private stops: RefOrder[] = [];
  /** Orders of lists waiting for their working order to fill. */
  private pending: RefOrder[] = [];
  private lists = new Map<string, RefList>();
  private due: RefList[] = [];
  private seq = 0;
  private priority = 0;
  private last: number | undefined;
  private out: EngineEvent[] = [];
  private now = 0;
  private touched = new Set<string>();

  constructor(spec: MarketSpec) {
    this.minNotional = minNotionalUnits(spec);
  }

  apply(cmd: Command): EngineEvent[] {
    this.out = [];
    this.touched = new Set();
    this.now = typeof cmd.timestamp === 'number' && Number.isSafeInteger(cmd.timestamp) ? cmd.timestamp : 0;
    if (cmd.type === 'place') this.place(cmd);
    else if (cmd.type === 'cancel') this.cancel(cmd);
    else if (cmd.type === 'amend') this.amend(cmd);
    else if (cmd.type === 'placeList') this.placeList(cmd);
    else if (cmd.type === 'cancelList') this.cancelList(cmd);
    else this.reject('unknown', '', undefined, 'INVALID_COMMAND');
    const keys = [...this.touched].map((k) => {
      const [side, price] = k.split(':');
      return { side: side as Side, price: Number(price) };
    });
    keys.sort((a, b) =>
      a.side !== b.side ? (a.side === 'buy' ? -1 : 1) : a.side === 'buy' ? b.price - a.price : a.price - b.price,
    );
    for (const { side, price } of keys) {
      const quantity = this.resting
        .filter((o) => o.side === side && o.price === price)
        .reduce((s, o) => s + visible(o), 0);
      this.emit({ type: 'book', side, price, quantity });
    }
    return this.out;
  }

  /** Open orders in priority order (resting, waiting stops, and lists' pending orders). */
  openOrders(): { id: string; remaining: number; price: number; side: Side }[] {
    return [...this.resting, ...this.stops, ...this.pending].sort((a, b) => a.priority - b.priority);
  }

  private emit(e: Record<string, unknown>): void {
    this.out.push({ ...e, seq: ++this.seq, timestamp: this.now } as unknown as EngineEvent);
  }

  private reject(command: string, orderId: unknown, userId: unknown, reason: RejectReason): void {
    this.emit({
      type: 'rejected',
      command,
      orderId: idText(orderId),
      ...(typeof userId === 'string' ? { userId } : {}),
      reason,
    });
  }

  private touch(o: RefOrder): void {
    this.touched.add(`${o.side}:${o.price}`);
  }

  private find(id: string): RefOrder | undefined {
    return [...this.resting, ...this.stops, ...this.pending].find((o) => o.id === id);
  }

  /** Opposite side in matching order. */
  private opposite(side: Side): RefOrder[] {
    const other = this.resting.filter((o) => o.side !== side);
    return other.sort((a, b) => (side === 'buy' ? a.price - b.price : b.price - a.price) || a.priority - b.priority);
  }

  private crosses(side: Side, limit: number, price: number): boolean {
    return side === 'buy' ? price <= limit : price >= limit;
  }

  private place(cmd: PlaceCommand): void {
    const reason = validatePlace(cmd, this.minNotional);
    if (reason) return this.reject('place', cmd.orderId, cmd.userId, reason);
    if (this.find(cmd.orderId)) return this.reject('place', cmd.orderId, cmd.userId, 'DUPLICATE_ID');
    const o = this.newOrder(cmd);
    o.priority = ++this.priority;
    const isStop = isWaitingStop(o);
    const refused = isStop ? undefined : this.refusal(o);
    if (refused) return this.reject('place', o.id, o.userId, refused);
    this.emit({ ...this.accepted(o), status: isStop ? 'waiting' : 'new' });
    if (isStop) this.wait(o);
    else this.match(o);
    this.runStops();
  }

  private newOrder(cmd: PlaceCommand): RefOrder {
    const isMarket = cmd.orderType === 'market' || cmd.orderType === 'stop_market' || cmd.orderType === 'take_profit';
    const byQuote = cmd.quoteAmount !== undefined;
    return {
      id: cmd.orderId,
      userId: cmd.userId,
      side: cmd.side,
      orderType: cmd.orderType,
      price: cmd.price ?? 0,
      stopPrice: cmd.stopPrice ?? 0,
      quantity: byQuote ? 0 : (cmd.quantity as number),
      remaining: byQuote ? (cmd.quoteAmount as number) : (cmd.quantity as number),
      byQuote,
      timeInForce: cmd.timeInForce ?? (isMarket ? 'IOC' : 'GTC'),
      postOnly: cmd.postOnly === true,
      stp: cmd.stp ?? 'cancel_newest',
      makerFeePpm: cmd.makerFeePpm,
      takerFeePpm: cmd.takerFeePpm,
      priority: 0,
      icebergQty: cmd.icebergQty ?? 0,
      shown: 0,
      trailingDelta: cmd.trailingDelta ?? 0,
      trailing: false,
      peak: 0,
    };
  }

  private accepted(o: RefOrder): Record<string, unknown> {
    return {
      type: 'accepted',
      orderId: o.id,
      userId: o.userId,
      side: o.side,
      orderType: o.orderType,
      ...(o.price ? { price: o.price } : {}),
      ...(o.stopPrice ? { stopPrice: o.stopPrice } : {}),
      ...(o.byQuote ? { quoteAmount: o.remaining } : { quantity: o.quantity }),
      ...(o.trailingDelta ? { trailingDelta: o.trailingDelta } : {}),
      ...(o.icebergQty ? { icebergQty: o.icebergQty } : {}),
      timeInForce: o.timeInForce,
    };
  }

  /** A stop placed: it waits, trails, or (already due) triggers now. */
  private wait(o: RefOrder): void {
    const due = this.last !== undefined && isDue(o, this.last);
    if (o.trailingDelta && (!o.stopPrice || due)) this.startTrailing(o);
    else if (due) this.trigger(o, o.stopPrice);
    else this.stops.push(o);
  }

  /** Why a limit or market order could not be placed now (post-only or FOK), if so. */
  private refusal(o: RefOrder): 'POST_ONLY_WOULD_TAKE' | 'FOK_NOT_FILLABLE' | undefined {
    const best = this.opposite(o.side)[0];
    if (o.postOnly && best && this.crosses(o.side, o.price, best.price)) return 'POST_ONLY_WOULD_TAKE';
    if (o.timeInForce === 'FOK' && !this.canFill(o)) return 'FOK_NOT_FILLABLE';
    return undefined;
  }

  private cancel(cmd: CancelCommand): void {
    if (!isTimestamp(cmd.timestamp)) return this.reject('cancel', cmd.orderId, cmd.userId, 'INVALID_TIMESTAMP');
    const o = this.find(cmd.orderId);
    if (!o || (cmd.userId !== undefined && cmd.userId !== o.userId))
      return this.reject('cancel', cmd.orderId, cmd.userId, 'UNKNOWN_ORDER');
    if (o.list) return this.closeList(o.list);
    this.removeOpen(o);
    this.canceled(o, 'USER');
  }

  private amend(cmd: AmendCommand): void {
    const invalid = validateAmend(cmd);
    if (invalid) return this.reject('amend', cmd.orderId, cmd.userId, invalid);
    const o = this.find(cmd.orderId);
    if (!o || (cmd.userId !== undefined && cmd.userId !== o.userId))
      return this.reject('amend', cmd.orderId, cmd.userId, 'UNKNOWN_ORDER');
    if (o.list) return this.reject('amend', o.id, o.userId, 'INVALID_ORDER');
    const isMarket = o.orderType === 'stop_market' || o.orderType === 'take_profit';
    if ((isMarket && cmd.price !== undefined) || (o.byQuote && cmd.quantity !== undefined)) {
      return this.reject('amend', o.id, o.userId, 'INVALID_ORDER');
    }
    const price = cmd.price ?? o.price;
    const quantity = cmd.quantity ?? o.quantity;
    const filled = o.quantity - o.remaining;
    if (!o.byQuote && quantity <= filled) return this.reject('amend', o.id, o.userId, 'INVALID_QUANTITY');
    if (!isMarket && !notionalFits(price, quantity)) return this.reject('amend', o.id, o.userId, 'OVERFLOW');
    if (!isMarket && price * quantity < this.minNotional) return this.reject('amend', o.id, o.userId, 'MIN_NOTIONAL');
    const remaining = o.byQuote ? o.remaining : quantity - filled;
    const kept = price === o.price && quantity <= o.quantity;
    const isResting = this.resting.includes(o);
    if (isResting && price !== o.price && o.postOnly) {
      const best = this.opposite(o.side)[0];
      if (best && this.crosses(o.side, price, best.price))
        return this.reject('amend', o.id, o.userId, 'POST_ONLY_WOULD_TAKE');
    }
    const shownBefore = visible(o);
    if (o.icebergQty) o.shown = kept ? Math.min(o.shown, remaining) : Math.min(o.icebergQty, remaining);
    if (isResting && (visible({ ...o, remaining }) !== shownBefore || !kept)) this.touch(o);
    const moved = isResting && price !== o.price;
    o.price = price;
    o.quantity = quantity;
    o.remaining = remaining;
    if (!kept) o.priority = ++this.priority;
    this.emit({
      type: 'amended',
      orderId: o.id,
      userId: o.userId,
      ...(o.price ? { price: o.price } : {}),
      quantity: o.quantity,
      remaining: o.remaining,
      priorityKept: kept,
    });
    if (moved) {
      this.resting = this.resting.filter((r) => r !== o);
      this.match(o);
      this.runStops();
    }
  }

  /** Plays the match through on copies, icebergs showing their next slices at the back of their level. */
  private canFill(o: RefOrder): boolean {
    const queue = this.opposite(o.side).map((m) => ({ m, shown: visible(m), hidden: m.remaining - visible(m) }));
    let need = o.remaining;
    for (let e = queue.shift(); e; e = queue.shift()) {
      const { m } = e;
      if (o.orderType === 'limit' && !this.crosses(o.side, o.price, m.price)) return false;
      if (m.userId === o.userId) {
        if (o.stp === 'cancel_oldest') continue;
        return false;
      }
      need -= Math.min(need, e.shown);
      if (need === 0) return true;
      if (e.hidden > 0) {
        const shown = Math.min(m.icebergQty, e.hidden);
        const back = queue.findIndex((q) => q.m.price !== m.price);
        queue.splice(back < 0 ? queue.length : back, 0, { m, shown, hidden: e.hidden - shown });
      }
    }
    return false;
  }

  private match(t: RefOrder): void {
    let filled = false;
    let selfTrade = false;
    for (;;) {
      const m = this.opposite(t.side)[0];
      if (!m) break;
      if (t.orderType === 'limit' && !this.crosses(t.side, t.price, m.price)) break;
      let qty = t.byQuote ? Math.floor(t.remaining / m.price) : t.remaining;
      if (qty === 0) break;
      if (m.userId === t.userId) {
        if (t.stp === 'decrement') {
          qty = Math.min(qty, visible(m));
          this.take(m, qty);
          m.quantity -= qty;
          t.remaining -= t.byQuote ? m.price * qty : qty;
          if (!t.byQuote) t.quantity -= qty;
          this.emit({
            type: 'prevented',
            makerOrderId: m.id,
            takerOrderId: t.id,
            userId: t.userId,
            takerSide: t.side,
            price: m.price,
            quantity: qty,
            makerRemaining: m.remaining,
            takerRemaining: t.remaining,
          });
          if (m.remaining === 0) this.canceled(m, 'SELF_TRADE');
          else if (m.list) this.listTraded(m, false);
          if (t.byQuote ? t.remaining < m.price : t.remaining === 0) {
            selfTrade = true;
            break;
          }
          if (t.list) this.listTraded(t, false);
          continue;
        }
        if (t.stp !== 'cancel_newest') {
          this.removeOpen(m);
          this.canceled(m, 'SELF_TRADE');
        }
        if (t.stp !== 'cancel_oldest') {
          selfTrade = true;
          break;
        }
        continue;
      }
      qty = Math.min(qty, visible(m));
      const notional = m.price * qty;
      this.take(m, qty);
      t.remaining -= t.byQuote ? notional : qty;
      this.last = m.price;
      const next = this.opposite(t.side)[0];
      filled = t.byQuote ? t.remaining < (next ? next.price : m.price) : t.remaining === 0;
      this.emit({
        type: 'trade',
        makerOrderId: m.id,
        takerOrderId: t.id,
        makerUserId: m.userId,
        takerUserId: t.userId,
        takerSide: t.side,
        price: m.price,
        quantity: qty,
        notional,
        makerFee: feeFor(notional, m.makerFeePpm),
        takerFee: feeFor(notional, t.takerFeePpm),
        makerRemaining: m.remaining,
        takerRemaining: t.remaining,
        makerStatus: m.remaining === 0 ? 'filled' : 'partially_filled',
        takerStatus: filled ? 'filled' : 'partially_filled',
      });
      if (m.list) this.listTraded(m, m.remaining === 0);
      if (t.list) this.listTraded(t, filled);
      if (filled) break;
    }
    if (selfTrade) this.canceled(t, 'SELF_TRADE');
    else if (t.byQuote) {
      if (!filled) this.expired(t, 'NO_LIQUIDITY');
    } else if (t.remaining === 0) {
      // filled
    } else if (t.orderType === 'limit' && t.timeInForce === 'GTC') {
      t.shown = Math.min(t.icebergQty, t.remaining);
      this.resting.push(t);
      this.touch(t);
    } else this.expired(t, t.orderType === 'market' ? 'NO_LIQUIDITY' : 'IOC_REMAINDER');
  }

  /** A maker loses `qty` visible lots (traded or decremented); an iceberg shows its next slice at the back. */
  private take(m: RefOrder, qty: number): void {
    m.remaining -= qty;
    this.touch(m);
    if (m.remaining === 0) this.resting = this.resting.filter((r) => r !== m);
    else if (m.icebergQty) {
      m.shown -= qty;
      if (m.shown === 0) {
        m.shown = Math.min(m.icebergQty, m.remaining);
        m.priority = ++this.priority;
      }
    }
  }

  private startTrailing(o: RefOrder): void {
    o.trailing = true;
    o.peak = this.last ?? 0;
    if (!this.stops.includes(o)) this.stops.push(o);
    this.emit({ type: 'trailing', orderId: o.id, userId: o.userId });
  }

  private runStops(): void {
    this.placePending();
    for (;;) {
      if (this.last === undefined) return;
      const last = this.last;
      for (const s of this.stops) {
        if (s.trailing && (s.peak === 0 || (s.side === 'buy' ? last < s.peak : last > s.peak))) s.peak = last;
      }
      const waiting = this.stops.filter((s) => !s.trailing && isDue(s, last));
      waiting.sort(
        (a, b) =>
          Number(rises(b)) - Number(rises(a)) ||
          (rises(a) ? a.stopPrice - b.stopPrice : b.stopPrice - a.stopPrice) ||
          a.priority - b.priority,
      );
      const next = waiting[0];
      if (next) {
        if (next.trailingDelta) this.startTrailing(next);
        else {
          this.stops = this.stops.filter((s) => s !== next);
          this.trigger(next, next.stopPrice);
          this.placePending();
        }
        continue;
      }
      const trailed = this.stops
        .filter((s) => s.trailing && (s.side === 'buy' ? last >= trailPrice(s) : last <= trailPrice(s)))
        .sort(
          (a, b) =>
            (a.side === b.side ? 0 : a.side === 'buy' ? -1 : 1) ||
            (a.side === 'buy' ? trailPrice(a) - trailPrice(b) : trailPrice(b) - trailPrice(a)) ||
            a.priority - b.priority,
        )[0];
      if (!trailed) return;
      this.stops = this.stops.filter((s) => s !== trailed);
      this.trigger(trailed, trailPrice(trailed));
      this.placePending();
    }
  }

  private trigger(o: RefOrder, stopPrice: number): void {
    this.emit({ type: 'triggered', orderId: o.id, userId: o.userId, stopPrice, lastPrice: this.last });
    o.orderType = o.orderType === 'stop_limit' || o.orderType === 'take_profit_limit' ? 'limit' : 'market';
    o.priority = ++this.priority;
    if (o.list) this.cancelOther(o);
    if (o.timeInForce === 'FOK' && !this.canFill(o)) this.expired(o, 'FOK_NOT_FILLABLE');
    else this.match(o);
  }

  private removeOpen(o: RefOrder): void {
    if (this.resting.includes(o)) {
      this.touch(o);
      this.resting = this.resting.filter((r) => r !== o);
    } else {
      this.stops = this.stops.filter((s) => s !== o);
      this.pending = this.pending.filter((p) => p !== o);
    }
  }

  private canceled(o: RefOrder, reason: CancelReason): void {
    this.emit({
      type: 'canceled',
      orderId: o.id,
      userId: o.userId,
      reason,
      remaining: o.remaining,
      status: 'canceled',
    });
    if (o.list) this.listEnded(o, reason !== 'LIST');
  }

  private expired(o: RefOrder, reason: ExpireReason): void {
    this.emit({ type: 'expired', orderId: o.id, userId: o.userId, reason, remaining: o.remaining, status: 'expired' });
    if (o.list) this.listEnded(o, true);
  }

  // Lists: the same rules as engine/order-lists.ts, written out plainly.

  private placeList(cmd: PlaceListCommand): void {
    const invalid = validateList(cmd, this.minNotional);
    if (invalid) return this.reject('placeList', cmd.listId, cmd.userId, invalid);
    if (this.lists.has(cmd.listId) || cmd.orders.some((o) => this.find(o.orderId))) {
      return this.reject('placeList', cmd.listId, cmd.userId, 'DUPLICATE_ID');
    }
    const orders = cmd.orders.map((o) => this.newOrder(listOrderCommand(cmd, o)));
    const pair = (a: RefOrder, b: RefOrder) =>
      a.side === b.side &&
      !a.byQuote &&
      !b.byQuote &&
      a.quantity === b.quantity &&
      [a, b].every((o) => isWaitingStop(o) || (o.orderType === 'limit' && o.timeInForce === 'GTC')) &&
      (isWaitingStop(a) || isWaitingStop(b));
    const shaped =
      cmd.kind === 'oco'
        ? pair(orders[0], orders[1])
        : orders[0].orderType === 'limit' && (cmd.kind === 'oto' ? !orders[1].byQuote : pair(orders[1], orders[2]));
    if (!shaped) return this.reject('placeList', cmd.listId, cmd.userId, 'INVALID_LIST');
    const firstPending = cmd.kind === 'oco' ? 2 : 1;
    for (const o of orders.slice(0, firstPending)) {
      const refused = isWaitingStop(o) ? undefined : this.refusal(o);
      if (refused) return this.reject('placeList', cmd.listId, cmd.userId, refused);
    }
    const list: RefList = {
      id: cmd.listId,
      userId: cmd.userId,
      kind: cmd.kind,
      orderIds: orders.map((o) => o.id),
      legs: orders,
      firstPending,
      closing: false,
      done: false,
    };
    this.lists.set(list.id, list);
    this.listStatus(list, 'exec_started');
    orders.forEach((o, i) => {
      o.priority = ++this.priority;
      o.list = list;
      const status = i >= firstPending ? 'pending_new' : isWaitingStop(o) ? 'waiting' : 'new';
      this.emit({ ...this.accepted(o), status });
      if (i >= firstPending) this.pending.push(o);
    });
    this.placeLegs(list, 0, firstPending);
    this.runStops();
  }

  private cancelList(cmd: CancelListCommand): void {
    if (!isId(cmd.listId)) return this.reject('cancelList', cmd.listId, cmd.userId, 'INVALID_ID');
    if (!isTimestamp(cmd.timestamp)) return this.reject('cancelList', cmd.listId, cmd.userId, 'INVALID_TIMESTAMP');
    const list = this.lists.get(cmd.listId);
    if (!list || (cmd.userId !== undefined && cmd.userId !== list.userId)) {
      return this.reject('cancelList', cmd.listId, cmd.userId, 'UNKNOWN_ORDER');
    }
    this.closeList(list);
  }

  private placeLegs(list: RefList, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const o = list.legs[i];
      if (!o) continue;
      this.pending = this.pending.filter((p) => p !== o);
      if (isWaitingStop(o)) {
        this.wait(o);
        continue;
      }
      const refused = this.refusal(o);
      if (refused) this.expired(o, refused);
      else this.match(o);
    }
  }

  private placePending(): void {
    for (let list = this.due.shift(); list; list = this.due.shift()) {
      for (const o of list.legs.slice(list.firstPending)) {
        if (!o) continue;
        o.priority = ++this.priority;
        const status = isWaitingStop(o) ? 'waiting' : 'new';
        this.emit({ type: 'activated', orderId: o.id, userId: o.userId, listId: list.id, status });
      }
      this.placeLegs(list, list.firstPending, list.legs.length);
    }
  }

  private closeList(list: RefList): void {
    list.closing = true;
    for (const o of list.legs) {
      if (!o) continue;
      this.removeOpen(o);
      this.canceled(o, 'USER');
    }
  }

  /** The other order of o's pair, if open. */
  private other(o: RefOrder): RefOrder | null {
    const list = o.list as RefList;
    const i = list.legs.indexOf(o);
    if (list.kind === 'oco') return list.legs[1 - i];
    if (list.kind === 'otoco' && i > 0) return list.legs[3 - i];
    return null;
  }

  private cancelOther(o: RefOrder): void {
    const other = this.other(o);
    if (other) this.cancelForList(other);
  }

  private cancelForList(o: RefOrder): void {
    this.removeOpen(o);
    this.canceled(o, 'LIST');
  }

  private listTraded(o: RefOrder, filled: boolean): void {
    const list = o.list as RefList;
    const other = this.other(o);
    const working = list.kind !== 'oco' && list.legs[0] === o;
    if (filled) list.legs[list.legs.indexOf(o)] = null;
    if (other) this.cancelForList(other);
    if (!filled) return;
    if (working) this.due.push(list);
    else this.endIfDone(list);
  }

  /** `cascade`: ended by itself, not by the list's rules (which took care of the rest). */
  private listEnded(o: RefOrder, cascade: boolean): void {
    const list = o.list as RefList;
    const other = this.other(o);
    const working = list.kind !== 'oco' && list.legs[0] === o;
    list.legs[list.legs.indexOf(o)] = null;
    if (cascade && !list.closing) {
      if (other) this.cancelForList(other);
      if (working) for (const p of list.legs) if (p) this.cancelForList(p);
    }
    this.endIfDone(list);
  }

  private endIfDone(list: RefList): void {
    if (list.done || list.legs.some((o) => o)) return;
    list.done = true;
    this.lists.delete(list.id);
    this.listStatus(list, 'all_done');
  }

  private listStatus(list: RefList, statusType: 'exec_started' | 'all_done'): void {
    this.emit({
      type: 'list_status',
      listId: list.id,
      userId: list.userId,
      kind: list.kind,
      statusType,
      listStatus: statusType === 'exec_started' ? 'executing' : 'all_done',
      orderIds: [...list.orderIds],
    });
  }
}
