import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { OrderStatus, Side, TimeInForce } from '../../engine';
import type { OrderKind } from './order-schemas';

/**
 * One row per accepted order. `reserved` is what is still held for it (USD for a buy, the base
 * asset for a sell); `quote_filled` sums price x quantity of its fills, for the average price.
 */
@Entity({ name: 'orders' })
@Index('orders_user_created', ['user_id', 'created_at'])
// What recovery reads: a book's open orders. Only open orders are in it, so most orders leave it once, or never enter.
@Index('orders_open_symbol_seq', ['symbol', 'seq'], { where: "status IN ('new', 'partially_filled', 'waiting')" })
export class OrderRow {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  user_id!: string;

  @Column({ type: 'varchar', length: 16 })
  symbol!: string;

  @Column({ type: 'varchar', length: 4 })
  side!: Side;

  @Column({ type: 'varchar', length: 16 })
  type!: OrderKind;

  @Column({ type: 'varchar', length: 3 })
  time_in_force!: TimeInForce;

  @Column({ type: 'numeric', precision: 38, scale: 18, nullable: true })
  price!: string | null;

  @Column({ type: 'numeric', precision: 38, scale: 18, nullable: true })
  stop_price!: string | null;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  amount!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18, default: 0 })
  filled!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18, default: 0 })
  quote_filled!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18, default: 0 })
  reserved!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: OrderStatus;

  /** The per-symbol command sequence number of the command that placed it. */
  @Column({ type: 'bigint' })
  seq!: string;

  @Column({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'timestamptz' })
  updated_at!: Date;
}
