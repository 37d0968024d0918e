import type { Logger } from '../logger/logger';

/**
 * The facts each domain publishes, by domain: a domain adds its own closed union here (declaration
 * merging, e.g. `server/trading/trading-events.ts`), so this layer names no domain and every
 * subscriber gets the exact type of the event it asked for.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains
export interface DomainEventTypes {}

export type DomainEvent = DomainEventTypes[keyof DomainEventTypes];
export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** What a domain service is given: it tells what it committed, and knows nothing of who listens. */
export interface DomainEventPublisher {
  publish(event: DomainEvent): void;
}

type Handler = (event: never) => void;

/**
 * Facts the domains publish after their transaction has committed, delivered in this process, at
 * once, in the order published and, per fact, in the order subscribers subscribed. The gateways
 * subscribe and build their protocols' payloads from them; what must reach other processes they
 * send on the EventBus themselves (built once, where the fact happened). No copy and no await:
 * the trading core publishes one per committed round.
 */
export class DomainEvents implements DomainEventPublisher {
  private readonly handlers = new Map<string, Handler[]>();

  constructor(private readonly logger: Logger) {}

  subscribe<T extends DomainEventType>(type: T, handler: (event: DomainEventOf<T>) => void): void {
    const handlers = this.handlers.get(type);
    if (handlers) handlers.push(handler);
    else this.handlers.set(type, [handler]);
  }

  publish(event: DomainEvent): void {
    const handlers = this.handlers.get(event.type);
    if (!handlers) return;
    for (const handler of handlers) {
      // The publisher's transaction has committed: a subscriber's failure is logged, never its caller's.
      try {
        (handler as (event: DomainEvent) => void)(event);
      } catch (error) {
        this.logger.error({ err: error, event: event.type }, 'domain event subscriber failed');
      }
    }
  }
}
