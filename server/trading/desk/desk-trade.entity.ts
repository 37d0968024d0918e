import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One trade of the simple screen against the desk, at the server's quote (its table keeps its first name). */
@Entity({ name: 'instant_trades' })
@Index('instant_trades_user_time', ['user_id', 'created_at'])
export class DeskTrade {
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
