import type { Duplex } from 'node:stream';
import { WebSocket, type RawData } from 'ws';
import type { MarketCatalog } from '../../markets/catalog';
import { isMarketStream } from './stream-names';
import { answer, errorAnswer, parseRequest, StreamRequestError, type StreamRequest } from './stream-requests';

/** Binance's limits: streams one connection may hold, and messages (text, ping, pong) it may send a second. */
export const MAX_STREAMS = 1024;
export const MAX_INCOMING_PER_SECOND = 5;
/**
 * What may wait unsent for one client before it is dropped: a reader this far behind would only
 * fall further, and its queue would grow the server's memory.
 */
export const MAX_BUFFERED_BYTES = 1 << 20;
/** The close code and reason of a connection that broke a limit (1008: policy violation). */
const POLICY_VIOLATION = 1008;
/** The close code telling a client to connect again (to another process): this one is shutting down. */
export const SERVICE_RESTART = 1012;

/** Whether a frame may be written to `socket`: it is open, and not too far behind (a client that is gets dropped). */
function writable(socket: WebSocket): boolean {
  if (socket.readyState !== WebSocket.OPEN) return false;
  if (socket.bufferedAmount <= MAX_BUFFERED_BYTES) return true;
  socket.terminate();
  return false;
}

/** Sends a text message on an open socket, or drops a client too far behind to catch up. */
export function sendUnlessBehind(socket: WebSocket, payload: Buffer | string): void {
  if (writable(socket)) socket.send(payload, { binary: false });
}

/** Where a connection's subscriptions are kept, so that an event finds its subscribers at once. */
export interface Subscriptions {
  add(stream: string, connection: StreamConnection): void;
  remove(stream: string, connection: StreamConnection): void;
  /** Whether `name` may be a private stream (a listenKey), which a SUBSCRIBE opens rather than refuses. */
  isPrivate(name: string): boolean;
  /** Has the connection join a private stream (joinChannel), or closes it if the name names none; resolves once either is done. */
  openPrivate(name: string, connection: StreamConnection): Promise<void>;
}

/**
 * One client's WebSocket: the streams it listens to (named, as LIST_SUBSCRIPTIONS shows them, and
 * private channels a path opened, which it never lists), whether events come wrapped as
 * `{stream, data}` (a /stream connection, or SET_PROPERTY combined), and its limits.
 */
export class StreamConnection {
  private readonly streams = new Set<string>();
  private readonly channels = new Set<string>();
  /** Times of the latest incoming messages, at most MAX_INCOMING_PER_SECOND of them. */
  private readonly incoming: number[] = [];
  lastPongAt = Date.now();

