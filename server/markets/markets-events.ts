import type { BookMarket } from './catalog';

/** What the markets domain tells after a commit (on DomainEvents). */
export type MarketsEvent =
  /** An administrator changed a listed market (status, fees, book rules): the market as now listed. */
  { type: 'markets.market-changed'; market: BookMarket };

declare module '../platform/bus/domain-events' {
  interface DomainEventTypes {
    markets: MarketsEvent;
  }
}
