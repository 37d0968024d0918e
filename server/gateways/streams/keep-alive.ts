/** Binance's: the server pings every connection every 20 s, and drops one that has sent no pong for a minute. */
export interface KeepAlive {
  pingIntervalMs: number;
  pongTimeoutMs: number;
}
export const BINANCE_KEEP_ALIVE: KeepAlive = { pingIntervalMs: 20_000, pongTimeoutMs: 60_000 };

/** A connection kept alive by pings: when it last answered one, and how to ping or drop it. */
export interface Pinged {
  lastPongAt: number;
  ping(): void;
  terminate(): void;
}

/** Pings `connections` (as they are at each turn) every interval, dropping those silent too long; answers the stop. */
export function keepPinging(connections: Iterable<Pinged>, keepAlive: KeepAlive): () => void {
  const timer = setInterval(() => {
    const now = Date.now();
    for (const connection of connections) {
      if (now - connection.lastPongAt > keepAlive.pongTimeoutMs) connection.terminate();
      else connection.ping();
    }
  }, keepAlive.pingIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
