import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Append-only: one row per administrator decision, written in the transaction that made it. */
@Entity({ name: 'audit_log' })
@Index('audit_log_created', ['created_at'])
export class AuditEntry {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  admin_id!: string;

  /** What was decided, e.g. deposit.approve, user.suspend, bank_account.delete. */
  @Column({ type: 'varchar', length: 48 })
  action!: string;

  @Column({ type: 'varchar', length: 32 })
  target_type!: string;

  @Column({ type: 'uuid' })
  target_id!: string;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
