import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { BinanceCode } from '../binance/protocol/binance-error';
import type { IpBans } from '../binance/protocol/ip-bans';
import type { WindowCounters } from '../binance/protocol/window-counters';
import { rawJsonAnswer } from '../../platform/http/http-server';

/** Binance's window for counting an address's new connections. */
const ATTEMPT_WINDOW_MS = 5 * 60_000;
/** The close of a connection that lived its lifetime: a normal closure, the client reconnects. */
const LIFETIME_OVER = { code: 1000, reason: 'Connection lifetime reached, please reconnect' };
/** Why a connection is refused when the process keeps as many open as it may. */
const PROCESS_FULL = 'The server has as many connections open as it can take; please try again later.';
/** When a full process asks to be tried again: connections come and go all the time. */
const PROCESS_FULL_RETRY_SECONDS = 30;

export interface ConnectionLimitSettings {
  /** Connections (market streams, WebSocket API) an address may open per 5 minutes (0: no limit). */
  perAddress: number;
  lifetimeMs: number;
  /** Socket.IO connections an address may keep open at once in this process (0: no limit). */
  socketsPerAddress: number;
  /** Connections of every kind this process keeps open at once (processConnectionCap). */
  perProcess: number;
}

/** A Socket.IO handshake's answer: a place, to release once the connection is over, or why not. */
export type SocketPlace = { release: () => void } | { refusal: string };

/**
 * The limits on the connections a process keeps open: the market streams', the WebSocket API's and
 * Socket.IO's (realtime/socket-places.ts).
 *
 * Each holds a descriptor as long as it lives, so a process keeps at most `perProcess` of them in
 * all, below its descriptor limit (descriptor-limit.ts): whoever opens them, the rest still serve
 * REST requests, the database and Redis. Past that a new one is refused at its handshake, before
 * it costs anything but the refusal.
 *
 * Binance's limits on WebSocket connections, for the market streams and the WebSocket API alike:
 * an address may open so many connections every 5 minutes (300 on Binance), counted in every
 * process through Redis as the request weights are; past that an upgrade is refused with 429
 * before it becomes a WebSocket, so a flood of connections costs no memory. A connection lives at
 * most its lifetime (Binance's 24 hours), then is closed and its client reconnects: nothing, a
 * forgotten subscription or a revoked key's stream, outlives that. An address banned on the
 * Binance-compatible API is refused its connections as well, with 418.
 *
 * Socket.IO's connections are the web client's, one a browser tab, and live as long as the tab: an
 * address may keep `socketsPerAddress` of them open at once in a process.
 */
export class ConnectionLimits {
  /** Connections this process keeps open, of every kind. */
  private open = 0;
  /** Socket.IO connections open in this process, per client address. */
  private readonly socketsOf = new Map<string, number>();

  constructor(
    private readonly counters: WindowCounters,
    private readonly settings: ConnectionLimitSettings,
    private readonly bans: IpBans,
  ) {}

  /**
   * Counts a connection attempt from `address` (the caller's client address); past the limit answers
   * 429 on `socket` and false, and a banned address (binance/ip-bans.ts) 418 without counting; with
   * the process full, 503. An admitted connection keeps its place until `socket` closes.
   */
  async admit(address: string, socket: Duplex): Promise<boolean> {
    const banned = this.bans.refusal(address);
    if (banned) {
      const { error, retryAfter } = banned;
      socket.end(rawJsonAnswer(error.status, { code: error.code, msg: error.message }, { 'Retry-After': retryAfter }));
      return false;
    }
    const release = this.takePlace();
    if (!release) {
      socket.end(
        rawJsonAnswer(
          503,
          { code: BinanceCode.SERVER_BUSY, msg: PROCESS_FULL },
          { 'Retry-After': PROCESS_FULL_RETRY_SECONDS },
        ),
      );
      return false;
    }
    // Taken before counting the attempt, so connections admitted meanwhile cannot pass the cap.
    socket.once('close', release);
    if (this.settings.perAddress === 0) return true;
    const [attempts] = await this.counters.add([
      { counter: 'ws-connections', key: address, points: 1, windowMs: ATTEMPT_WINDOW_MS },
    ]);
    if (attempts!.count <= this.settings.perAddress) return true;
    release();
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

  /**
   * A place for a Socket.IO connection from `address`, asked at its handshake: refused when the
   * address keeps its share open already, or the process all it may.
   */
  placeSocket(address: string): SocketPlace {
    const cap = this.settings.socketsPerAddress;
    const held = this.socketsOf.get(address) ?? 0;
    if (cap !== 0 && held >= cap) return { refusal: `Too many connections from this address; at most ${cap} at once.` };
    const release = this.takePlace();
    if (!release) return { refusal: PROCESS_FULL };
    this.socketsOf.set(address, held + 1);
    return {
      release: once(() => {
        release();
        const left = this.socketsOf.get(address)! - 1;
        if (left === 0) this.socketsOf.delete(address);
        else this.socketsOf.set(address, left);
      }),
    };
  }

  /** Closes `ws` when its lifetime is over. */
  expire(ws: WebSocket): void {
    const timer = setTimeout(() => ws.close(LIFETIME_OVER.code, LIFETIME_OVER.reason), this.settings.lifetimeMs);
    timer.unref();
    ws.once('close', () => clearTimeout(timer));
  }

  /** One of the process's places, with its release (which frees it once, however often called), or null when all are taken. */
  private takePlace(): (() => void) | null {
    if (this.open >= this.settings.perProcess) return null;
    this.open += 1;
    return once(() => (this.open -= 1));
  }
}

/** `action`, done the first time the function is called only. */
function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
