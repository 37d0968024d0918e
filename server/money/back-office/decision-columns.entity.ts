import { Column } from 'typeorm';

export const DECISION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

/**
 * The columns of every queue an administrator decides (deposits, withdrawals, KYC): pending until
 * decided once, with who decided, when, and their notes.
 */
export abstract class DecisionColumns {
  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: DecisionStatus;

  @Column({ type: 'text', nullable: true })
  admin_notes!: string | null;

  @Column({ type: 'uuid', nullable: true })
  decided_by!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  decided_at!: Date | null;
}
