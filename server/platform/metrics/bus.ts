import { Counter, Histogram, type Registry } from 'prom-client';

/** What the event bus tells of its messages (platform/bus/event-bus.ts). */
export interface BusObserver {
  published(): void;
  /** Redis took a message, `seconds` after it was published (its retries included). */
  delivered(seconds: number): void;
  /** A message Redis refused on every attempt. */
  dropped(): void;
}

export const UNOBSERVED_BUS: BusObserver = { published() {}, delivered() {}, dropped() {} };

export class BusMetrics implements BusObserver {
  private readonly publishedCount: Counter;
  private readonly delivery: Histogram;
  private readonly droppedCount: Counter;

  constructor(registry: Registry) {
    this.publishedCount = new Counter({
      name: 'exchange_bus_messages_published_total',
      help: 'Messages published on the event bus',
      registers: [registry],
    });
    this.delivery = new Histogram({
      name: 'exchange_bus_publish_seconds',
      help: 'Time from publishing a message to Redis taking it, retries included (Redis bus only)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1, 3],
      registers: [registry],
    });
    this.droppedCount = new Counter({
      name: 'exchange_bus_messages_dropped_total',
      help: 'Messages dropped after Redis refused every attempt to publish them',
      registers: [registry],
    });
  }

  published(): void {
    this.publishedCount.inc();
  }

  delivered(seconds: number): void {
    this.delivery.observe(seconds);
  }

  dropped(): void {
    this.droppedCount.inc();
  }
}
