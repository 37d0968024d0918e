import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The primary key's name: a request that loses a race for its key is told by a unique violation of it. */
export const IDEMPOTENCY_KEYS_PKEY = 'idempotency_keys_pkey';

/**
 * The answer given to a request sent with an Idempotency-Key, per user and key, written in the
 * transaction of what the request changed: a retry finds it exactly when the change committed.
 */
@Entity({ name: 'idempotency_keys' })
// Rows arrive in created_at order: a BRIN index finds the expired ones for almost nothing per insert.
@Index('idempotency_keys_created', ['created_at'], { type: 'brin' })
export class IdempotencyKey {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: IDEMPOTENCY_KEYS_PKEY })
  user_id!: string;

  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: IDEMPOTENCY_KEYS_PKEY })
  key!: string;

  /** SHA-256 (hex) of the method, the route and the validated input: the same key on another request is refused. */
  @Column({ type: 'char', length: 64 })
  request_hash!: string;

  @Column({ type: 'smallint' })
  status!: number;

  /** The answer's body as it was sent (json keeps its text, so a replay is the same bytes' worth of fields in the same order). */
  @Column({ type: 'json' })
  body!: unknown;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;
}
