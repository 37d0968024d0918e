import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A one-time recovery code, stored as its SHA-256 (the codes are random, so a fast hash is enough); used: deleted. */
@Entity({ name: 'recovery_codes' })
export class RecoveryCode {
  @PrimaryColumn({ type: 'uuid' })
  user_id!: string;

  @PrimaryColumn({ type: 'char', length: 64 })
  code_hash!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;
}
