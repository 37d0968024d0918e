import type { OrderStatus } from '../../../../engine';
import { decimalText } from '../../binance/protocol/decimal-text';
import {
  amendExecutionId,
  clientOrderId,
  EXECUTION_SERIES,
  limitPrice,
  orderListId,
  orderType,
  originalQuantity,
  STATUSES,
  trailingTime,
  workingTime,
} from '../../binance/protocol/order-views';
import { binanceStpMode, QUOTE_ASSET } from '../../binance/protocol/symbol-rules';
import { money, type Money } from '../../../kernel/money';
import type { UserStreamEvent } from '../../realtime/notifier';
import type { OrderRow } from '../../../trading/orders/order.entity';
import type { MarketRound, RoundEffects } from '../../../trading/round-writer/round-effects';
import type { TradeRow } from '../../../trading/orders/trade.entity';

/**
 * Binance's `executionReport` events of a committed round, built from the rows the round wrote:
 * per order, `NEW` if the round placed it (`PENDING_NEW` a list's pending order) and again
 * (`NEW`) if it activated it (its working order filled), `REPLACED` if it amended it
 * (keepPriority), a `TRADE` per fill (the order's cumulative quantities after each), a
 * `TRADE_PREVENTION` per self-trade decrement that left it open, and its end if the round ended it
 * other than by a fill (`CANCELED`, `EXPIRED`).
 * Ids and numbers are the REST API's (server/gateways/binance/order-views.ts).
 */

type ExecutionType = 'NEW' | 'REPLACED' | 'CANCELED' | 'TRADE' | 'TRADE_PREVENTION' | 'EXPIRED' | 'REJECTED';

/** How an order ends other than filled, as the last report of it says. */
const END: Partial<Record<OrderStatus, ExecutionType>> = {
  canceled: 'CANCELED',
  expired: 'EXPIRED',
  rejected: 'REJECTED',
};
const OPEN: ReadonlySet<OrderStatus> = new Set(['new', 'partially_filled']);

/**
 * `I`, the execution id: unique per symbol. An order's own reports are numbered from its orderId
 * (6i: placed, 6i + 1: ended, 6(i + 1): a list's pending order activated, i + 1 being a sequence
 * number its list kept for it); a fill's from its trade id (6t + 2: the maker's, 6t + 3: the taker's);
 * a decrement's from its preventedMatchId (6p + 4: the taker's, 6p + 5: the maker's); an amend's
 * from its command's sequence number (6s, amendExecutionId).
 */
const executionId = {
  placed: (row: OrderRow) => EXECUTION_SERIES * Number(row.seq),
  ended: (row: OrderRow) => EXECUTION_SERIES * Number(row.seq) + 1,
  activated: (row: OrderRow) => EXECUTION_SERIES * (Number(row.seq) + 1),
  fill: (trade: TradeRow, maker: boolean) => EXECUTION_SERIES * Number(trade.seq) + (maker ? 2 : 3),
  decrement: (prevented: Prevention) => EXECUTION_SERIES * prevented.id + (prevented.maker ? 5 : 4),
};

/** A prevented match of an order (self-trade prevention), as the report of it tells it. */
interface Prevention {
  id: number;
  quantity: string;
  counterOrderId: number;
  /** Whether the order was the match's maker. */
  maker: boolean;
  /** A decrement's (it may have left the order open), else a cancel's. */
  decrement: boolean;
  /** A decrement's: the order's prevented quantity once it is counted (Binance's `A`; `B` is its own). */
  total?: string;
}

/** The prevented match as each of the orders it names saw it: the quantity prevented of it, the other order. */
function preventionsOf(match: RoundEffects['preventedMatches'][number]): Array<[orderId: string, Prevention]> {
  const common = { id: Number(match.id), decrement: match.stp === 'decrement' };
  const seen: Array<[string, Prevention]> = [];
  if (match.taker_prevented !== null)
    seen.push([
      match.taker_order_id,
      { ...common, quantity: match.taker_prevented, counterOrderId: match.maker_seq, maker: false },
    ]);
  if (match.maker_prevented !== null)
    seen.push([
      match.maker_order_id,
      { ...common, quantity: match.maker_prevented, counterOrderId: match.taker_seq, maker: true },
    ]);
  return seen;
}

