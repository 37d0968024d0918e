import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The engine's state hash after command `seq`, as it was running: recovery must reach the same. */
@Entity({ name: 'book_states' })
export class BookStateRow {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  symbol!: string;

  @Column({ type: 'bigint' })
  seq!: string;

  @Column({ type: 'varchar', length: 32 })
  state_hash!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at!: Date;
}
