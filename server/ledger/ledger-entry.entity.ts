import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type Bucket = 'available' | 'locked';

/**
 * Append-only: one row per change of one bucket of one account. The rows of one posting share a
 * journal_id and sum to zero per asset, so money is only ever moved, never made or lost.
 */
@Entity({ name: 'ledger_entries' })
@Index('ledger_entries_account', ['account_id', 'id'])
@Index('ledger_entries_reference', ['reference_type', 'reference_id'])
export class LedgerEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'uuid' })
  journal_id!: string;

  @Column({ type: 'uuid' })
  account_id!: string;

  @Column({ type: 'varchar', length: 16 })
  asset!: string;

  @Column({ type: 'varchar', length: 16 })
  bucket!: Bucket;

  /** Signed change of the bucket. */
  @Column({ type: 'numeric', precision: 38, scale: 18 })
  amount!: string;

  /** Why the money moved, e.g. deposit, withdrawal_hold, trade, fee. */
  @Column({ type: 'varchar', length: 32 })
  reason!: string;

  @Column({ type: 'varchar', length: 32 })
  reference_type!: string;

  @Column({ type: 'varchar', length: 64 })
  reference_id!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