/** Each decrement's running total of the order's prevented quantity, back from `total` as the round left it. */
function countPrevented(total: string, preventions: Prevention[]) {
  let before = preventions.reduce((sum, p) => (p.decrement ? sum.minus(p.quantity) : sum), money(total));
  for (const p of preventions) if (p.decrement) p.total = (before = before.plus(p.quantity)).toFixed();
}

/** One report's own part: what happened, and the order's state right after it. */
interface Execution {
  type: ExecutionType;
  status: string;
  fill: TradeRow | null;
  filled: Money | string;
  quoteFilled: Money | string;
  id: number;
  /** Whether the order rests on the book after it (Binance's `w`). */
  onBook: boolean;
  time: number;
  prevented?: Prevention;
}

const ZERO_TEXT = decimalText(0);

function report(row: OrderRow, execution: Execution, eventTime: number) {
  const { fill } = execution;
  const maker = fill !== null && fill.maker_order_id === row.id;
  const canceled = execution.type === 'CANCELED';
  return {
    e: 'executionReport',
    E: eventTime,
    s: row.symbol,
    c: clientOrderId(row),
    S: row.side.toUpperCase(),
    o: orderType(row),
    f: row.time_in_force,
    q: originalQuantity(row),
    p: limitPrice(row),
    P: decimalText(row.stop_price ?? 0),
    F: decimalText(row.iceberg_amount ?? 0),
    g: orderListId(row),
    // A cancellation names the order it cancels; the cancel request's own id is not kept.
    C: canceled ? clientOrderId(row) : '',
    x: execution.type,
    X: execution.status,
    r: 'NONE',
    i: Number(row.seq),
    l: fill ? decimalText(fill.amount) : ZERO_TEXT,
    z: decimalText(execution.filled),
    L: fill ? decimalText(fill.price) : ZERO_TEXT,
    n: fill ? decimalText(maker ? fill.maker_fee : fill.taker_fee) : '0',
    N: fill ? QUOTE_ASSET : null,
    T: execution.time,
    t: fill ? Number(fill.seq) : -1,
    I: execution.id,
    w: execution.onBook,
    m: maker,
    M: false,
    O: row.created_at.getTime(),
    Z: decimalText(execution.quoteFilled),
    Y: fill ? decimalText(fill.quote_amount) : ZERO_TEXT,
    Q: decimalText(row.quote_amount ?? 0),
    W: workingTime(row),
    V: binanceStpMode(row.stp),
    // A trailing stop's delta: Binance sends `d` only for such orders.
    ...(row.trailing_delta !== null && { d: row.trailing_delta }),
    // And `D`, when it began to trail, once it has.
    ...(row.trailing_time !== null && { D: trailingTime(row) }),
    // Binance's fields of an order self-trade prevention ended or decremented: the match, the quantity it prevented, the other order.
    ...(execution.prevented && {
      u: -1,
      v: execution.prevented.id,
      U: execution.prevented.counterOrderId,
      A: decimalText(execution.prevented.total ?? execution.prevented.quantity),
      B: decimalText(execution.prevented.quantity),
      Cs: row.symbol,
    }),
  };
}

/**
 * What the round did to one order, in order, from its row as the round left it, its fills and its
 * prevented matches in the round.
 */
