import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { BinanceCode } from '../../binance/protocol/binance-error';
import { rawJsonAnswer } from '../../../platform/http/http-server';
import type { ConnectionLimits } from '../../connections/connection-limits';
import { BINANCE_KEEP_ALIVE, keepPinging, type KeepAlive } from '../keep-alive';
import { SERVICE_RESTART } from '../stream-connection';
import { WsApiConnection, type WsApiDeps } from './ws-api-connection';

/** Binance's path of the WebSocket API. */
export const WS_API_PATH = '/ws-api/v3';
/** The longest request frame: a signed request is a few hundred bytes. */
const MAX_FRAME_BYTES = 16 * 1024;

/**
 * Binance's WebSocket API at /ws-api/v3, on the API's HTTP server beside the market streams (which
 * leave /ws-api/ to it) and Socket.IO. Every process runs one; its connections are kept alive by
 * pings as the streams' are, and answered by WsApiConnection. `clientAddress` reads a request's
 * client address as the REST API does (TRUST_PROXY), for API keys' allowlists and request weights;
 * new connections count against the same per-address limit as the streams' (`connectionLimits`).
 */
export class WsApiServer {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly connections = new Set<WsApiConnection>();
  private readonly stopPinging: () => void;

  constructor(
    httpServer: Server,
    private readonly deps: WsApiDeps,
    private readonly clientAddress: (request: IncomingMessage) => string,
    private readonly connectionLimits: ConnectionLimits,
    keepAlive: KeepAlive = BINANCE_KEEP_ALIVE,
  ) {
    httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      void this.upgrade(request, socket, head);
    });
    this.stopPinging = keepPinging(this.connections, keepAlive);
  }

  get openConnections(): number {
    return this.connections.size;
  }

  close(): void {
    this.stopPinging();
    for (const connection of this.connections) connection.close(SERVICE_RESTART, 'Service restart');
    this.server.close();
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const { pathname, searchParams } = new URL(request.url ?? '/', 'http://localhost');
    if (!pathname.startsWith('/ws-api/')) return;
    if (pathname !== WS_API_PATH) {
      socket.end(rawJsonAnswer(404, { code: BinanceCode.UNKNOWN, msg: `Unknown endpoint: ${pathname}` }));
      return;
    }
    const address = this.clientAddress(request);
    if (!(await this.connectionLimits.admit(address, socket))) return;
    this.server.handleUpgrade(request, socket, head, (ws) => {
      // `?returnRateLimits=false`: answers without `rateLimits` unless a request asks for them.
      const returnRateLimits = searchParams.get('returnRateLimits') !== 'false';
      const connection = new WsApiConnection(ws, address, this.deps, returnRateLimits);
      this.connections.add(connection);
      this.connectionLimits.expire(ws);
      ws.on('close', () => this.connections.delete(connection));
    });
  }
}
