import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { EventBus } from '../../platform/bus/event-bus';
import { rawJsonAnswer } from '../../platform/http/http-server';
import type { Logger } from '../../platform/logger/logger';
import { RoomBatches, type RealtimeBatch } from '../connections/room-batches';
import type { ConnectionLimits } from '../connections/connection-limits';
import { BINANCE_KEEP_ALIVE, keepPinging, type KeepAlive } from './keep-alive';
import { MAX_STREAMS, StreamConnection, type Subscriptions } from './stream-connection';
import { STREAMS_TOPIC, streamEvents, type StreamEvent } from './stream-events';
import type { MarketCatalog } from '../../markets/catalog';
import { isMarketStream } from './stream-names';
import { textFrame } from './text-frame';

/** The longest request frame: a SUBSCRIBE naming MAX_STREAMS streams fits. */
const MAX_FRAME_BYTES = 64 * 1024;

/**
 * What opens on a path under /ws/ that names no market stream: `/ws/<listenKey>` is the user-data
 * stream's (the connection joins that user's channel, see StreamConnection.joinChannel). Without a
 * handler such a path opens a connection with no streams yet, as ccxt's `/ws/0` expects.
 */
export type OtherPathHandler = (segment: string, connection: StreamConnection) => void;

/** An upgrade request this hub serves, or the status it is refused with. */
type Route = { combined: boolean; streams: string[]; other: string | null } | { status: number; msg: string };

const invalid = (msg: string) => ({ status: 400, msg: `Invalid request: ${msg}` });

/** Paths: `/ws` and `/ws/<stream>[/<stream>...]` (raw events), `/ws/<other>`, `/stream?streams=a/b` (wrapped). */
function routeOf(catalog: MarketCatalog, pathname: string, query: URLSearchParams): Route {
  const named = (names: string[]): Route => {
    if (names.length > MAX_STREAMS) return invalid(`too many streams, a connection holds at most ${MAX_STREAMS}`);
    const unknown = names.find((name) => !isMarketStream(catalog, name));
    return unknown === undefined
      ? { combined: false, streams: names, other: null }
      : invalid(`unknown stream ${unknown}`);
  };
  if (pathname === '/stream') {
    const route = named((query.get('streams') ?? '').split('/').filter(Boolean));
    return 'status' in route ? route : { ...route, combined: true };
  }
  if (pathname === '/ws' || pathname === '/ws/') return { combined: false, streams: [], other: null };
  const segments = pathname.slice('/ws/'.length).split('/');
  if (segments.length === 1 && !isMarketStream(catalog, segments[0]!))
    return { combined: false, streams: [], other: segments[0]! };
  return named(segments);
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
  private readonly connections = new Set<StreamConnection>();
  private readonly stopPinging: () => void;
  private otherPath: OtherPathHandler = () => undefined;
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

  /** The hook for paths under /ws/ that name no stream (the user-data stream's listenKey). */
  handleOtherPaths(handler: OtherPathHandler): void {
    this.otherPath = handler;
  }

  /** Whether a connection of this process listens to `stream`. */
  listened(stream: string): boolean {
    return this.subscribers.has(stream);
  }

  add(stream: string, connection: StreamConnection): void {
    let set = this.subscribers.get(stream);
    if (!set) this.subscribers.set(stream, (set = new Set()));
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

  close(): void {
    this.stopPinging();
    for (const connection of this.connections) connection.terminate();
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
    const route = routeOf(this.catalog, url.pathname, url.searchParams);
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
      if (route.other !== null) this.otherPath(route.other, connection);
    });
  }
}
