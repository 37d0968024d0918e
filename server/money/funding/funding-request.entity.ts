import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DecisionColumns } from '../back-office/decision-columns.entity';

export type FundingKind = 'deposit' | 'withdrawal';

/**
 * A trader's request to bring dollars in (deposit) or take them out (withdrawal), waiting for an
 * administrator. Deposits and withdrawals share one table: they have the same life, only the money
 * each decision moves differs (see funding-postings.ts).
 */
@Entity({ name: 'funding_requests' })
@Index('funding_requests_user', ['user_id', 'kind', 'created_at'])
@Index('funding_requests_queue', ['kind', 'status', 'created_at'])
@Check('funding_requests_amount_positive', 'amount > 0')
export class FundingRequest extends DecisionColumns {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  user_id!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: FundingKind;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  amount!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
