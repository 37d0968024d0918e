import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { keyedTrader, signedCall } from '../../support/binance-client';
import { ApiClient } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';
import { placed, placeOrder } from '../../support/trading-fixtures';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** One sample of the exposition: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labelText, value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries(
        [...(labelText ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: name!, labels, value: Number(value) };
    });
}

/** The value of the sample `name` whose labels include `labels`; undefined if there is none. */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('metrics on METRICS_PORT and, with METRICS_TOKEN, on the public port', () => {
  let server: TestExchange;
  let metricsUrl: string;

  beforeAll(async () => {
    server = await startTestExchange({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    const { port } = server.exchange.metricsServer!.address() as AddressInfo;
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
  });
  afterAll(() => server.close());

  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    return { text, samples: samplesOf(text) };
  };

  it('counts requests by route template, method and status, never by raw path', async () => {
    const api = new ApiClient(server.url);
    const trader = await fundedTrader(server, {});
    const sessionId = randomUUID();
    expect((await api.get('/health')).status).toBe(200);
    expect((await trader.client.delete(`/account/sessions/${sessionId}`)).status).toBe(404);
    expect((await api.get(`/no-such-route/${sessionId}`)).status).toBe(404);

    const { text, samples } = await scrape();
    const requests = (labels: Record<string, string>) => valueOf(samples, 'exchange_http_requests_total', labels);
    expect(requests({ route: '/api/health', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(requests({ route: '/api/account/sessions/:id', method: 'DELETE', status: '404' })).toBe(1);
    expect(requests({ route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(samples, 'exchange_http_request_duration_seconds_count', { route: '/api/health', method: 'GET' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(sessionId);
  });

  it('counts the orders accepted, and those refused by their refusal code, and the rounds that took them', async () => {
    const trader = await fundedTrader(server, { USD: '100' });
    await placed(trader.client, { symbol: 'BTC/USDT', side: 'buy', type: 'limit', amount: 0.01, price: 1000 });
    const refused = await placeOrder(trader.client, {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      amount: 1,
      price: 1000,
    });
    expect(refused.status).toBe(400);

    const bot = await keyedTrader(server, { USD: '100' });
    const order = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '1000' };
    expect((await signedCall(server.url, bot.key, 'POST', '/order', { ...order, quantity: '0.01' })).status).toBe(200);
    expect((await signedCall(server.url, bot.key, 'POST', '/order', { ...order, quantity: '1' })).status).toBe(400);

    const { samples } = await scrape();
    for (const surface of ['web', 'binance']) {
      expect(valueOf(samples, 'exchange_orders_accepted_total', { surface })).toBe(1);
      expect(valueOf(samples, 'exchange_orders_refused_total', { surface, reason: 'insufficient-balance' })).toBe(1);
    }
    expect(
      valueOf(samples, 'exchange_http_requests_total', { route: '/api/v3/order', method: 'POST', status: '400' }),
    ).toBe(1);
    expect(valueOf(samples, 'exchange_trading_round_commands_count')).toBeGreaterThanOrEqual(2);
    expect(valueOf(samples, 'exchange_trading_round_commit_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'exchange_trading_round_engine_seconds_count')).toBeGreaterThanOrEqual(1);
  });

  it('reads the pool, the dependencies, the connections and the process when scraped', async () => {
    const { text, samples } = await scrape();
    const poolSize = Number(process.env.TEST_DATABASE_POOL_SIZE);
    expect(valueOf(samples, 'exchange_database_pool_max_connections')).toBe(poolSize);
    const total = valueOf(samples, 'exchange_database_pool_connections')!;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(poolSize);
    expect(valueOf(samples, 'exchange_database_pool_idle_connections')).toBeLessThanOrEqual(total);
    expect(valueOf(samples, 'exchange_database_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'exchange_dependency_up', { dependency: 'database' })).toBe(1);
    expect(valueOf(samples, 'exchange_dependency_outages_total', { dependency: 'database' })).toBe(0);
    // Without REDIS_URL there is no Redis to be up or down.
    expect(valueOf(samples, 'exchange_dependency_up', { dependency: 'redis' })).toBe(
      process.env.REDIS_URL ? 1 : undefined,
    );
    for (const kind of ['socketio', 'market_stream', 'user_stream', 'ws_api'])
      expect(valueOf(samples, 'exchange_open_connections', { kind })).toBe(0);
    expect(valueOf(samples, 'exchange_bus_messages_published_total')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'exchange_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE exchange_nodejs_gc_duration_seconds histogram');
    expect(valueOf(samples, 'exchange_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('exports every metric the Grafana dashboard queries', async () => {
    const dashboard = readFileSync(`${__dirname}/../../../deploy/grafana/exchange-dashboard.json`, 'utf8');
    const queried = new Set(dashboard.match(/\bexchange_\w+/g));
    const { samples } = await scrape();
    const exported = new Set(samples.map((sample) => sample.name));
    expect([...queried].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('answers nothing but GET /metrics on its port', async () => {
    const port = new URL(metricsUrl).port;
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(405);
  });

  it('on the public port: 404 without credentials, 401 with a wrong token, the metrics with the right one', async () => {
    const publicUrl = `${server.url}/metrics`;
    expect((await fetch(publicUrl)).status).toBe(404);

    const wrong = await fetch(publicUrl, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ detail: expect.any(String) });

    const right = await fetch(publicUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await right.text()).toContain('exchange_http_requests_total{');
  });
});

describe('without METRICS_PORT or METRICS_TOKEN', () => {
  let server: TestExchange;
  beforeAll(async () => {
    server = await startTestExchange();
  });
  afterAll(() => server.close());

  it('serves no metrics endpoint', async () => {
    expect(server.exchange.metricsServer).toBeNull();
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
  });
});
