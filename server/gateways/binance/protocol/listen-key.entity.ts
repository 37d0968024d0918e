import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A user data stream's listenKey (Binance's listenKey flow): opened with an API key, it names that
 * key's owner's stream on `/ws/<listenKey>` until it expires, 60 minutes after it was opened or last
 * kept alive. One per API key at a time: opening again while it lives gives the same one, as
 * Binance does. Revoking the key ends it.
 */
@Entity({ name: 'listen_keys' })
export class ListenKey {
  @PrimaryColumn({ type: 'uuid' })
  api_key_id!: string;

  @Index('listen_keys_listen_key', { unique: true })
  @Column({ type: 'varchar', length: 60 })
  listen_key!: string;

  @Column({ type: 'uuid' })
  user_id!: string;

  @Column({ type: 'timestamptz' })
  expires_at!: Date;
}
