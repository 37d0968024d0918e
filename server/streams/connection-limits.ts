import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { BinanceCode } from '../binance/binance-error';
import type { IpBans } from '../binance/ip-bans';
import type { WindowCounters } from '../binance/window-counters';
import { rawJsonAnswer } from '../http/http-server';

/** Binance's window for counting an address's new connections. */
const ATTEMPT_WINDOW_MS = 5 * 60_000;
/** The close of a connection that lived its lifetime: a normal closure, the client reconnects. */
const LIFETIME_OVER = { code: 1000, reason: 'Connection lifetime reached, please reconnect' };

export interface ConnectionLimitSettings {
  /** Connections an address may open per 5 minutes (0: no limit). */
  perAddress: number;
  lifetimeMs: number;
}

/**
 * Binance's limits on WebSocket connections, for the market streams and the WebSocket API alike:
 * an address may open so many connections every 5 minutes (300 on Binance), counted in every
 * process through Redis as the request weights are; past that an upgrade is refused with 429
 * before it becomes a WebSocket, so a flood of connections costs no memory. A connection lives at
 * most its lifetime (Binance's 24 hours), then is closed and its client reconnects: nothing, a
 * forgotten subscription or a revoked key's stream, outlives that. An address banned on the
 * Binance-compatible API is refused its connections as well, with 418.
 */
export class ConnectionLimits {
  constructor(
    private readonly counters: WindowCounters,
    private readonly settings: ConnectionLimitSettings,
    private readonly bans: IpBans,
  ) {}

  /**
   * Counts a connection attempt from `address` (the caller's client address); past the limit answers
   * 429 on `socket` and false, and a banned address (binance/ip-bans.ts) 418 without counting.
   */
  async admit(address: string, socket: Duplex): Promise<boolean> {
    const banned = this.bans.refusal(address);
    if (banned) {
      const { error, retryAfter } = banned;
      socket.end(rawJsonAnswer(error.status, { code: error.code, msg: error.message }, { 'Retry-After': retryAfter }));
      return false;
    }
    if (this.settings.perAddress === 0) return true;
    const [attempts] = await this.counters.add([
      { counter: 'ws-connections', key: address, points: 1, windowMs: ATTEMPT_WINDOW_MS },
    ]);
    if (attempts!.count <= this.settings.perAddress) return true;
    const retryAfter = Math.ceil(attempts!.msLeft / 1000);
    socket.end(
      rawJsonAnswer(
        429,
        {
          code: BinanceCode.TOO_MANY_REQUESTS,
          msg: `Too many new connections from this address; at most ${this.settings.perAddress} per 5 minutes.`,
        },
        { 'Retry-After': retryAfter },
      ),
    );
    return false;
  }

  /** Closes `ws` when its lifetime is over. */
  expire(ws: WebSocket): void {
    const timer = setTimeout(() => ws.close(LIFETIME_OVER.code, LIFETIME_OVER.reason), this.settings.lifetimeMs);
    timer.unref();
    ws.once('close', () => clearTimeout(timer));
  }
}
