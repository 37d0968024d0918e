/** Checks of command fields that need no book state; shared by the fast and the reference book. */
import type { AmendCommand, ListOrder, PlaceCommand, PlaceListCommand } from './commands';
import type { RejectReason } from './events';

// Plain comparisons, not Set lookups: these run on every order placed.
const isSide = (v: unknown) => v === 'buy' || v === 'sell';
const isOrderType = (v: unknown) =>
  v === 'limit' ||
  v === 'market' ||
  v === 'stop_limit' ||
  v === 'stop_market' ||
  v === 'take_profit_limit' ||
  v === 'take_profit';
const isTimeInForce = (v: unknown) => v === 'GTC' || v === 'IOC' || v === 'FOK';
const isStp = (v: unknown) =>
  v === 'cancel_newest' || v === 'cancel_oldest' || v === 'cancel_both' || v === 'decrement';
const MAX_PPM = 1_000_000;
/** Basis points; under 100%, as a sell cannot trail by the whole price. */
export const MAX_TRAILING_DELTA = 9999;

/** A positive JS safe integer: the only accepted form of a price or quantity. */
export function isPositiveInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
}

export function isId(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0;
}

/** An id for a rejected event, from whatever the caller sent (never throws). */
export function idText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  return '';
}

export function isTimestamp(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

function isFee(v: unknown): boolean {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= MAX_PPM;
}

/**
 * price x quantity fits a safe integer (so every notional and fee below it does too). Exact for
 * positive safe integers although the product is rounded: rounding is monotonic and 2^53 is a
 * double, so a product above 2^53 - 1 never rounds down to it (a multiply, not a division).
 */
export function notionalFits(price: number, quantity: number): boolean {
  return price * quantity <= Number.MAX_SAFE_INTEGER;
}

export function validatePlace(cmd: PlaceCommand, minNotional: number): RejectReason | undefined {
  if (!isId(cmd.orderId) || !isId(cmd.userId)) return 'INVALID_ID';
  if (!isTimestamp(cmd.timestamp)) return 'INVALID_TIMESTAMP';
  if (!isSide(cmd.side) || !isOrderType(cmd.orderType)) return 'INVALID_ORDER';
  if (cmd.timeInForce !== undefined && !isTimeInForce(cmd.timeInForce)) return 'INVALID_ORDER';
  if (cmd.stp !== undefined && !isStp(cmd.stp)) return 'INVALID_ORDER';
  if (cmd.postOnly !== undefined && typeof cmd.postOnly !== 'boolean') return 'INVALID_ORDER';
  if (!isFee(cmd.makerFeePpm) || !isFee(cmd.takerFeePpm)) return 'INVALID_FEE';

  const type = cmd.orderType;
  const isLimit = type === 'limit' || type === 'stop_limit' || type === 'take_profit_limit';
  const isStop = type !== 'limit' && type !== 'market';
  if (isLimit ? !isPositiveInt(cmd.price) : cmd.price !== undefined) return isLimit ? 'INVALID_PRICE' : 'INVALID_ORDER';
  if (cmd.trailingDelta !== undefined) {
    if (!isStop) return 'INVALID_ORDER';
    if (!isTrailingDelta(cmd.trailingDelta)) return 'INVALID_TRAILING_DELTA';
    if (cmd.stopPrice !== undefined && !isPositiveInt(cmd.stopPrice)) return 'INVALID_PRICE';
  } else if (isStop ? !isPositiveInt(cmd.stopPrice) : cmd.stopPrice !== undefined)
    return isStop ? 'INVALID_PRICE' : 'INVALID_ORDER';

  if (isLimit) {
    if (cmd.quoteAmount !== undefined) return 'INVALID_ORDER';
    if (!isPositiveInt(cmd.quantity)) return 'INVALID_QUANTITY';
    if (cmd.postOnly && (type !== 'limit' || (cmd.timeInForce ?? 'GTC') !== 'GTC')) return 'INVALID_ORDER';
    if (cmd.icebergQty !== undefined) {
      if ((cmd.timeInForce ?? 'GTC') !== 'GTC') return 'INVALID_ORDER';
      if (!isPositiveInt(cmd.icebergQty) || cmd.icebergQty >= cmd.quantity) return 'INVALID_QUANTITY';
    }
    const price = cmd.price as number;
    if (!notionalFits(price, cmd.quantity)) return 'OVERFLOW';
    if (price * cmd.quantity < minNotional) return 'MIN_NOTIONAL';
    return undefined;
  }
  if (cmd.postOnly || cmd.timeInForce === 'GTC' || cmd.icebergQty !== undefined) return 'INVALID_ORDER';
  if (cmd.quoteAmount !== undefined) {
    if (cmd.quantity !== undefined || cmd.side !== 'buy' || cmd.timeInForce === 'FOK') return 'INVALID_ORDER';
    if (!isPositiveInt(cmd.quoteAmount)) return 'INVALID_QUANTITY';
    if (cmd.quoteAmount < minNotional) return 'MIN_NOTIONAL';
    return undefined;
  }
  if (!isPositiveInt(cmd.quantity)) return 'INVALID_QUANTITY';
  return undefined;
}

function isTrailingDelta(v: unknown): boolean {
  return isPositiveInt(v) && v <= MAX_TRAILING_DELTA;
}

/** Field checks of an amend; the book checks them against the order. */
export function validateAmend(cmd: AmendCommand): RejectReason | undefined {
  if (!isId(cmd.orderId) || (cmd.userId !== undefined && !isId(cmd.userId))) return 'INVALID_ID';
  if (!isTimestamp(cmd.timestamp)) return 'INVALID_TIMESTAMP';
  if (cmd.price === undefined && cmd.quantity === undefined) return 'NOTHING_TO_AMEND';
  if (cmd.price !== undefined && !isPositiveInt(cmd.price)) return 'INVALID_PRICE';
  if (cmd.quantity !== undefined && !isPositiveInt(cmd.quantity)) return 'INVALID_QUANTITY';
  return undefined;
}

/** The orders of a list (`oco` and `oto` two, `otoco` three), each checked as a place command of the list's user. */
export function validateList(cmd: PlaceListCommand, minNotional: number): RejectReason | undefined {
  if (!isId(cmd.listId) || !isId(cmd.userId)) return 'INVALID_ID';
  if (!isTimestamp(cmd.timestamp)) return 'INVALID_TIMESTAMP';
  const count = cmd.kind === 'oco' || cmd.kind === 'oto' ? 2 : cmd.kind === 'otoco' ? 3 : 0;
  if (count === 0 || !Array.isArray(cmd.orders) || cmd.orders.length !== count) return 'INVALID_LIST';
  for (const order of cmd.orders as unknown[]) {
    if (order === null || typeof order !== 'object') return 'INVALID_LIST';
    const reason = validatePlace(listOrderCommand(cmd, order as ListOrder), minNotional);
    if (reason !== undefined) return reason;
  }
  if (new Set(cmd.orders.map((o) => o.orderId)).size !== count) return 'DUPLICATE_ID';
  return undefined;
}

/** One order of a list as the place command it would be on its own. */
export function listOrderCommand(cmd: PlaceListCommand, order: ListOrder): PlaceCommand {
  return { ...order, type: 'place', userId: cmd.userId, timestamp: cmd.timestamp };
}
