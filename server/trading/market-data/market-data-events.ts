import type { QuoteView } from './instrument-quotes';

/** What the market data tells (see server/platform/bus/domain-events.ts). */
export type MarketDataEvent =
  /** The desk's quotes of every instrument, on each reference price tick. */
  { type: 'trading.quotes-changed'; board: QuoteView[] };

declare module '../../platform/bus/domain-events' {
  interface DomainEventTypes {
    marketData: MarketDataEvent;
  }
}
