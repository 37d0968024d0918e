import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import type { Logger } from '../logger/logger';

/**
 * A plain HTTP server that answers GET /metrics and nothing else: on a port of its own
 * (METRICS_PORT), so a scraper on the private network needs no token, and no koa middleware,
 * limit or log line stands between it and the registry.
 */
export function createMetricsServer(registry: Registry, logger: Logger): Server {
  return createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { 'Content-Type': 'text/plain', Allow: 'GET, HEAD' }).end('Method not allowed\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'Content-Type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'collecting metrics failed');
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end('Collecting metrics failed\n');
      },
    );
  });
}

/** Listens on `port` (0: a free one) and `host`. */
export function listenMetrics(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops listening and drops the scrapers' kept-alive connections. */
export function closeMetrics(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
