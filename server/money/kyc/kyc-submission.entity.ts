import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DecisionColumns } from '../back-office/decision-columns.entity';

export const DOCUMENT_TYPES = ['passport', 'id_card', 'drivers_license'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** One identity document a trader sent, kept in the database and shown to administrators only. */
@Entity({ name: 'kyc_submissions' })
@Index('kyc_submissions_user', ['user_id', 'submitted_at'])
@Index('kyc_submissions_queue', ['status', 'submitted_at'])
export class KycSubmission extends DecisionColumns {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  user_id!: string;

  @Column({ type: 'varchar', length: 32 })
  document_type!: DocumentType;

  /** Sniffed from the bytes, never taken from the client. */
  @Column({ type: 'varchar', length: 64 })
  mime_type!: string;

  /** Up to 10 MB: never loaded unless asked for. */
  @Column({ type: 'bytea', select: false })
  document!: Buffer;

  @Column({ type: 'integer' })
  document_size!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  submitted_at!: Date;
}
