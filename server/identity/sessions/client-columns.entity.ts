import { Column } from 'typeorm';

/** Where a request came from (ClientInfo), as a session and a login history entry keep it. */
export abstract class ClientColumns {
  /** The client's address (behind proxies: as TRUST_PROXY reads it). */
  @Column({ type: 'varchar', length: 64 })
  ip!: string;

  @Column({ type: 'varchar', length: 512 })
  user_agent!: string;
}
