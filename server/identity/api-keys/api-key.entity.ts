import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A trader's key for the Binance-compatible API: the public `api_key` names it in X-MBX-APIKEY, the
 * secret signs requests and is kept sealed (crypto/secret-box.ts, bound to the row's id). A revoked
 * key keeps its row, with when it was revoked, so what a key did stays traceable to it.
 */
@Entity({ name: 'api_keys' })
@Index('api_keys_user', ['user_id', 'created_at'])
export class ApiKey {
  /** Chosen before the insert: the sealed secret is bound to it. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  user_id!: string;

  @Column({ type: 'varchar', length: 64 })
  label!: string;

  @Index('api_keys_api_key', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  api_key!: string;

  @Column({ type: 'text' })
  sealed_secret!: string;

  /** Every key reads; a key may also trade when its owner enabled it. */
  @Column({ type: 'boolean' })
  can_trade!: boolean;

  /** The addresses the key may be used from, in canonical form; empty: any address. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  ip_allowlist!: string[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  /** Written at most about once a minute while the key is used (api-key-usage.ts). */
  @Column({ type: 'timestamptz', nullable: true })
  last_used_at!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at!: Date | null;
}
