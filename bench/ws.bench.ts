/**
 * Market data delivery to many sockets while orders stream in: the exchange runs as `npm start` runs
 * it (compiled, its node flags) on a fresh PostgreSQL database (and REDIS_URL when set); this process
 * places crossing orders at a fixed rate through the HTTP API, each one a trade; N clients in
 * processes of their own (so the server's CPU is its own) listen to BTCUSDT and measure, for every
 * trade, the time from the trade's own timestamp to its arrival (one machine, one clock). Two
 * scenarios: Socket.IO clients in the browser's market room, and plain WebSocket clients on the
 * Binance-style combined stream `btcusdt@depth@100ms` + `btcusdt@trade`.
 * Usage: npm run bench:ws (BENCH_CLIENTS, BENCH_CLIENT_PROCESSES they are spread over, BENCH_RATE
 * orders/s, BENCH_SECONDS, BENCH_SCENARIOS "socketio,raw", BENCH_NODE_ARGS for the server's node;
 * REDIS_URL; DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, names the server where
 * bench_ws_<ts> is created and dropped).
 */
import { fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';
import { Client, Pool } from 'undici';
import WebSocket from 'ws';
import { createDataSource } from '../server/platform/db/data-source';
import { ApiClient, registerTrader } from '../tests/support/http-client';
import { onRealtimeEvents } from '../tests/support/market-socket';
import { approveKyc, credit } from '../tests/support/trader-fixtures';
import { TRADING_BENCH_ENV, withBenchExchange, type BenchExchange } from './exchange-server';
import { machineCpu, processCpu } from './process-cpu';
import { ENTITIES } from '../server/entities';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
/**
 * One process handles its sockets' packets one after another, so the last socket's latency includes
 * the others': two processes halve that, as far as the two cores allow.
 */
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 2);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'socketio,raw').split(',') as Scenario[];
/** After the last order: time for the last pushes to arrive before the clients count. */
const GRACE_SECONDS = 3;
/** Clients connect this many at a time, as a crowd arriving, not as one burst. */
const CONNECT_WAVE = 100;
const TAKERS = 4;
/** The maker's resting orders every taker order crosses: one trade per order, the book's levels stay. */
const ASK = '100000';
const BID = '99990';
const RESTING_BTC = '500';
const TAKER_AMOUNT = '0.001';

type Scenario = 'socketio' | 'raw';
const SCENARIO_NAMES: Record<Scenario, string> = {
  socketio: 'Socket.IO market room',
  raw: 'WebSocket btcusdt@depth@100ms + @trade',
};
/** Binance's combined stream URL for the two streams. */
const RAW_STREAM_PATH = '/stream?streams=btcusdt@depth@100ms/btcusdt@trade';

/** Delivery latencies in 0.1 ms bins (up to a minute), so a million of them cost no memory and merge by adding. */
class LatencyHistogram {
  static readonly BINS = 600_000;
  constructor(
    readonly bins = new Uint32Array(LatencyHistogram.BINS),
    public count = 0,
    public max = 0,
  ) {}

  record(ms: number) {
    const bin = Math.min(LatencyHistogram.BINS - 1, Math.max(0, Math.round(ms * 10)));
    this.bins[bin]!++;
    this.count++;
    if (ms > this.max) this.max = ms;
  }

  percentile(p: number): number {
    const rank = Math.ceil((this.count * p) / 100);
    let seen = 0;
    for (let bin = 0; bin < this.bins.length; bin++) {
      seen += this.bins[bin]!;
      if (seen >= rank) return bin / 10;
    }
    return NaN;
  }

  add(other: LatencyHistogram) {
    other.bins.forEach((n, bin) => (this.bins[bin]! += n));
    this.count += other.count;
    this.max = Math.max(this.max, other.max);
  }

  /** For the parent process: only the bins that hold something. */
  toJson() {
    const filled: Array<[number, number]> = [];
    this.bins.forEach((n, bin) => n && filled.push([bin, n]));
    return { filled, count: this.count, max: this.max };
  }

  static fromJson(json: ReturnType<LatencyHistogram['toJson']>) {
    const histogram = new LatencyHistogram(new Uint32Array(LatencyHistogram.BINS), json.count, json.max);
    for (const [bin, n] of json.filled) histogram.bins[bin] = n;
    return histogram;
  }
}

/** What the clients' process reports when asked, after the orders have stopped. */
interface ClientReport {
  connected: number;
  disconnects: number;
  trades: ReturnType<LatencyHistogram['toJson']>;
  /** Per client: trades it should have had and did not. */
  missingTrades: number;
  duplicateTrades: number;
  clientsMissingTrades: number;
  depth: ReturnType<LatencyHistogram['toJson']>;
  /** Depth updates whose first update id did not follow the previous one's last. */
  depthGaps: number;
}

