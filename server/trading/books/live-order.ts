import type { OrderStatus, Side, TimeInForce } from '../../../engine';
import type { OrderKind } from '../order-schemas';

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
  priceTicks: number | null;
  stopTicks: number | null;
  lots: number;
  filledLots: number;
  quoteFilled: number;
  reserved: number;
  status: OrderStatus;
  seq: number;
  createdAt: Date;
  updatedAt: Date;
}

export const FINAL_STATUSES: ReadonlySet<OrderStatus> = new Set(['filled', 'canceled', 'rejected', 'expired']);
/** The orders_open_symbol_seq index (order.entity.ts) holds exactly these: keep the two lists the same. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['new', 'partially_filled', 'waiting'];
