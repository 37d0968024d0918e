import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { ClientColumns } from '../sessions/client-columns.entity';

/** Why a login was refused; a successful one has none. */
export const LOGIN_FAILURES = [
  'wrong_password',
  'account_suspended',
  'two_factor_required',
  'invalid_two_factor_code',
  'too_many_attempts',
] as const;
export type LoginFailure = (typeof LOGIN_FAILURES)[number];

/** One attempt to log in to a known account: the login history its owner sees. */
@Entity({ name: 'login_history' })
@Index('login_history_user', ['user_id', 'created_at'])
export class LoginHistoryEntry extends ClientColumns {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  user_id!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'varchar', length: 32, nullable: true })
  failure!: LoginFailure | null;
}
