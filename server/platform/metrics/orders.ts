import { Counter, type Registry } from 'prom-client';
import { Refusal } from '../../kernel/refusal';

/** Where an order came in: the web API or the Binance-compatible API. */
export type OrderSurface = 'web' | 'binance';

/**
 * Orders clients placed, as the trading core answered them: accepted (an order, whatever it then
 * did), or refused with its refusal code (a closed list per domain, so the labels stay few).
 * Requests refused before reaching the trading core (validation, rate limits) are in the HTTP
 * counts only; the market maker's own orders are not counted.
 */
export class OrderMetrics {
  private readonly accepted: Counter<'surface'>;
  private readonly refused: Counter<'surface' | 'reason'>;

  constructor(registry: Registry) {
    this.accepted = new Counter({
      name: 'exchange_orders_accepted_total',
      help: 'Orders placed by clients that the trading core accepted, by surface',
      labelNames: ['surface'],
      registers: [registry],
    });
    this.refused = new Counter({
      name: 'exchange_orders_refused_total',
      help: 'Orders placed by clients that the trading core refused, by surface and refusal code',
      labelNames: ['surface', 'reason'],
      registers: [registry],
    });
  }

  /** `placing` counted once it settles: accepted, or refused with its code; any other failure is not a refusal. */
  async counted<T>(surface: OrderSurface, placing: Promise<T>): Promise<T> {
    try {
      const placed = await placing;
      this.accepted.inc({ surface });
      return placed;
    } catch (error) {
      if (error instanceof Refusal) this.refused.inc({ surface, reason: error.code });
      throw error;
    }
  }
}
