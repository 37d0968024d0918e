import { Gauge, type Registry } from 'prom-client';

/** The long-lived connections a process holds, by kind. */
export type ConnectionKind = 'socketio' | 'market_stream' | 'user_stream' | 'ws_api';

/** Open connections of each kind, each counted by the hub that holds them when scraped. */
export class ConnectionMetrics {
  private counts: Readonly<Record<ConnectionKind, () => number>> | null = null;

  constructor(registry: Registry) {
    const open: Gauge<'kind'> = new Gauge({
      name: 'exchange_open_connections',
      help: 'Open connections: socketio, market_stream, user_stream (/ws/<listenKey>), ws_api (WebSocket API)',
      labelNames: ['kind'],
      registers: [registry],
      collect: () => {
        if (!this.counts) return;
        for (const [kind, count] of Object.entries(this.counts)) open.set({ kind }, count());
      },
    });
  }

  watch(counts: Readonly<Record<ConnectionKind, () => number>>): void {
    this.counts = counts;
  }
}
