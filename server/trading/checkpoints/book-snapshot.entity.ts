import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { BookSnapshot } from '../../../engine';

/** The engine's book after command `seq`: recovery starts here and replays the later commands. */
@Entity({ name: 'book_snapshots' })
export class BookSnapshotRow {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  symbol!: string;

  @PrimaryColumn({ type: 'bigint' })
  seq!: string;

  @Column({ type: 'jsonb' })
  snapshot!: BookSnapshot;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;
}
