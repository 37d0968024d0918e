import type { OrderStatus, Side, StpMode, TimeInForce } from '../../../engine';
import type { OrderKind } from '../orders/order-schemas';

/**
 * An order as the sequencer tracks it, in the engine's integer units: lots, ticks, and notional
 * units (tick x lot). `reserved` is what is still held: notional units for a buy, lots for a sell.
 */
export interface LiveOrder {
  id: string;
  userId: string;
  symbol: string;
  side: Side;
  type: OrderKind;
  timeInForce: TimeInForce;
  postOnly: boolean;
  priceTicks: number | null;
  stopTicks: number | null;
  /** An iceberg: the lots it shows at a time; null otherwise. */
  icebergLots: number | null;
  /** A trailing stop's delta in basis points; null otherwise. */
  trailingDelta: number | null;
  /** A trailing stop that has begun to trail: since when; null otherwise. */
  trailingTime: Date | null;
  /** A market buy by quote amount: 0 until it trades, then what it bought. */
  lots: number;
  /** A market buy by quote amount: the notional units it could spend; null otherwise. */
  quoteUnits: number | null;
  /** The caller's own id of the order (Binance's clientOrderId), unique per user; null when none was given. */
  clientOrderId: string | null;
  stp: StpMode;
  filledLots: number;
  /** The lots self-trade prevention's decrement took off `lots` (0 when none). */
  preventedLots: number;
  quoteFilled: number;
  reserved: number;
  status: OrderStatus;
  seq: number;
  /** The order list it belongs to (Binance's orderListId); null for an order of its own. */
  listId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export const FINAL_STATUSES: ReadonlySet<OrderStatus> = new Set(['filled', 'canceled', 'rejected', 'expired']);
/** The orders_open_symbol_seq index (order.entity.ts) holds exactly these: keep the two lists the same. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['new', 'partially_filled', 'waiting', 'pending_new'];
