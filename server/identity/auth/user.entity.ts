import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type KycStatus = 'pending' | 'submitted' | 'approved' | 'rejected';

@Entity({ name: 'users' })
@Check('users_not_self_referred', '"referred_by" <> "id"')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Stored trimmed and lower-cased, so comparisons are case-insensitive. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 120 })
  full_name!: string;

  @Column({ type: 'varchar', length: 255 })
  password_hash!: string;

  @Column({ type: 'boolean', default: false })
  is_admin!: boolean;

  @Column({ type: 'boolean', default: true })
  is_active!: boolean;

  /** An account the venue runs itself (the market maker): it trades, but nobody can log in as it. */
  @Column({ type: 'boolean', default: false })
  is_system!: boolean;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  kyc_status!: KycStatus;

  /**
   * The trader's fee tier and its rates as the periodic placement last stored them, with the 30-day
   * traded value it was placed by (server/trading/fee-tiers); null until first placed.
   */
  @Column({ type: 'varchar', length: 32, nullable: true })
  fee_tier!: string | null;

  @Column({ type: 'numeric', precision: 8, scale: 6, nullable: true })
  tier_maker_rate!: string | null;

  @Column({ type: 'numeric', precision: 8, scale: 6, nullable: true })
  tier_taker_rate!: string | null;

  @Column({ type: 'numeric', precision: 38, scale: 18, default: 0 })
  volume_30d!: string;

  /** The code others register with to be referred by this account; the database draws it (new_referral_code()). */
  @Index('users_referral_code', { unique: true })
  @Column({ type: 'varchar', length: 16, default: () => 'new_referral_code()' })
  referral_code!: string;

  /** What the trader writes on a bank transfer, so an administrator knows whose money arrived; the database draws it (new_deposit_reference()). */
  @Index('users_deposit_reference', { unique: true })
  @Column({ type: 'varchar', length: 12, default: () => 'new_deposit_reference()' })
  deposit_reference!: string;

  /** The account whose code this one registered with: set at registration, never changed (a trigger refuses it). */
  @Index('users_referred_by', { where: 'referred_by IS NOT NULL' })
  @Column({ type: 'uuid', nullable: true })
  referred_by!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
