import type { DataSource } from 'typeorm';
import type { DomainEventPublisher } from '../bus/domain-events';
import type { EventBus } from '../bus/event-bus';
import type { Redis } from '../bus/redis';
import type { Config } from '../config/config';
import type { HistoryReads } from '../db/history-reads';
import type { Outages } from '../health/outages';
import type { Logger } from '../logger/logger';
import type { ExchangeMetrics } from '../metrics/exchange-metrics';
import type { SettingsStore } from '../settings/settings-store';

/** The platform every module is built on: nothing of a domain. */
export interface ServerContext {
  config: Config;
  logger: Logger;
  dataSource: DataSource;
  /** Where history is read (a synchronous standby, else the primary): never what a write depends on. */
  reads: HistoryReads;
  bus: EventBus;
  /** Where services tell what they committed (the gateways subscribe, see bus/domain-events.ts). */
  events: DomainEventPublisher;
  /** What administrators set on the admin page (the funding caps), as this process last read it. */
  settings: SettingsStore;
  redis: Redis | null;
  /** The database and Redis as requests found them: an outage is logged once and answered 503. */
  outages: Outages;
  /** The deployment's namespace of Redis channels and keys (bus/redis-prefix.ts). */
  redisPrefix: string;
  /** This exchange's Prometheus metrics (metrics/README.md). */
  metrics: ExchangeMetrics;
}

/**
 * A part of the exchange (trading, market data, the market maker...): its background work, started
 * once the modules it `needs` have started and stopped before them (modules.ts orders them).
 */
export interface ExchangeModule {
  /** Unique among the modules: what others name in their `needs`. */
  name: string;
  /** The modules whose start this one's start waits for. */
  needs?: readonly string[];
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
