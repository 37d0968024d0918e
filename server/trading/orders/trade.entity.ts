import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Side } from '../../../engine';

/** One fill between a resting (maker) and an incoming (taker) order, at the maker's price. */
@Entity({ name: 'trades' })
@Index('trades_symbol_created', ['symbol', 'created_at'])
// The Binance-compatible API names trades by symbol and seq (fromId).
@Index('trades_symbol_seq', ['symbol', 'seq'])
@Index('trades_maker_user_created', ['maker_user_id', 'created_at'])
@Index('trades_taker_user_created', ['taker_user_id', 'created_at'])
export class TradeRow {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  symbol!: string;

  /** Per-symbol trade sequence number. */
  @Column({ type: 'bigint' })
  seq!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  price!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  amount!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  quote_amount!: string;

  @Column({ type: 'varchar', length: 4 })
  taker_side!: Side;

  @Column({ type: 'uuid' })
  maker_order_id!: string;

  @Column({ type: 'uuid' })
  taker_order_id!: string;

  @Column({ type: 'uuid' })
  maker_user_id!: string;

  @Column({ type: 'uuid' })
  taker_user_id!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  maker_fee!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  taker_fee!: string;

  @Column({ type: 'timestamptz' })
  created_at!: Date;
}
