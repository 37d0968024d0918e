import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How far the commission sweep has read one market's trades. A market's trades commit in the
 * order of their `seq` (one writer per book, its rounds in order), so every trade up to `last_seq`
 * has been seen; the row's lock is what keeps two processes off one market at once.
 */
@Entity({ name: 'referral_cursors' })
export class ReferralCursor {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  symbol!: string;

  @Column({ type: 'bigint' })
  last_seq!: string;
}