/**
 * The run's trades numbered in the order this process first heard of them, so a listener keeps a
 * bit per trade instead of a thousand copies of each id's text (whose garbage collection would
 * show in the latencies measured).
 */
const tradeNumbers = new Map<string | number, number>();

/** One listener: which trades it heard, how many of them more than once, its depth update chain. */
class Listener {
  private heard = new Uint8Array(1024);
  distinctTrades = 0;
  repeatedTrades = 0;
  lastUpdateId: number | null = null;

  hear(id: string | number) {
    let n = tradeNumbers.get(id);
    if (n === undefined) tradeNumbers.set(id, (n = tradeNumbers.size));
    if (n >> 3 >= this.heard.length) {
      const grown = new Uint8Array(this.heard.length * 2);
      grown.set(this.heard);
      this.heard = grown;
    }
    const bit = 1 << (n & 7);
    if (this.heard[n >> 3]! & bit) this.repeatedTrades++;
    else {
      this.heard[n >> 3]! |= bit;
      this.distinctTrades++;
    }
  }
}

/**
 * In a clients' process: `count` connections of one scenario, each recording what it receives.
 * Tells the parent 'ready' once all have joined; on the parent's `{ expectedTrades }`, answers its report.
 */
async function runClients(scenario: Scenario, baseUrl: string, count: number) {
  const trades = new LatencyHistogram();
  const depth = new LatencyHistogram();
  const listeners: Listener[] = [];
  let connected = 0;
  let disconnects = 0;
  let depthGaps = 0;
  const onTrade = (listener: Listener, id: string | number, time: number) => {
    trades.record(Date.now() - time);
    listener.hear(id);
  };
  const closers: Array<() => void> = [];

  const connectSocketIo = (listener: Listener) =>
    new Promise<void>((resolve, reject) => {
      const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true });
      onRealtimeEvents(socket, (event, data) => {
        if (event === 'trade' && data.symbol === 'BTCUSDT') onTrade(listener, data.id, data.time);
      });
      // Joined again after a reconnection, as the web client does.
      socket.on('connect', () => socket.emit('subscribe', { symbol: 'BTCUSDT' }));
      socket.on('disconnect', () => disconnects++);
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
      closers.push(() => socket.close());
    });

  const connectRaw = (listener: Listener) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${RAW_STREAM_PATH}`);
      socket.on('message', (raw) => {
        const { stream, data } = JSON.parse(raw.toString());
        if (stream === 'btcusdt@trade') onTrade(listener, data.t, data.T);
        else if (stream === 'btcusdt@depth@100ms') {
          depth.record(Date.now() - data.E);
          if (listener.lastUpdateId !== null && data.U !== listener.lastUpdateId + 1) depthGaps++;
          listener.lastUpdateId = data.u;
        }
      });
      socket.on('close', () => disconnects++);
      socket.once('open', () => resolve());
      socket.once('error', reject);
      closers.push(() => socket.close());
    });

  const connect = scenario === 'socketio' ? connectSocketIo : connectRaw;
  for (let first = 0; first < count; first += CONNECT_WAVE) {
    const wave = Array.from({ length: Math.min(CONNECT_WAVE, count - first) }, () => new Listener());
    listeners.push(...wave);
    const results = await Promise.allSettled(wave.map(connect));
    connected += results.filter((result) => result.status === 'fulfilled').length;
    const failed = results.find((result) => result.status === 'rejected');
    if (failed && connected === 0) {
      process.send!({ failed: String((failed as PromiseRejectedResult).reason) });
      return;
    }
  }
  // A Socket.IO subscription is answered by nothing: give the last ones a moment to be joined.
  await sleep(500);
  process.send!({ ready: connected });

  process.once('message', ({ expectedTrades }: { expectedTrades: number }) => {
    let missingTrades = 0;
    let duplicateTrades = 0;
    let clientsMissingTrades = 0;
    for (const listener of listeners) {
      const missing = Math.max(0, expectedTrades - listener.distinctTrades);
      missingTrades += missing;
      if (missing > 0) clientsMissingTrades++;
      duplicateTrades += listener.repeatedTrades;
    }
    const report: ClientReport = {
      connected,
      disconnects,
      trades: trades.toJson(),
      missingTrades,
      duplicateTrades,
      clientsMissingTrades,
      depth: depth.toJson(),
      depthGaps,
    };
    closers.forEach((close) => close());
    process.send!(report, () => process.exit(0));
  });
}

/** A maker resting on both sides of BTCUSDT and takers funded to cross it for the whole run. */
async function setUpTraders(baseUrl: string, databaseUrl: string) {
  const api = new ApiClient(baseUrl);
  const maker = await registerTrader(api, 'Bench Maker');
  const takers = await Promise.all(Array.from({ length: TAKERS }, (_, i) => registerTrader(api, `Bench Taker ${i}`)));
  const dataSource = createDataSource({ url: databaseUrl, poolSize: 1, entities: ENTITIES });
  await dataSource.initialize();
  for (const trader of [maker, ...takers]) {
    await approveKyc(dataSource, trader.user.id);
    await credit(dataSource, trader.user.id, 'USD', '1000000000');
    await credit(dataSource, trader.user.id, 'BTC', '10000');
  }
  await dataSource.destroy();
  for (const [side, price] of [
    ['sell', ASK],
    ['buy', BID],
  ] as const) {
    const placed = await maker.client.post('/trading/order', {
      symbol: 'BTCUSDT',
      side,
      type: 'limit',
      price,
      amount: RESTING_BTC,
    });
    if (placed.status !== 200) throw new Error(`resting order refused: ${JSON.stringify(placed.body)}`);
  }
  return takers.map((taker) => taker.client.token!);
}

/**
 * Places RATE orders a second for SECONDS, each sent when it is due whatever the earlier ones are
 * doing (a crowd does not wait for each other); each crosses a resting order, so it is one trade.
 */
async function placeOrders(http: Pool, tokens: string[]) {
  const bodies = ['buy', 'sell'].map((side) =>
    JSON.stringify({
      symbol: 'BTCUSDT',
      side,
      type: 'limit',
      price: side === 'buy' ? ASK : BID,
      amount: TAKER_AMOUNT,
      time_in_force: 'IOC',
    }),
  );
  const latencies: number[] = [];
  const refusals = new Map<string, number>();
  let trades = 0;
  // The same clock as the clients': from each trade's time to its taker's answer, for comparison.
  const answered = new LatencyHistogram();
  const inFlight = new Set<Promise<void>>();
  const place = async (n: number) => {
    const started = performance.now();
    const response = await http.request({
      method: 'POST',
      path: '/api/trading/order',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[n % tokens.length]}` },
      body: bodies[n % 2],
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) {
      const refusal = `${response.statusCode} ${text}`;
      refusals.set(refusal, (refusals.get(refusal) ?? 0) + 1);
      return;
    }
    latencies.push(performance.now() - started);
    const now = Date.now();
    const { fills } = JSON.parse(text) as { fills: Array<{ created_at: string }> };
    for (const fill of fills) answered.record(now - Date.parse(fill.created_at));
    trades += fills.length;
  };
  const started = performance.now();
  let sent = 0;
  for (;;) {
    const elapsed = performance.now() - started;
    if (elapsed >= SECONDS * 1000) break;
    for (const due = Math.floor((elapsed * RATE) / 1000); sent < due; sent++) {
      const order = place(sent).finally(() => inFlight.delete(order));
      inFlight.add(order);
    }
    await sleep(1);
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return { sent, trades, answered, latencies, refusals, seconds: (performance.now() - started) / 1000 };
}

