import type { IncomingMessage } from 'node:http';
import type { ConnectionLimits } from '../connections/connection-limits';

/** What is read of an engine.io session: the request of its handshake, and its end. */
interface EngineSession {
  request: IncomingMessage;
  once(event: 'close', listener: () => void): unknown;
}

/** engine.io's server, as far as its sessions' opening and failed handshakes go. */
interface EngineEvents {
  on(event: 'connection', listener: (session: EngineSession) => void): unknown;
  on(event: 'connection_error', listener: (failure: { req: IncomingMessage }) => void): unknown;
}

/**
 * Socket.IO's connections, each holding a place among the process's open connections
 * (ConnectionLimits.placeSocket) from its handshake until it is over, counted against its client
 * address as the REST API reads it (`clientAddress`, TRUST_PROXY).
 *
 * The place is taken in engine.io's `allowRequest`, asked of a new connection's handshake only
 * (not of a session's later requests, nor of its upgrade to WebSocket) before engine.io keeps
 * anything of it; refused, the handshake is answered 403 (long polling) or 400 (WebSocket) with the
 * reason. Until a session opens, the place is the request's: a handshake that fails frees it, with
 * an error or by its connection closing (a WebSocket upgrade that never completes). Then it is the
 * session's, freed when it closes: a long-polling session outlives the connection of its handshake.
 */
export class SocketPlaces {
  /** The release of each admitted handshake's place, until its session opens. */
  private readonly pending = new WeakMap<IncomingMessage, () => void>();

  constructor(
    private readonly limits: ConnectionLimits,
    private readonly clientAddress: (request: IncomingMessage) => string,
  ) {}

  /** engine.io's `allowRequest` option. */
  readonly allowRequest = (
    request: IncomingMessage,
    answer: (refusal: string | null, allowed: boolean) => void,
  ): void => {
    const place = this.limits.placeSocket(this.clientAddress(request));
    if ('refusal' in place) return answer(place.refusal, false);
    this.pending.set(request, place.release);
    request.socket.once('close', place.release);
    answer(null, true);
  };

  /** Hands each place to its handshake's session, or frees it when the handshake fails. */
  follow(engine: EngineEvents): void {
    engine.on('connection', (session) => {
      const release = this.settle(session.request);
      if (release) session.once('close', release);
    });
    engine.on('connection_error', ({ req }) => this.settle(req)?.());
  }

  /** A handshake's place, no longer its request's (whose connection may carry other requests). */
  private settle(request: IncomingMessage): (() => void) | undefined {
    const release = this.pending.get(request);
    this.pending.delete(request);
    if (release) request.socket.off('close', release);
    return release;
  }
}
