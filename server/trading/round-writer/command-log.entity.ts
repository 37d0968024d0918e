import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Command } from '../../../engine';

/**
 * Every command the engine applied, per symbol in sequence, written in the transaction that
 * holds its effects: replayed after the latest snapshot, it rebuilds the book exactly.
 */
@Entity({ name: 'order_commands' })
export class CommandLogRow {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  symbol!: string;

  @PrimaryColumn({ type: 'bigint' })
  seq!: string;

  @Column({ type: 'jsonb' })
  command!: Command;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;
}
