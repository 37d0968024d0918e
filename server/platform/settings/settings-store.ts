import type { DataSource, EntityManager } from 'typeorm';
import type { EventBus } from '../bus/event-bus';
import type { Logger } from '../logger/logger';
import { SettingRow } from './setting.entity';

/** Published after a change to the settings table has committed: every process reloads its copy. */
export const SETTINGS_CHANGED = 'settings.changed';
/** A change announced while Redis was down never arrives: each process also reloads this often. */
const RELOAD_EVERY_MS = 30_000;

/** A setting as saved: its row id (what the audit log names), and the value it had before. */
export interface SavedSetting {
  id: string;
  previous: string | null;
}

/**
 * This process's copy of the settings table, read on every request that a setting governs without
 * a query: loaded at start, reloaded when any process announces a change. Reloads run one at a
 * time, so the last one read wins.
 */
export class SettingsStore {
  private values = new Map<string, string>();
  private reloading: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly logger: Logger,
  ) {}

  /** Loads the settings, then follows the announcements of changes (and reloads now and then, in case one was lost). */
  async start(): Promise<void> {
    await this.reload();
    const reloadNow = () => {
      this.reload().catch((error: unknown) => this.logger.error({ err: error }, 'reloading the settings failed'));
    };
    await this.bus.subscribe(SETTINGS_CHANGED, reloadNow);
    this.timer = setInterval(reloadNow, RELOAD_EVERY_MS).unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The saved value of a setting, or undefined when it has its default. */
  get(name: string): string | undefined {
    return this.values.get(name);
  }

  /** Writes one setting inside the caller's transaction; call changed() after it commits. */
  async save(manager: EntityManager, name: string, value: string, adminId: string): Promise<SavedSetting> {
    const [before]: Array<{ value: string }> = await manager.query(
      'SELECT value FROM settings WHERE name = $1 FOR UPDATE',
      [name],
    );
    const [row]: Array<{ id: string }> = await manager.query(
      `INSERT INTO settings (name, value, updated_by) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()
       RETURNING id`,
      [name, value, adminId],
    );
    return { id: row!.id, previous: before?.value ?? null };
  }

  /** After a committed change: this process has it on return, the others soon after. */
  async changed(): Promise<void> {
    await this.reload();
    this.bus.publish(SETTINGS_CHANGED, {});
  }

  private reload(): Promise<void> {
    this.reloading = this.reloading
      .catch(() => undefined)
      .then(async () => {
        const rows = await this.dataSource.getRepository(SettingRow).find();
        this.values = new Map(rows.map((row) => [row.name, row.value]));
      });
    return this.reloading;
  }
}
