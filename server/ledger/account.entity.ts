import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The venue's own accounts. `external` is the outside world: deposits come from it, withdrawals go to
 * it. `earn` holds what traders placed in Earn products with the interest accrued on it, until it is
 * paid back; `earn_interest` is the venue's interest expense, below zero by what it has paid.
 */
export type SystemAccount = 'external' | 'fees' | 'house' | 'market_maker' | 'earn' | 'earn_interest';

/**
 * One row per (owner, asset): a user's or a system account's balance, split into what can be spent
 * (available) and what is held for open orders or pending withdrawals (locked).
 */
@Entity({ name: 'accounts' })
@Index('accounts_user_asset', ['user_id', 'asset'], { unique: true, where: 'user_id IS NOT NULL' })
@Index('accounts_system_asset', ['system', 'asset'], { unique: true, where: 'system IS NOT NULL' })
@Check('accounts_one_owner', '(user_id IS NULL) <> (system IS NULL)')
// The ledger relies on this to refuse overdrafts (see NEVER_NEGATIVE in ledger.ts); only the outside
// world, the desk and the interest expense may go below zero.
@Check(
  'accounts_never_negative',
  "(system IS NOT NULL AND system IN ('external', 'house', 'earn_interest')) OR (available >= 0 AND locked >= 0)",
)
export class Account {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid', nullable: true })
  user_id!: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  system!: SystemAccount | null;

  @Column({ type: 'varchar', length: 16 })
  asset!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18, default: 0 })
  available!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18, default: 0 })
  locked!: string;
}
