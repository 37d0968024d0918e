import { Counter, Gauge, type Registry } from 'prom-client';

export type DependencyName = 'database' | 'redis';

/** What requests found of the dependencies (platform/health/outages.ts). */
export interface DependencyStates {
  isDown(dependency: DependencyName): boolean;
}

/**
 * The database and Redis: up (1) or down (0) as requests last found them, read when scraped, and
 * how many outages began. Redis is up when its client is connected and no outage is being waited
 * out; without REDIS_URL it has no series.
 */
export class DependencyMetrics {
  private states: DependencyStates | null = null;
  private redis: { readonly isReady: boolean } | null = null;
  private readonly outages: Counter<'dependency'>;

  constructor(registry: Registry) {
    const up: Gauge<'dependency'> = new Gauge({
      name: 'exchange_dependency_up',
      help: 'Whether the dependency answers (1) or is down (0), as requests last found it',
      labelNames: ['dependency'],
      registers: [registry],
      collect: () => {
        const { states, redis } = this;
        if (!states) return;
        up.set({ dependency: 'database' }, states.isDown('database') ? 0 : 1);
        if (redis) up.set({ dependency: 'redis' }, redis.isReady && !states.isDown('redis') ? 1 : 0);
      },
    });
    this.outages = new Counter({
      name: 'exchange_dependency_outages_total',
      help: 'Outages that began: the dependency failed requests and did not answer its probe',
      labelNames: ['dependency'],
      registers: [registry],
    });
  }

  /** Told by Outages when one begins. */
  readonly outageBegan = (dependency: DependencyName): void => {
    this.outages.inc({ dependency });
  };

  watch(states: DependencyStates, redis: { readonly isReady: boolean } | null): void {
    this.states = states;
    this.redis = redis;
    this.outages.inc({ dependency: 'database' }, 0);
    if (redis) this.outages.inc({ dependency: 'redis' }, 0);
  }
}