/** A new connection's GET /api/health every 200 ms: what a client arriving now waits for its first answer. */
function probeNewConnections(baseUrl: string) {
  const latencies: number[] = [];
  let stopped = false;
  const probing = (async () => {
    while (!stopped) {
      const client = new Client(baseUrl);
      const started = performance.now();
      try {
        const response = await client.request({ method: 'GET', path: '/api/health', headersTimeout: 60_000 });
        await response.body.dump();
        latencies.push(performance.now() - started);
      } finally {
        await client.close();
      }
      await sleep(200);
    }
  })();
  return async () => {
    stopped = true;
    await probing;
    return latencies.sort((a, b) => a - b);
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
const ms = (value: number) => value.toFixed(1);

/** Forks a clients' process; `next()` is its next message. */
function forkClients(scenario: Scenario, baseUrl: string, count: number) {
  const child = fork(__filename, ['clients', scenario, baseUrl, String(count)], { execArgv: process.execArgv });
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T)));
  return { child, next };
}

/** The reports of every clients' process as one. */
function mergeReports(reports: ClientReport[]) {
  const sum = (
    field: 'connected' | 'disconnects' | 'missingTrades' | 'duplicateTrades' | 'clientsMissingTrades' | 'depthGaps',
  ) => reports.reduce((total, report) => total + report[field], 0);
  const histogram = (field: 'trades' | 'depth') => {
    const merged = new LatencyHistogram();
    for (const report of reports) merged.add(LatencyHistogram.fromJson(report[field]));
    return merged;
  };
  return {
    connected: sum('connected'),
    disconnects: sum('disconnects'),
    missingTrades: sum('missingTrades'),
    duplicateTrades: sum('duplicateTrades'),
    clientsMissingTrades: sum('clientsMissingTrades'),
    depthGaps: sum('depthGaps'),
    trades: histogram('trades'),
    depth: histogram('depth'),
  };
}