function executionsOf(
  row: OrderRow,
  fills: TradeRow[],
  placed: boolean,
  activated: boolean,
  amendSeq: number | undefined,
  preventions: Prevention[],
): Execution[] {
  // Before the round's fills of it; an order without any this round is as its row says (no arithmetic).
  let filled: Money | string = row.filled;
  let quoteFilled: Money | string = row.quote_filled;
  if (fills.length > 0) {
    filled = fills.reduce((sum, fill) => sum.minus(fill.amount), money(row.filled));
    quoteFilled = fills.reduce((sum, fill) => sum.minus(fill.quote_amount), money(row.quote_filled));
  }
  // On the book after an event that leaves it open: one that rested before the round, or rests after it.
  const rests = row.status !== 'waiting' && (!placed || OPEN.has(row.status));
  const time = row.updated_at.getTime();
  const executions: Execution[] = [];
  const pending = activated || row.status === 'pending_new';
  if (placed)
    executions.push({
      type: 'NEW',
      status: pending ? STATUSES.pending_new : STATUSES.new,
      fill: null,
      filled,
      quoteFilled,
      id: executionId.placed(row),
      onBook: rests && !pending,
      time: row.created_at.getTime(),
    });
  if (activated)
    executions.push({
      type: 'NEW',
      status: STATUSES.new,
      fill: null,
      filled,
      quoteFilled,
      id: executionId.activated(row),
      onBook: rests,
      time,
    });
  // Its state as the amend left it: the round's fills of it come after (an amend never trades).
  if (amendSeq !== undefined)
    executions.push({
      type: 'REPLACED',
      status: row.status === 'waiting' || money(filled).isZero() ? STATUSES.new : STATUSES.partially_filled,
      fill: null,
      filled,
      quoteFilled,
      id: amendExecutionId(amendSeq),
      onBook: row.status !== 'waiting',
      time,
    });
  if (row.prevented_amount !== null) countPrevented(row.prevented_amount, preventions);
  // The match that ended it, its cancel tells: its last, unless a decrement that left it some to trade.
  const last = preventions[preventions.length - 1];
  const ended = row.status === 'canceled' && last && (!last.decrement || money(row.amount).eq(row.filled));
  const prevented = ended ? last : undefined;
  for (const decrement of preventions.filter((p) => p.decrement && p !== prevented))
    executions.push({
      type: 'TRADE_PREVENTION',
      status: money(filled).isZero() ? STATUSES.new : STATUSES.partially_filled,
      fill: null,
      filled,
      quoteFilled,
      id: executionId.decrement(decrement),
      onBook: rests,
      time,
      prevented: decrement,
    });
  fills.forEach((fill, k) => {
    filled = money(filled).plus(fill.amount);
    quoteFilled = money(quoteFilled).plus(fill.quote_amount);
    const last = k === fills.length - 1 && row.status === 'filled';
    executions.push({
      type: 'TRADE',
      status: last ? STATUSES.filled : STATUSES.partially_filled,
      fill,
      filled,
      quoteFilled,
      id: executionId.fill(fill, fill.maker_order_id === row.id),
      onBook: rests && !last,
      time: fill.created_at.getTime(),
    });
  });
  const end = END[row.status];
  if (end)
    executions.push({
      type: end,
      status: STATUSES[row.status],
      fill: null,
      filled,
      quoteFilled,
      id: executionId.ended(row),
      onBook: false,
      time,
      ...(end === 'CANCELED' && prevented ? { prevented } : {}),
    });
  return executions;
}

/** The executionReports of one market's part of a committed round, for the users `listened` says may hear them. */
export function executionReports(
  { orders, effects }: Pick<MarketRound, 'orders' | 'effects'>,
  listened: (userId: string) => boolean,
  eventTime: number,
): UserStreamEvent[] {
  const heard = orders.filter((row) => listened(row.user_id));
  if (heard.length === 0) return [];
  const fillsOf = new Map<string, TradeRow[]>();
  for (const trade of effects.trades)
    for (const orderId of [trade.maker_order_id, trade.taker_order_id]) {
      const fills = fillsOf.get(orderId);
      if (fills) fills.push(trade);
      else fillsOf.set(orderId, [trade]);
    }
  // Each order's prevented matches in the round, in their order.
  const preventedOf = new Map<string, Prevention[]>();
  for (const match of effects.preventedMatches)
    for (const [orderId, prevention] of preventionsOf(match)) {
      const preventions = preventedOf.get(orderId);
      if (preventions) preventions.push(prevention);
      else preventedOf.set(orderId, [prevention]);
    }
  return heard.flatMap((row) =>
    executionsOf(
      row,
      fillsOf.get(row.id) ?? [],
      effects.placed.has(row.id),
      effects.activated.has(row.id),
      effects.amended.get(row.id),
      preventedOf.get(row.id) ?? [],
    ).map((execution) => ({
      user_id: row.user_id,
      data: JSON.stringify(report(row, execution, eventTime)),
    })),
  );
}
