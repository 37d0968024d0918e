import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { EventBus } from '../../platform/bus/event-bus';
import { rawJsonAnswer } from '../../platform/http/http-server';
import type { Logger } from '../../platform/logger/logger';
import { RoomBatches, type RealtimeBatch } from '../connections/room-batches';
import type { ConnectionLimits } from '../connections/connection-limits';
import { BINANCE_KEEP_ALIVE, keepPinging, type KeepAlive } from './keep-alive';
import { MAX_STREAMS, SERVICE_RESTART, StreamConnection, type Subscriptions } from './stream-connection';
import { STREAMS_TOPIC, streamEvents, type StreamEvent } from './stream-events';
import type { MarketCatalog } from '../../markets/catalog';
import { isMarketStream } from './stream-names';
import { textFrame } from './text-frame';

/** The longest request frame: a SUBSCRIBE naming MAX_STREAMS streams fits. */
const MAX_FRAME_BYTES = 64 * 1024;

/**
 * Streams that are not the market's: a user data stream's listenKey, named like a stream in a URL
 * (`/ws/<listenKey>`, `/stream?streams=<listenKey>`) or a SUBSCRIBE. `names` tells whether a name
 * may be one (its shape: the hub does not refuse it as unknown); `open` has the connection join it
 * (see StreamConnection.joinChannel), or close if it names nothing, and resolves once it has.
 */
export interface PrivateStreams {
  names(name: string): boolean;
  open(name: string, connection: StreamConnection): Promise<void>;
}

const NO_PRIVATE_STREAMS: PrivateStreams = { names: () => false, open: async () => undefined };

/** An upgrade request this hub serves, or the status it is refused with. */
type Route = { combined: boolean; streams: string[]; channels: string[] } | { status: number; msg: string };

const invalid = (msg: string) => ({ status: 400, msg: `Invalid request: ${msg}` });

/**
 * Paths: `/ws` and `/ws/<stream>[/<stream>...]` (raw events), `/stream?streams=a/b` (wrapped). A
 * stream may be a private one; `/ws/<anything else>` opens a connection with no streams yet, as
 * ccxt's `/ws/0` expects.
 */
function routeOf(
  catalog: MarketCatalog,
  privateStreams: PrivateStreams,
  pathname: string,
  query: URLSearchParams,
): Route {
  const named = (names: string[], combined: boolean): Route => {
    if (names.length > MAX_STREAMS) return invalid(`too many streams, a connection holds at most ${MAX_STREAMS}`);
    const streams = names.filter((name) => isMarketStream(catalog, name));
    const channels = names.filter((name) => !isMarketStream(catalog, name));
    const unknown = channels.find((name) => !privateStreams.names(name));
    return unknown === undefined ? { combined, streams, channels } : invalid(`unknown stream ${unknown}`);
  };
  if (pathname === '/stream') return named((query.get('streams') ?? '').split('/').filter(Boolean), true);
  if (pathname === '/ws' || pathname === '/ws/') return { combined: false, streams: [], channels: [] };
  const segments = pathname.slice('/ws/'.length).split('/');
  if (segments.length === 1 && !isMarketStream(catalog, segments[0]!) && !privateStreams.names(segments[0]!))
    return { combined: false, streams: [], channels: [] };
  return named(segments, false);
}

/**
 * Binance-compatible market streams over plain WebSocket, on the API's HTTP server beside Socket.IO
 * (which keeps /socket.io). Every process runs one: events come from the bus, each built and
 * serialized once by the elected stream source, and the hub sends each to its own connections
 * subscribed to that stream, framed once for all of them (the Socket.IO hub's fan-out, for plain
 * sockets). It pings every connection and drops those that stop answering, and those that fall
 * too far behind (StreamConnection.sendFrame).
 */