  /**
   * `socket` is the connection's WebSocket, `raw` the TCP socket under it: events are written there
   * as whole frames (see sendFrame), everything else goes through `socket`.
   */
  constructor(
    private readonly socket: WebSocket,
    private readonly raw: Duplex,
    private readonly subscriptions: Subscriptions,
    public combined: boolean,
    private readonly catalog: MarketCatalog,
  ) {
    socket.on('message', (data, isBinary) => {
      if (this.counted()) this.onMessage(data, isBinary);
    });
    socket.on('ping', () => this.counted());
    socket.on('pong', () => {
      this.lastPongAt = Date.now();
      this.counted();
    });
    // A protocol error (an oversized or malformed frame) closes the socket; without a listener it would be thrown.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      for (const stream of [...this.streams, ...this.channels]) this.subscriptions.remove(stream, this);
    });
  }

  /** Subscribes to streams named in the connection's URL, which the hub has checked. */
  subscribe(streams: readonly string[]): void {
    for (const stream of streams) if (!this.streams.has(stream)) this.add(this.streams, stream);
  }

  /** Whether a path opened a channel on it (a user data stream's connection). */
  holdsChannel(): boolean {
    return this.channels.size > 0;
  }

  /** Delivers a private stream (a user data stream's listenKey), which LIST_SUBSCRIPTIONS does not show. */
  joinChannel(channel: string): void {
    this.add(this.channels, channel);
  }

  /**
   * Writes an event's frame (text-frame.ts) to the socket, or drops a client too far behind to catch
   * up. The socket is corked at the first frame of a batch (`corked` collects those), so a batch's
   * frames leave in one write; the hub uncorks them when the batch is written. Frames never interleave
   * with ws's own (replies, pings): each is written whole, and compression is off.
   */
  sendFrame(frame: Buffer, corked: Set<StreamConnection>): void {
    if (!writable(this.socket)) return;
    if (!corked.has(this)) {
      this.raw.cork();
      corked.add(this);
    }
    this.raw.write(frame);
  }

  uncork(): void {
    this.raw.uncork();
  }

  ping(): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.ping();
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  terminate(): void {
    this.socket.terminate();
  }

  private add(set: Set<string>, stream: string) {
    set.add(stream);
    this.subscriptions.add(stream, this);
  }

  /** Counts one incoming message; false (and the connection closing) past the limit, as Binance does. */
  private counted(): boolean {
    const now = Date.now();
    if (this.incoming.length === MAX_INCOMING_PER_SECOND) {
      if (now - this.incoming[0]! < 1000) {
        this.close(POLICY_VIOLATION, 'Too many messages');
        return false;
      }
      this.incoming.shift();
    }
    this.incoming.push(now);
    return true;
  }

  private onMessage(data: RawData, isBinary: boolean) {
    let request: StreamRequest;
    try {
      if (isBinary) throw new StreamRequestError(3, 'Invalid JSON: a text frame was expected');
      request = parseRequest(data.toString());
      const result = this.run(request);
      const { id } = request;
      if (result instanceof Promise) void result.then((value) => this.reply(answer(value, id)));
      else this.reply(answer(result, id));
    } catch (error) {
      if (!(error instanceof StreamRequestError)) throw error;
      this.reply(errorAnswer(error));
    }
  }

  private run(request: StreamRequest): unknown {
    switch (request.method) {
      case 'SUBSCRIBE': {
        const market = request.streams.filter((name) => isMarketStream(this.catalog, name));
        const channels = request.streams.filter((name) => !isMarketStream(this.catalog, name));
        const unknown = channels.find((name) => !this.subscriptions.isPrivate(name));
        if (unknown !== undefined)
          throw new StreamRequestError(2, `Invalid request: unknown stream ${JSON.stringify(unknown)}`, request.id);
        const added = new Set(market.filter((name) => !this.streams.has(name)));
        if (this.streams.size + added.size > MAX_STREAMS)
          throw new StreamRequestError(
            2,
            `Invalid request: too many streams, a connection holds at most ${MAX_STREAMS}`,
            request.id,
          );
        this.subscribe([...added]);
        const opening = [...new Set(channels)].filter((channel) => !this.channels.has(channel));
        if (opening.length === 0) return null;
        // Answered once the private streams deliver: what follows the answer reaches the client.
        return Promise.all(opening.map((channel) => this.subscriptions.openPrivate(channel, this))).then(() => null);
      }
      case 'UNSUBSCRIBE':
        for (const stream of request.streams)
          if (this.streams.delete(stream) || this.channels.delete(stream)) this.subscriptions.remove(stream, this);
        return null;
      case 'LIST_SUBSCRIPTIONS':
        return [...this.streams];
      case 'SET_PROPERTY':
        this.checkProperty(request.property, request.id);
        if (typeof request.value !== 'boolean')
          throw new StreamRequestError(1, 'Invalid value type: expected Boolean', request.id);
        this.combined = request.value;
        return null;
      case 'GET_PROPERTY':
        this.checkProperty(request.property, request.id);
        return this.combined;
    }
  }

  private checkProperty(property: string, id: StreamRequest['id']) {
    if (property !== 'combined') throw new StreamRequestError(0, 'Unknown property', id);
  }

  private reply(text: string) {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
  }
}