async function runScenario(scenario: Scenario, server: BenchExchange, http: Pool, tokens: string[]) {
  const baseUrl = server.url;
  const processes = Array.from({ length: CLIENT_PROCESSES }, (_, i) =>
    forkClients(scenario, baseUrl, Math.floor(CLIENTS / CLIENT_PROCESSES) + (i < CLIENTS % CLIENT_PROCESSES ? 1 : 0)),
  );
  const joined = await Promise.all(processes.map(({ next }) => next<{ ready: number } | { failed: string }>()));
  const failure = joined.find((answer) => 'failed' in answer);
  if (failure) {
    console.log(`${SCENARIO_NAMES[scenario]}: no client could connect (${failure.failed}); skipped`);
    processes.forEach(({ child }) => child.kill());
    return null;
  }
  const clientsCpu = () => processes.reduce((total, { child }) => total + processCpu(child.pid!), 0);
  const serverCpu0 = processCpu(server.pid);
  const clientCpu0 = clientsCpu();
  const machine0 = machineCpu();
  const ownCpu0 = process.cpuUsage();
  const stopProbing = probeNewConnections(baseUrl);
  const load = await placeOrders(http, tokens);
  const serverCpu = processCpu(server.pid) - serverCpu0;
  const clientCpu = clientsCpu() - clientCpu0;
  const machine1 = machineCpu();
  const ownCpu = process.cpuUsage(ownCpu0);
  const loadCpu = (ownCpu.user + ownCpu.system) / 1e6;
  // Whatever else was busy: PostgreSQL, and whatever else shares the machine.
  const machineSeconds =
    ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * cpus().length * load.seconds;
  const probes = await stopProbing();
  await sleep(GRACE_SECONDS * 1000);
  const report = mergeReports(
    await Promise.all(
      processes.map(({ child, next }) => {
        const answer = next<ClientReport>();
        child.send({ expectedTrades: load.trades });
        return answer;
      }),
    ),
  );
  if (load.refusals.size > 0) console.log('refused orders:', Object.fromEntries(load.refusals));

  const measured = {
    scenario: SCENARIO_NAMES[scenario],
    clients: `${report.connected}/${CLIENTS}`,
    'orders/s': Math.round(load.latencies.length / load.seconds),
    trades: load.trades,
    'order p99 ms': ms(percentile(load.latencies, 99)),
    'new connection p99 ms': ms(percentile(probes, 99)),
    'server CPU %': Math.round((100 * serverCpu) / load.seconds),
    'clients CPU %': Math.round((100 * clientCpu) / load.seconds),
    'load generator CPU %': Math.round((100 * loadCpu) / load.seconds),
    'rest of the machine CPU %': Math.round((100 * (machineSeconds - serverCpu - clientCpu - loadCpu)) / load.seconds),
    disconnects: report.disconnects,
  };
  const delivery = (events: string, histogram: LatencyHistogram, missing: string) => ({
    scenario: SCENARIO_NAMES[scenario],
    events,
    received: histogram.count,
    'p50 ms': ms(histogram.percentile(50)),
    'p99 ms': ms(histogram.percentile(99)),
    'max ms': ms(histogram.max),
    missing,
  });
  const deliveries = [
    // The one HTTP answer each trade also goes out in: what the commit and HTTP alone take.
    delivery("trade, in its taker's order answer", load.answered, ''),
    delivery(
      'trade',
      report.trades,
      `${report.missingTrades} (${report.clientsMissingTrades} clients), ${report.duplicateTrades} repeated`,
    ),
  ];
  if (scenario === 'raw') deliveries.push(delivery('depth update', report.depth, `${report.depthGaps} gaps`));
  return { load: measured, deliveries };
}

async function main() {
  await withBenchExchange('ws', { env: TRADING_BENCH_ENV, connections: 64 }, async ({ server, http, databaseUrl }) => {
    const tokens = await setUpTraders(server.url, databaseUrl);
    const loads = [];
    const deliveries = [];
    for (const scenario of SCENARIOS) {
      const result = await runScenario(scenario, server, http, tokens);
      if (!result) continue;
      loads.push(result.load);
      deliveries.push(...result.deliveries);
    }
    console.log(
      `\nbench:ws  ${CLIENTS} clients on BTCUSDT, ${RATE} crossing orders/s for ${SECONDS} s (one trade each), PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ', in-memory bus'}`,
    );
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (2 cores shared)`,
    );
    console.table(deliveries);
    console.table(loads);
  });
}

if (process.argv[2] === 'clients')
  void runClients(process.argv[3] as Scenario, process.argv[4]!, Number(process.argv[5]));
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
