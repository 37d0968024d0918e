import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../logger/logger';
import { statusDetail } from './errors';
import { SECURITY_HEADERS } from './security-headers';

/**
 * The request line and headers together: a bearer token and any query string of the API fit many
 * times over. A KYC document sent in the query string (the older client's way) fits only up to
 * about 45 KB; the client sends it in the body, where the route reads megabytes after authorization.
 */
const MAX_HEADER_BYTES = 64 * 1024;
/** The headers come first and are small: they get at most this long, however long a whole request may take. */
const MAX_HEADERS_TIMEOUT_MS = 10_000;
/** How often node enforces those timeouts; its default (30 s) would let a connection overstay by as much. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** What node's parser refuses before any handler sees a request, and the status that says so (else 400). */
const STATUS_OF_PARSER_ERROR: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
};

/**
 * The HTTP server with its limits: a small header section, and a whole request (headers and body)
 * within `requestTimeoutMs`, so neither an oversized head nor a trickled body holds a connection.
 */
export function createHttpServer(listener: RequestListener, requestTimeoutMs: number, logger: Logger): Server {
  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(MAX_HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    listener,
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerRefusal(error, socket, logger));
  return server;
}

/**
 * Answers what the parser refused as the API answers (JSON {"detail"}, the security headers), then
 * closes the connection, as node itself would. Nothing is written on a connection already
 * answering a request, or one the client has gone from.
 */
function answerRefusal(error: NodeJS.ErrnoException, socket: Socket, logger: Logger) {
  // node's own handler checks the same: its response to this connection's request has begun.
  const answering = (socket as { _httpMessage?: { headersSent: boolean } })._httpMessage?.headersSent;
  if (error.code === 'ECONNRESET' || !socket.writable || answering) {
    socket.destroy();
    return;
  }
  const status = STATUS_OF_PARSER_ERROR[error.code ?? ''] ?? 400;
  socket.end(rawJsonAnswer(status, { detail: statusDetail(status) }), () => socket.destroy());
  logger.info({ status, ip: socket.remoteAddress, code: error.code }, 'request refused');
}

/** A whole HTTP answer as text, JSON with the security headers, for a connection no handler answers (it is closed after). */
export function rawJsonAnswer(
  status: number,
  answer: unknown,
  extraHeaders: Record<string, string | number> = {},
): string {
  const body = JSON.stringify(answer);
  const headers = {
    ...SECURITY_HEADERS,
    ...extraHeaders,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`;
}
