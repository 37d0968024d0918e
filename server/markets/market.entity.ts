import { Column, CreateDateColumn, Entity, Generated, Index, PrimaryGeneratedColumn } from 'typeorm';

export type MarketKind = 'book' | 'forex';

/** trading: orders taken; cancel_only: only cancels; halted: no new orders (cancels still go through). */
export const MARKET_STATUSES = ['trading', 'cancel_only', 'halted'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

/** One listed instrument: an order-book market or a forex pair (see catalog.ts). */
@Entity({ name: 'markets' })
@Index('markets_symbol', ['symbol'], { unique: true })
export class MarketRow {
  /** The audit log names what was decided on by uuid. */
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 20 })
  symbol!: string;

  @Column({ type: 'varchar', length: 8 })
  kind!: MarketKind;

  @Column({ type: 'varchar', length: 64 })
  name!: string;

  /** A book market's base coin; a forex pair's base currency (EUR of EURUSD, USD of USDJPY). */
  @Column({ type: 'varchar', length: 16 })
  base_asset!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  tick_size!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  lot_size!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  min_notional!: string;

  /** Where the simulated reference price starts and walks around. */
  @Column({ type: 'numeric', precision: 38, scale: 18 })
  reference_price!: string;

  @Column({ type: 'varchar', length: 12, default: 'trading' })
  status!: MarketStatus;

  /** Null: the venue's default (MAKER_FEE_RATE / TAKER_FEE_RATE). */
  @Column({ type: 'numeric', precision: 8, scale: 6, nullable: true })
  maker_fee_rate!: string | null;

  @Column({ type: 'numeric', precision: 8, scale: 6, nullable: true })
  taker_fee_rate!: string | null;

  /** Its place in the simple screen's list; null: not offered there. */
  @Column({ type: 'integer', nullable: true })
  simple_screen_rank!: number | null;

  /** Lists keep the order markets were listed in. */
  @Column({ type: 'integer' })
  @Generated('increment')
  listing!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  listed_at!: Date;
}
