import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { StpMode } from '../../../engine';

/**
 * A match self-trade prevention stopped: an incoming (taker) order met a resting (maker) order of
 * the same trader, and one or both ended instead of trading (Binance's prevented match). Written by
 * the round that prevented it.
 */
@Entity({ name: 'prevented_matches' })
// Binance's myPreventedMatches: a trader's by symbol and id, or those of one of their orders.
@Index('prevented_matches_taker_order', ['taker_order_id', 'id'])
@Index('prevented_matches_maker_order', ['maker_order_id', 'id'])
export class PreventedMatchRow {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  symbol!: string;

  /** Per-symbol sequence number (Binance's preventedMatchId). */
  @PrimaryColumn({ type: 'bigint' })
  id!: string;

  /** The trader whose two orders met. */
  @Column({ type: 'uuid' })
  user_id!: string;

  @Column({ type: 'uuid' })
  taker_order_id!: string;

  @Column({ type: 'uuid' })
  maker_order_id!: string;

  /** The taker's mode, which decided what ended. */
  @Column({ type: 'varchar', length: 16 })
  stp!: StpMode;

  /** The maker's price, where they would have traded. */
  @Column({ type: 'numeric', precision: 38, scale: 18 })
  price!: string;

  /** What the taker had left when it ended; null when it went on. */
  @Column({ type: 'numeric', precision: 38, scale: 18, nullable: true })
  taker_prevented!: string | null;

  /** What the maker had left when it ended; null when it stayed. */
  @Column({ type: 'numeric', precision: 38, scale: 18, nullable: true })
  maker_prevented!: string | null;

  @Column({ type: 'timestamptz' })
  created_at!: Date;
}
