import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One interval's interest of one position, written in the transaction of its ledger posting: the
 * primary key is what credits a period once, whichever process or restart gets to it.
 */
@Entity({ name: 'earn_accruals' })
export class EarnAccrual {
  @PrimaryColumn({ type: 'uuid' })
  position_id!: string;

  /** 1 for the position's first interval, 2 for its second... */
  @PrimaryColumn({ type: 'int' })
  period!: number;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  interest!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  credited_at!: Date;
}
