import type { DataSource } from 'typeorm';
import type { EventBus } from '../platform/bus/event-bus';
import type { Logger } from '../platform/logger/logger';
import type { DefaultFeeRates, MarketCatalog } from './catalog';
import { MarketRow } from './market.entity';

/** Published after a change to the markets table has committed: every process reloads its catalog. */
export const MARKETS_CHANGED = 'markets.changed';

/**
 * Keeps this process's catalog (catalog.ts) equal to the markets table: loaded at start, reloaded
 * when any process announces a change. Reloads run one at a time, so the last one read wins.
 */
export class CatalogSync {
  private reloading: Promise<void> = Promise.resolve();

  constructor(
    private readonly catalog: MarketCatalog,
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly defaults: DefaultFeeRates,
    private readonly logger: Logger,
  ) {}

  /** Loads the catalog, then follows the announcements of changes. */
  async start(): Promise<void> {
    await this.reload();
    await this.bus.subscribe(MARKETS_CHANGED, () => {
      this.reload().catch((error: unknown) => this.logger.error({ err: error }, 'reloading the markets failed'));
    });
  }

  /** After a committed change: this process's catalog has it on return, the others' soon after. */
  async changed(): Promise<void> {
    await this.reload();
    this.bus.publish(MARKETS_CHANGED, {});
  }

  reload(): Promise<void> {
    this.reloading = this.reloading
      .catch(() => undefined)
      .then(async () => {
        const rows = await this.dataSource.getRepository(MarketRow).find({ order: { listing: 'ASC' } });
        this.catalog.replace(rows, this.defaults);
      });
    return this.reloading;
  }
}
