import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A user's TOTP secret (sealed: crypto/secret-box.ts). Set up first, on once a code from it was
 * right (`enabled_at`); turning two-factor off deletes the row.
 */
@Entity({ name: 'two_factor' })
export class TwoFactor {
  @PrimaryColumn({ type: 'uuid' })
  user_id!: string;

  @Column({ type: 'text' })
  sealed_secret!: string;

  /** Null while set up but not yet confirmed with a code. */
  @Column({ type: 'timestamptz', nullable: true })
  enabled_at!: Date | null;

  /** The time step of the last code accepted: a code is good once, so only later steps are. */
  @Column({ type: 'bigint', nullable: true })
  last_step!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;
}
