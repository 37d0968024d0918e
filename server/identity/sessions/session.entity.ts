import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { ClientColumns } from './client-columns.entity';

/**
 * A signed-in device: every token names one, and a token works only while its row is here. Ending
 * a session (logout, "log out that device", a password change, a suspension) deletes the row. Its
 * address and device are those of the sign-in.
 */
@Entity({ name: 'sessions' })
@Index('sessions_user', ['user_id'])
export class Session extends ClientColumns {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  user_id!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  /** Moved forward at most once a minute (see auth/caller-reads.ts): a write per request would cost more than the read. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  last_seen_at!: Date;

  /** When its token expires: past it, the row is only waiting to be swept. */
  @Column({ type: 'timestamptz' })
  expires_at!: Date;
}
