import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { OrderStatus, Side, StpMode, TimeInForce } from '../../../engine';
import type { OrderKind } from './order-schemas';

/**
 * One row per accepted order. `reserved` is what is still held for it (USD for a buy, the base
 * asset for a sell); `quote_filled` sums price x quantity of its fills, for the average price.
 */
@Entity({ name: 'orders' })
@Index('orders_user_created', ['user_id', 'created_at'])
// What recovery reads: a book's open orders. Only open orders are in it, so most orders leave it once, or never enter.
@Index('orders_open_symbol_seq', ['symbol', 'seq'], {
  where: "status IN ('new', 'partially_filled', 'waiting', 'pending_new')",
})
// A list's orders (recovery, and the Binance-compatible API's lists); most orders are in none.
@Index('orders_list', ['list_id'], { where: 'list_id IS NOT NULL' })
// The Binance-compatible API names a user's orders by symbol and seq (orderId), or by their client order id.
@Index('orders_user_symbol_seq', ['user_id', 'symbol', 'seq'])
@Index('orders_user_client_order_id', ['user_id', 'client_order_id'], {
  unique: true,
  where: 'client_order_id IS NOT NULL',
})
export class OrderRow {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  user_id!: string;

  @Column({ type: 'varchar', length: 16 })
  symbol!: string;

  @Column({ type: 'varchar', length: 4 })
  side!: Side;

  @Column({ type: 'varchar', length: 24 })
  type!: OrderKind;

  @Column({ type: 'varchar', length: 3 })
  time_in_force!: TimeInForce;

  /** A limit order that may only rest (Binance's LIMIT_MAKER). */
  @Column({ type: 'boolean', default: false })
  post_only!: boolean;

  @Column({ type: 'numeric', precision: 38, scale: 18, nullable: true })
  price!: string | null;

  @Column({ type: 'numeric', precision: 38, scale: 18, nullable: true })
  stop_price!: string | null;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  amount!: string;

  /** An iceberg: how much of its amount it shows at a time (Binance's icebergQty); null otherwise. */
  @Column({ type: 'numeric', precision: 38, scale: 18, nullable: true })
  iceberg_amount!: string | null;

  /** A trailing stop: how far it trails the last price, in basis points (Binance's trailingDelta); null otherwise. */
  @Column({ type: 'integer', nullable: true })
  trailing_delta!: number | null;

  /** A trailing stop: when it began to trail (Binance's trailingTime); null before, and for any other order. */
  @Column({ type: 'timestamptz', nullable: true })
  trailing_time!: Date | null;

  /**
   * What self-trade prevention's decrement took off its amount (Binance's preventedQuantity: its
   * origQty is amount + this); null when none.
   */
  @Column({ type: 'numeric', precision: 38, scale: 18, nullable: true })
  prevented_amount!: string | null;

  @Column({ type: 'numeric', precision: 38, scale: 18, default: 0 })
  filled!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18, default: 0 })
  quote_filled!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18, default: 0 })
  reserved!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: OrderStatus;

  /** The per-symbol command sequence number of the command that placed it (Binance's orderId). */
  @Column({ type: 'bigint' })
  seq!: string;

  /** The caller's own id of the order (Binance's clientOrderId), unique per user; null when none was given. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  client_order_id!: string | null;

  /** A market buy by quote amount: what it could spend (its amount is what it bought); null otherwise. */
  @Column({ type: 'numeric', precision: 38, scale: 18, nullable: true })
  quote_amount!: string | null;

  /** Which order a self-trade ends when this one takes (the engine's modes; Binance's selfTradePreventionMode). */
  @Column({ type: 'varchar', length: 16, default: 'cancel_newest' })
  stp!: StpMode;

  /** The order list it belongs to (Binance's orderListId); null for an order of its own. */
  @Column({ type: 'bigint', nullable: true })
  list_id!: string | null;

  @Column({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'timestamptz' })
  updated_at!: Date;
}
