import type { DataSource } from 'typeorm';
import type { Authenticator } from '../identity/auth/authenticator';
import type { DomainEventPublisher } from './bus/domain-events';
import type { EventBus, Redis } from './bus/event-bus';
import type { Config } from './config/config';
import type { Outages } from './health/outages';
import type { RouteSpec } from './http/route';
import type { Logger } from './logger';
import type { Notifier } from '../gateways/realtime/notifier';
import type { SessionService } from '../identity/sessions/sessions.service';
import type { SettingsStore } from './settings/settings-store';
import type { TwoFactorService } from '../identity/two-factor/two-factor.service';

/** What every domain module is built from. */
export interface ServerContext {
  config: Config;
  logger: Logger;
  dataSource: DataSource;
  bus: EventBus;
  notifier: Notifier;
  /** Where services tell what they committed (the gateways subscribe, see bus/domain-events.ts). */
  events: DomainEventPublisher;
  authenticator: Authenticator;
  /** Ending sessions (a suspension ends all of a user's). */
  sessions: SessionService;
  /** What administrators set on the admin page (the funding caps), as this process last read it. */
  settings: SettingsStore;
  /** The second factor that guarded actions ask for (`requireTwoFactor`). */
  twoFactor: TwoFactorService;
  redis: Redis | null;
  /** The database and Redis as requests found them: an outage is logged once and answered 503. */
  outages: Outages;
  /** The deployment's namespace of Redis channels and keys (bus/redis-prefix.ts). */
  redisPrefix: string;
}

/** A domain (auth, funding, trading...): its routes, and background work started after the server listens. */
export interface ExchangeModule {
  routes: RouteSpec[];
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
