import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** flexible: redeemed any time; locked: paid back with its interest at the end of a term of days. */
export const EARN_KINDS = ['flexible', 'locked'] as const;
export type EarnKind = (typeof EARN_KINDS)[number];

/** open: takes subscriptions; paused: listed, takes none; closed: unlisted. Positions go on accruing in every one. */
export const EARN_PRODUCT_STATUSES = ['open', 'paused', 'closed'] as const;
export type EarnProductStatus = (typeof EARN_PRODUCT_STATUSES)[number];

/** A product administrators offer: an asset, flexible or locked for a term, its APY and minimum subscription. */
@Entity({ name: 'earn_products' })
@Check('earn_products_term', "(kind = 'locked') = (term_days IS NOT NULL)")
export class EarnProduct {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  asset!: string;

  @Column({ type: 'varchar', length: 8 })
  kind!: EarnKind;

  /** A fraction a year: 0.052 is 5.2%. */
  @Column({ type: 'numeric', precision: 38, scale: 18 })
  apy!: string;

  @Column({ type: 'int', nullable: true })
  term_days!: number | null;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  min_amount!: string;

  @Column({ type: 'varchar', length: 8 })
  status!: EarnProductStatus;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
