import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type Bucket = 'available' | 'locked';

/**
 * Append-only: one row per account a posting changes, with the signed change of each of its two
 * buckets (a hold is one row: available down, locked up by the same amount). The rows of one
 * posting share a journal_id and sum to zero per asset, so money is only ever moved, never made or lost.
 */
@Entity({ name: 'ledger_entries' })
@Index('ledger_entries_account', ['account_id', 'id'])
// Lookups by reference are for the money queues and funding; trading's entries (most of the ledger) are
// left out of this index, saving an insertion per entry: they are found through their accounts or trade and order rows.
@Index('ledger_entries_reference', ['reference_type', 'reference_id'], {
  where: "reference_type NOT IN ('trade', 'order')",
})
// The export's date ranges: a BRIN index (server/platform/db/migrations), which TypeORM cannot describe, so it leaves it alone.
@Index('ledger_entries_created_at', { synchronize: false })
export class LedgerEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'uuid' })
  journal_id!: string;

  @Column({ type: 'uuid' })
  account_id!: string;

  @Column({ type: 'varchar', length: 16 })
  asset!: string;

  /** Signed change of the available bucket. */
  @Column({ type: 'numeric', precision: 38, scale: 18 })
  available!: string;

  /** Signed change of the locked bucket. */
  @Column({ type: 'numeric', precision: 38, scale: 18 })
  locked!: string;

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
