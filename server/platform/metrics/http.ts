import type { Middleware } from 'koa';
import { Counter, Histogram, type Registry } from 'prom-client';

/** What koa's router leaves on a request it routed: the template of the path it matched (/api/orders/:id). */
interface Routed {
  _matchedRoute?: string | RegExp;
}

/** Seconds: from a cached read (a few ms) to a large upload or a slow outage answer. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Requests by route template, never the raw path: ids and symbols in paths would make a series
 * each. A path no route matched (the client's pages, a 404) counts as `unmatched`.
 */
export class HttpMetrics {
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly duration: Histogram<'route' | 'method'>;

  constructor(registry: Registry) {
    this.requests = new Counter({
      name: 'exchange_http_requests_total',
      help: 'HTTP requests answered, by route template, method and status',
      labelNames: ['route', 'method', 'status'],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'exchange_http_request_duration_seconds',
      help: 'Time from a request reaching koa to its answer, by route template and method',
      labelNames: ['route', 'method'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
  }

  /** Mounted just inside the access log: it sees the status the error middleware answered with. */
  readonly middleware: Middleware = async (ctx, next) => {
    const started = performance.now();
    let failed = false;
    try {
      await next();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      const matched = (ctx as Routed)._matchedRoute;
      const route = matched === undefined ? 'unmatched' : String(matched);
      const { method } = ctx;
      this.requests.inc({ route, method, status: failed ? 500 : ctx.status });
      this.duration.observe({ route, method }, (performance.now() - started) / 1000);
    }
  };
}
