import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One setting an administrator changed, by name, e.g. withdrawal.daily_amount = "250000". A setting
 * without a row has its default. The id names the setting in the audit log.
 */
@Entity({ name: 'settings' })
export class SettingRow {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 64, unique: true })
  name!: string;

  @Column({ type: 'text' })
  value!: string;

  @Column({ type: 'uuid' })
  updated_by!: string;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
