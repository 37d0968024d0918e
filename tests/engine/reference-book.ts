/**
 * A deliberately simple, slow order book with the same rules and events as OrderBook: plain arrays
 * sorted on every look. Property tests run both on the same commands and demand equal events,
 * as exchange-core does with its naive and direct books. Not for production use.
 */
import type {
  AmendCommand,
  CancelCommand,
  Command,
  OrderType,
  PlaceCommand,
  Side,
  StpMode,
  TimeInForce,
} from '../../engine/commands';
import type { CancelReason, EngineEvent, ExpireReason, RejectReason } from '../../engine/events';
import { feeFor, minNotionalUnits, type MarketSpec } from '../../engine/market-spec';
import { idText, isTimestamp, notionalFits, validateAmend, validatePlace } from '../../engine/validation';

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
}

export class ReferenceBook {
  private readonly minNotional: number;
  private resting: RefOrder[] = [];
  private stops: RefOrder[] = [];
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
        .reduce((s, o) => s + o.remaining, 0);
      this.emit({ type: 'book', side, price, quantity });
    }
    return this.out;
  }

  /** Open orders in priority order (resting, then waiting stops). */
  openOrders(): { id: string; remaining: number; price: number; side: Side }[] {
    return [...this.resting, ...this.stops].sort((a, b) => a.priority - b.priority);
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
    return this.resting.find((o) => o.id === id) ?? this.stops.find((o) => o.id === id);
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
    const isStop = cmd.orderType.startsWith('stop');
    const isMarket = cmd.orderType.endsWith('market');
    const byQuote = cmd.quoteAmount !== undefined;
    const o: RefOrder = {
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
      priority: ++this.priority,
    };
    const accepted = {
      type: 'accepted',
      orderId: o.id,
      userId: o.userId,
      side: o.side,
      orderType: o.orderType,
      ...(o.price ? { price: o.price } : {}),
      ...(o.stopPrice ? { stopPrice: o.stopPrice } : {}),
      ...(byQuote ? { quoteAmount: o.remaining } : { quantity: o.quantity }),
      timeInForce: o.timeInForce,
    };
    if (isStop) {
      this.emit({ ...accepted, status: 'waiting' });
      const due = this.last !== undefined && (o.side === 'buy' ? this.last >= o.stopPrice : this.last <= o.stopPrice);
      if (due) this.trigger(o);
      else this.stops.push(o);
    } else {
      const best = this.opposite(o.side)[0];
      if (o.postOnly && best && this.crosses(o.side, o.price, best.price)) {
        return this.reject('place', o.id, o.userId, 'POST_ONLY_WOULD_TAKE');
      }
      if (o.timeInForce === 'FOK' && !this.canFill(o)) return this.reject('place', o.id, o.userId, 'FOK_NOT_FILLABLE');
      this.emit({ ...accepted, status: 'new' });
      this.match(o);
    }
    this.runStops();
  }

  private cancel(cmd: CancelCommand): void {
    if (!isTimestamp(cmd.timestamp)) return this.reject('cancel', cmd.orderId, cmd.userId, 'INVALID_TIMESTAMP');
    const o = this.find(cmd.orderId);
    if (!o || (cmd.userId !== undefined && cmd.userId !== o.userId))
      return this.reject('cancel', cmd.orderId, cmd.userId, 'UNKNOWN_ORDER');
    this.removeOpen(o);
    this.canceled(o, 'USER');
  }

  private amend(cmd: AmendCommand): void {
    const invalid = validateAmend(cmd);
    if (invalid) return this.reject('amend', cmd.orderId, cmd.userId, invalid);
    const o = this.find(cmd.orderId);
    if (!o || (cmd.userId !== undefined && cmd.userId !== o.userId))
      return this.reject('amend', cmd.orderId, cmd.userId, 'UNKNOWN_ORDER');
    const isMarket = o.orderType === 'stop_market';
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
    if (isResting && (remaining !== o.remaining || !kept)) this.touch(o);
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

  private canFill(o: RefOrder): boolean {
    let available = 0;
    for (const m of this.opposite(o.side)) {
      if (o.orderType === 'limit' && !this.crosses(o.side, o.price, m.price)) return false;
      if (m.userId === o.userId) {
        if (o.stp === 'cancel_oldest') continue;
        return false;
      }
      available += m.remaining;
      if (available >= o.remaining) return true;
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
      qty = Math.min(qty, m.remaining);
      const notional = m.price * qty;
      m.remaining -= qty;
      t.remaining -= t.byQuote ? notional : qty;
      this.touch(m);
      if (m.remaining === 0) this.resting = this.resting.filter((r) => r !== m);
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
      if (filled) break;
    }
    if (selfTrade) this.canceled(t, 'SELF_TRADE');
    else if (t.byQuote) {
      if (!filled) this.expired(t, 'NO_LIQUIDITY');
    } else if (t.remaining === 0) {
      // filled
    } else if (t.orderType === 'limit' && t.timeInForce === 'GTC') {
      this.resting.push(t);
      this.touch(t);
    } else this.expired(t, t.orderType === 'market' ? 'NO_LIQUIDITY' : 'IOC_REMAINDER');
  }

  private runStops(): void {
    for (;;) {
      if (this.last === undefined) return;
      const last = this.last;
      const buys = this.stops.filter((s) => s.side === 'buy' && s.stopPrice <= last);
      buys.sort((a, b) => a.stopPrice - b.stopPrice || a.priority - b.priority);
      const sells = this.stops.filter((s) => s.side === 'sell' && s.stopPrice >= last);
      sells.sort((a, b) => b.stopPrice - a.stopPrice || a.priority - b.priority);
      const next = buys[0] ?? sells[0];
      if (!next) return;
      this.stops = this.stops.filter((s) => s !== next);
      this.trigger(next);
    }
  }

  private trigger(o: RefOrder): void {
    this.emit({ type: 'triggered', orderId: o.id, userId: o.userId, stopPrice: o.stopPrice, lastPrice: this.last });
    o.orderType = o.orderType === 'stop_limit' ? 'limit' : 'market';
    o.priority = ++this.priority;
    if (o.timeInForce === 'FOK' && !this.canFill(o)) this.expired(o, 'FOK_NOT_FILLABLE');
    else this.match(o);
  }

  private removeOpen(o: RefOrder): void {
    if (this.resting.includes(o)) {
      this.touch(o);
      this.resting = this.resting.filter((r) => r !== o);
    } else this.stops = this.stops.filter((s) => s !== o);
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
  }

  private expired(o: RefOrder, reason: ExpireReason): void {
    this.emit({ type: 'expired', orderId: o.id, userId: o.userId, reason, remaining: o.remaining, status: 'expired' });
  }
}