export class StreamHub implements Subscriptions {
  // No compression: an event's frame is then the same bytes for every client (text-frame.ts).
  private readonly server = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false,
  });
  private readonly subscribers = new Map<string, Set<StreamConnection>>();
  private firstListener: (stream: string) => void = () => {};
  private readonly closers: Array<() => void> = [];
  private readonly connections = new Set<StreamConnection>();
  private readonly stopPinging: () => void;
  private privateStreams = NO_PRIVATE_STREAMS;
  private readonly batches = new RoomBatches((stream, batch) => this.send(stream, batch));

  constructor(
    httpServer: Server,
    private readonly catalog: MarketCatalog,
    private readonly connectionLimits: ConnectionLimits,
    /** A request's client address, as koa reads it (TRUST_PROXY). */
    private readonly clientAddress: (request: IncomingMessage) => string,
    private readonly logger: Logger,
    keepAlive: KeepAlive = BINANCE_KEEP_ALIVE,
  ) {
    httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      void this.upgrade(request, socket, head);
    });
    this.stopPinging = keepPinging(this.connections, keepAlive);
  }

  /** Delivers the bus's stream events from now on. */
  async listen(bus: EventBus): Promise<void> {
    await bus.subscribe(STREAMS_TOPIC, (message) => {
      const parsed = streamEvents.safeParse(message);
      if (parsed.success) this.deliver(parsed.data);
      else this.logger.warn({ issues: parsed.error.issues }, 'malformed stream events ignored');
    });
  }

  /** Serves the streams that are not the market's (the user data streams' listenKeys). */
  servePrivateStreams(privateStreams: PrivateStreams): void {
    this.privateStreams = privateStreams;
  }

  isPrivate(name: string): boolean {
    return this.privateStreams.names(name);
  }

  openPrivate(name: string, connection: StreamConnection): Promise<void> {
    return this.privateStreams.open(name, connection);
  }

  /** Whether a connection of this process listens to `stream`. */
  listened(stream: string): boolean {
    return this.subscribers.has(stream);
  }

  /** The market streams a connection of this process listens to (a listenKey's is a secret, kept here). */
  *marketStreams(): Iterable<string> {
    for (const stream of this.subscribers.keys()) if (!this.isPrivate(stream)) yield stream;
  }

  /** Runs `stop` as the hub closes: work that lives as long as it (the market streams' audience). */
  onClose(stop: () => void): void {
    this.closers.push(stop);
  }

  /** Tells `listener` of each market stream a connection of this process starts to listen to. */
  onFirstListener(listener: (stream: string) => void): void {
    this.firstListener = listener;
  }

  add(stream: string, connection: StreamConnection): void {
    let set = this.subscribers.get(stream);
    if (!set) {
      this.subscribers.set(stream, (set = new Set()));
      if (!this.isPrivate(stream)) this.firstListener(stream);
    }
    set.add(connection);
  }

  remove(stream: string, connection: StreamConnection): void {
    const set = this.subscribers.get(stream);
    if (set?.delete(connection) && set.size === 0) this.subscribers.delete(stream);
  }

  /**
   * Closes this process's connections that joined `channel` (a user data stream that ended), once
   * what is pending for them has been written: its last event goes before the close.
   */
  closeChannel(channel: string, code: number, reason: string): void {
    this.batches.flush();
    for (const connection of this.subscribers.get(channel) ?? []) connection.close(code, reason);
  }

  /**
   * Queues events for the next flush, paced as the Socket.IO hub's room batches are (RoomBatches:
   * after a flush, a pause of twice the CPU time it took): with a thousand connections on a stream,
   * a write per event per connection is what exhausts a process; what comes meanwhile goes in the
   * next flush, one write per connection. A stream's events keep their order.
   */
  deliver(events: StreamEvent[]): void {
    for (const { stream, data } of events) if (this.subscribers.has(stream)) this.batches.add(stream, stream, data);
  }

  /**
   * A stream's events framed once each, raw and wrapped, whatever the number of connections they go
   * to; each connection's frames leave in one write (corked until all are written, within the
   * flush, so the pause after it counts the writes too).
   */
  private send(stream: string, batch: RealtimeBatch) {
    const listeners = this.subscribers.get(stream);
    if (!listeners) return;
    const corked = new Set<StreamConnection>();
    for (const [, data] of batch) {
      let raw: Buffer | undefined;
      let wrapped: Buffer | undefined;
      for (const connection of listeners) {
        const frame = connection.combined
          ? (wrapped ??= textFrame(`{"stream":${JSON.stringify(stream)},"data":${data as string}}`))
          : (raw ??= textFrame(data as string));
        connection.sendFrame(frame, corked);
      }
    }
    for (const connection of corked) connection.uncork();
  }

  /** This hub's open connections: those of a user data stream (a listenKey's channel) apart from the market streams'. */
  openConnections(): { market: number; user: number } {
    let user = 0;
    for (const connection of this.connections) if (connection.holdsChannel()) user++;
    return { market: this.connections.size - user, user };
  }

  close(): void {
    this.stopPinging();
    for (const stop of this.closers) stop();
    for (const connection of this.connections) connection.close(SERVICE_RESTART, 'Service restart');
    this.server.close();
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    // Socket.IO's own, and the WebSocket API's (user-data/ws-api-server.ts).
    if (url.pathname.startsWith('/socket.io/') || url.pathname.startsWith('/ws-api/')) return;
    if (url.pathname !== '/stream' && url.pathname !== '/ws' && !url.pathname.startsWith('/ws/')) {
      socket.end(rawJsonAnswer(404, { code: 2, msg: 'Not found' }));
      return;
    }
    const route = routeOf(this.catalog, this.privateStreams, url.pathname, url.searchParams);
    if ('status' in route) {
      socket.end(rawJsonAnswer(route.status, { code: 2, msg: route.msg }));
      return;
    }
    if (!(await this.connectionLimits.admit(this.clientAddress(request), socket))) return;
    this.server.handleUpgrade(request, socket, head, (ws) => {
      const connection = new StreamConnection(ws, socket, this, route.combined, this.catalog);
      this.connections.add(connection);
      this.connectionLimits.expire(ws);
      ws.on('close', () => this.connections.delete(connection));
      connection.subscribe(route.streams);
      for (const channel of route.channels) void this.openPrivate(channel, connection);
    });
  }
}
