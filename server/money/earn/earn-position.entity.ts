import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { EarnKind } from './earn-product.entity';

/** active: placed and accruing; redeemed: a flexible one paid back on request; matured: a locked one paid back at its term's end. */
export type EarnPositionStatus = 'active' | 'redeemed' | 'matured';

/**
 * What one trader placed in one product. It keeps the terms it was subscribed under (APY, kind,
 * maturity, accrual interval), so a product changed later changes none of its positions.
 */
@Entity({ name: 'earn_positions' })
@Index('earn_positions_user', ['user_id', 'started_at'])
@Index('earn_positions_due', ['due_at'], { where: "status = 'active'" })
export class EarnPosition {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  user_id!: string;

  @Column({ type: 'uuid' })
  product_id!: string;

  @Column({ type: 'varchar', length: 16 })
  asset!: string;

  @Column({ type: 'varchar', length: 8 })
  kind!: EarnKind;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  apy!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  amount!: string;

  /** Interest credited so far: the sum of its earn_accruals. */
  @Column({ type: 'numeric', precision: 38, scale: 18, default: 0 })
  accrued!: string;

  /** How many intervals have been credited: the last earn_accruals period. */
  @Column({ type: 'int', default: 0 })
  accrued_periods!: number;

  @Column({ type: 'bigint' })
  accrual_interval_ms!: string;

  @Column({ type: 'varchar', length: 8 })
  status!: EarnPositionStatus;

  @Column({ type: 'timestamptz' })
  started_at!: Date;

  /** A locked position's end of term; null for a flexible one. */
  @Column({ type: 'timestamptz', nullable: true })
  matures_at!: Date | null;

  /** When the accrual runner next has something to do for it: the end of its next interval, or its maturity. */
  @Column({ type: 'timestamptz' })
  due_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  closed_at!: Date | null;
}
