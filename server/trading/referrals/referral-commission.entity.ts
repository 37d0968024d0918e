import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export const COMMISSION_SIDES = ['maker', 'taker'] as const;
export type CommissionSide = (typeof COMMISSION_SIDES)[number];

/**
 * A referrer's share of the fee one referred trader paid on one side of one trade, written in the
 * transaction of its ledger posting: the primary key is what pays each trade and side once,
 * whichever process or restart gets to it.
 */
@Entity({ name: 'referral_commissions' })
@Index('referral_commissions_referrer', ['referrer_id', 'traded_at'])
export class ReferralCommission {
  @PrimaryColumn({ type: 'uuid' })
  trade_id!: string;

  @PrimaryColumn({ type: 'varchar', length: 5 })
  side!: CommissionSide;

  @Column({ type: 'uuid' })
  referrer_id!: string;

  /** The referred trader whose fee this shares. */
  @Column({ type: 'uuid' })
  referee_id!: string;

  @Column({ type: 'varchar', length: 20 })
  symbol!: string;

  /** The fee the referee paid (USD). */
  @Column({ type: 'numeric', precision: 38, scale: 18 })
  fee!: string;

  /** REFERRAL_COMMISSION_RATE when it was paid. */
  @Column({ type: 'numeric', precision: 8, scale: 6 })
  rate!: string;

  /** fee x rate, cut down to 18 decimals: what the referrer was credited. */
  @Column({ type: 'numeric', precision: 38, scale: 18 })
  commission!: string;

  /** The ledger posting that paid it (its reference id). */
  @Column({ type: 'uuid' })
  batch_id!: string;

  @Column({ type: 'timestamptz' })
  traded_at!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  paid_at!: Date;
}
