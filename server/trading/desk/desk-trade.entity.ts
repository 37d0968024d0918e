import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One execution of the simple screen against the house desk, at the server's quote. */
@Entity({ name: 'instant_trades' })
@Index('instant_trades_user_time', ['user_id', 'created_at'])
export class InstantTrade {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  user_id!: string;

  @Column({ type: 'varchar', length: 16 })
  symbol!: string;

  @Column({ type: 'varchar', length: 4 })
  side!: 'buy' | 'sell';

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  amount!: string;

  /** The desk's ask for a buy, its bid for a sell. */
  @Column({ type: 'numeric', precision: 38, scale: 18 })
  price!: string;

  /** Paid or received in the pair's quote currency (dollars, or yen for USDJPY): amount x price. */
  @Column({ type: 'numeric', precision: 38, scale: 18 })
  total!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
