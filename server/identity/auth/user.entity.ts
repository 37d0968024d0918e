import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type KycStatus = 'pending' | 'submitted' | 'approved' | 'rejected';

@Entity({ name: 'users' })
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

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
