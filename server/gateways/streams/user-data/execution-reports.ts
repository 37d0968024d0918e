import type { OrderStatus } from '../../../../engine';
import { decimalText } from '../../binance/protocol/decimal-text';
import { clientOrderId, orderType, STATUSES, workingTime } from '../../binance/protocol/order-views';
import { QUOTE_ASSET, SELF_TRADE_PREVENTION } from '../../binance/protocol/symbol-rules';
import { money, type Money } from '../../../kernel/money';
import type { UserStreamEvent } from '../../realtime/notifier';
import type { OrderRow } from '../../../trading/orders/order.entity';
import type { MarketRound } from '../../../trading/round-writer/round-effects';
import type { TradeRow } from '../../../trading/orders/trade.entity';

/**
 * Binance's `executionReport` events of a committed round, built from the rows the round wrote:
 * per order, `NEW` if the round placed it, a `TRADE` per fill (the order's cumulative quantities
 * after each), and its end if the round ended it other than by a fill (`CANCELED`, `EXPIRED`).
 * Ids and numbers are the REST API's (server/gateways/binance/order-views.ts).
 */

type ExecutionType = 'NEW' | 'CANCELED' | 'TRADE' | 'EXPIRED' | 'REJECTED';

/** How an order ends other than filled, as the last report of it says. */
const END: Partial<Record<OrderStatus, ExecutionType>> = {
  canceled: 'CANCELED',
  expired: 'EXPIRED',
  rejected: 'REJECTED',
};
const OPEN: ReadonlySet<OrderStatus> = new Set(['new', 'partially_filled']);

/**
 * `I`, the execution id: unique per symbol. An order's own reports are numbered from its orderId
 * (4i: placed, 4i + 1: ended); a fill's from its trade id (4t + 2: the maker's, 4t + 3: the taker's).
 */
const executionId = {
  placed: (row: OrderRow) => 4 * Number(row.seq),
  ended: (row: OrderRow) => 4 * Number(row.seq) + 1,
  fill: (trade: TradeRow, maker: boolean) => 4 * Number(trade.seq) + (maker ? 2 : 3),
};

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
    q: decimalText(row.amount),
    p: decimalText(row.price ?? 0),
    P: decimalText(row.stop_price ?? 0),
    F: ZERO_TEXT,
    g: -1,
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
    V: SELF_TRADE_PREVENTION,
  };
}

/** What the round did to one order, in order, from its row as the round left it and its fills in the round. */
function executionsOf(row: OrderRow, fills: TradeRow[], placed: boolean): Execution[] {
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
  if (placed)
    executions.push({
      type: 'NEW',
      status: STATUSES.new,
      fill: null,
      filled,
      quoteFilled,
      id: executionId.placed(row),
      onBook: rests,
      time: row.created_at.getTime(),
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
  return heard.flatMap((row) =>
    executionsOf(row, fillsOf.get(row.id) ?? [], effects.placed.has(row.id)).map((execution) => ({
      user_id: row.user_id,
      data: JSON.stringify(report(row, execution, eventTime)),
    })),
  );
}
