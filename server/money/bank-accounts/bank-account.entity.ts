import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Where traders send money before asking for a deposit; only active ones are shown to them. */
@Entity({ name: 'bank_accounts' })
export class BankAccount {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 120 })
  bank_name!: string;

  @Column({ type: 'varchar', length: 64 })
  account_number!: string;

  @Column({ type: 'varchar', length: 120 })
  account_holder!: string;

  @Column({ type: 'boolean', default: true })
  is_active!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
