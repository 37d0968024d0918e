/**
 * Durable order throughput over HTTP: the exchange runs in a child process against a fresh
 * PostgreSQL database; many keep-alive clients place limit orders around a mid price (about a
 * third cross) and market orders, as pre-funded KYC-approved traders. Prints orders per second,
 * latency percentiles, trades, and what one durable single-row commit costs on this machine.
 * BENCH_KEYED=1 sends each order with an Idempotency-Key of its own, as the web client does.
 * BENCH_API=binance places them through the Binance-compatible POST /api/v3/order instead, each
 * signed (HMAC-SHA256 of its form body with a timestamp) with an API key of its trader.
 * Usage: npm run bench:orders (BENCH_SECONDS, BENCH_CLIENTS, BENCH_TRADERS, BENCH_NODE_ARGS; DATABASE_POOL_SIZE of the
 * server, default 20; DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, names the server where bench_orders_<ts> is created and dropped).
 */
import { createHmac } from 'node:crypto';
import { loadavg } from 'node:os';
import { Client } from 'pg';
import { Pool } from 'undici';
import { createDataSource } from '../server/platform/db/data-source';
import { post } from '../server/ledger/ledger';
import { call, withBenchExchange, TRADING_BENCH_ENV } from './exchange-server';
import { measureWindow } from './process-cpu';
import { ENTITIES } from '../server/entities';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 96);
const TRADERS = Number(process.env.BENCH_TRADERS ?? 32);
const KEYED = process.env.BENCH_KEYED === '1';
const BINANCE = process.env.BENCH_API === 'binance';
const COMMIT_SAMPLES = 2000;
/** Distinct order bodies, cycled through: enough that the books see a varied stream. */
const ORDER_BODIES = 8192;
const MARKETS = [
  { symbol: 'BTCUSDT', mid: 100000, tick: 1, amounts: [0.001, 0.002, 0.005] },
  { symbol: 'ETHUSDT', mid: 4000, tick: 0.1, amounts: [0.01, 0.02, 0.05] },
];

/** Places one order; the answer is read only when it is a refusal. */
async function placeOrder(
  http: Pool,
  path: string,
  headers: Record<string, string>,
  body: Buffer | string,
): Promise<{ status: number; failure: string }> {
  const response = await http.request({ method: 'POST', path, headers, body });
  if (response.statusCode === 200) {
    await response.body.dump();
    return { status: 200, failure: '' };
  }
  return { status: response.statusCode, failure: `${response.statusCode} ${await response.body.text()}` };
}

/** What one durable single-row commit costs here: sequential autocommitted INSERTs through pg. */
async function measureCommit(url: string): Promise<{ perSecond: number; micros: number }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('CREATE TABLE bench_commit (id serial PRIMARY KEY, v int)');
  const started = process.hrtime.bigint();
  for (let i = 0; i < COMMIT_SAMPLES; i++) await client.query('INSERT INTO bench_commit (v) VALUES ($1)', [i]);
  const micros = Number(process.hrtime.bigint() - started) / 1000 / COMMIT_SAMPLES;
  await client.query('DROP TABLE bench_commit');
  await client.end();
  return { perSecond: 1e6 / micros, micros };
}

async function fundTraders(url: string, userIds: string[]) {
  const dataSource = createDataSource({ url, poolSize: 1, entities: ENTITIES });
  await dataSource.initialize();
  await dataSource.query("UPDATE users SET kyc_status = 'approved' WHERE id = ANY($1::uuid[])", [userIds]);
  await dataSource.transaction((manager) =>
    post(
      manager,
      ...userIds.flatMap((userId) =>
        Object.entries({ USD: '1000000000', BTC: '100000', ETH: '1000000' }).map(([asset, amount]) => ({
          reason: 'deposit',
          referenceType: 'bench_funding',
          referenceId: userId,
          legs: [
            { owner: { system: 'external' as const }, asset, bucket: 'available' as const, amount: `-${amount}` },
            { owner: { userId }, asset, bucket: 'available' as const, amount },
          ],
        })),
      ),
    ),
  );
  await dataSource.destroy();
}

/** An order as the Binance-compatible API takes it: a form body, to which each request adds its timestamp and signature. */
function binanceOrder(order: ReturnType<typeof randomOrder>): string {
  const form = new URLSearchParams({
    symbol: order.symbol,
    side: order.side.toUpperCase(),
    type: order.type.toUpperCase(),
  });
  if (order.type === 'limit') form.set('timeInForce', 'GTC');
  form.set('quantity', String(order.amount));
  if (order.price !== undefined) form.set('price', String(order.price));
  return form.toString();
}

function randomOrder(n: number): { symbol: string; side: string; type: string; amount: number; price?: number } {
  const market = MARKETS[n % MARKETS.length]!;
  const side = Math.random() < 0.5 ? 'buy' : 'sell';
  const amount = market.amounts[Math.floor(Math.random() * market.amounts.length)]!;
  if (Math.random() < 0.1) return { symbol: market.symbol, side, type: 'market', amount };
  // Buys from 20 ticks below to 6 above the mid, sells the mirror: about a third cross.
  const offset = Math.floor(Math.random() * 27) - 20;
  const price = Number((market.mid + (side === 'buy' ? offset : -offset) * market.tick).toFixed(2));
  return { symbol: market.symbol, side, type: 'limit', amount, price };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

async function main() {
  const env = { ...TRADING_BENCH_ENV, DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '20' };
  await withBenchExchange('orders', { env, connections: CLIENTS }, async ({ server, http, databaseUrl }) => {
    const commit = await measureCommit(databaseUrl);
    const traders: Array<{ token: string; id: string; key: { api_key: string; secret: string } | null }> = [];
    for (let i = 0; i < TRADERS; i++) {
      const registered = await call(http, 'POST', '/auth/register', null, {
        email: `bench-${i}-${Date.now()}@example.com`,
        password: 'bench-password-1',
        full_name: `Bench ${i}`,
      });
      const { token } = registered.body;
      const key = BINANCE
        ? (await call(http, 'POST', '/account/api-keys', token, { label: 'bench', permissions: ['read', 'trade'] }))
            .body
        : null;
      traders.push({ token, id: registered.body.user.id, key });
    }
    await fundTraders(
      databaseUrl,
      traders.map((t) => t.id),
    );

    const latencies: number[] = [];
    const failures = new Map<string, number>();
    let measuring = false;
    let done = false;
    // The load generator shares the cores with the server: bodies and headers are made before the run.
    const orders = Array.from({ length: ORDER_BODIES }, (_, n) => randomOrder(n));
    const bodies = orders.map((order) => Buffer.from(JSON.stringify(order)));
    const forms = orders.map(binanceOrder);
    const headers = traders.map((t): Record<string, string> =>
      BINANCE
        ? { 'content-type': 'application/x-www-form-urlencoded', 'x-mbx-apikey': t.key!.api_key }
        : { 'content-type': 'application/json', authorization: `Bearer ${t.token}` },
    );
    /** Order n's request as the chosen API takes it: a Binance order is signed as it is sent (its timestamp is now). */
    const request = (w: number, n: number): { path: string; body: Buffer | string } => {
      if (!BINANCE) return { path: '/api/trading/order', body: bodies[n % bodies.length]! };
      const form = `${forms[n % forms.length]!}&timestamp=${Date.now()}`;
      const signature = createHmac('sha256', traders[w % traders.length]!.key!.secret)
        .update(form)
        .digest('hex');
      return { path: '/api/v3/order', body: `${form}&signature=${signature}` };
    };
    let sent = 0;
    const worker = async (w: number) => {
      const traderHeaders = headers[w % headers.length]!;
      while (!done) {
        const started = process.hrtime.bigint();
        const n = sent++;
        const orderHeaders = KEYED ? { ...traderHeaders, 'idempotency-key': `bench-${n}` } : traderHeaders;
        const { path: orderPath, body } = request(w, n);
        const response = await placeOrder(http, orderPath, orderHeaders, body);
        const micros = Number(process.hrtime.bigint() - started) / 1000;
        if (!measuring) continue;
        if (response.status === 200) latencies.push(micros);
        else failures.set(response.failure, (failures.get(response.failure) ?? 0) + 1);
      }
    };
    const workers = Array.from({ length: CLIENTS }, (_, w) => worker(w));
    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
    /** Trades so far, and transactions committed in the bench database (pg_stat_database counts with a short delay). */
    const databaseCounts = async () => {
      const db = new Client({ connectionString: databaseUrl });
      await db.connect();
      const { rows } = await db.query(
        'SELECT (SELECT count(*)::int FROM trades) AS trades, xact_commit::int AS commits FROM pg_stat_database WHERE datname = current_database()',
      );
      await db.end();
      return rows[0] as { trades: number; commits: number };
    };
    const counts0 = await databaseCounts();
    const window = await measureWindow(server.pid, SECONDS, (on) => (measuring = on));
    const counts1 = await databaseCounts();
    const trades = counts1.trades - counts0.trades;
    done = true;
    await Promise.all(workers);

    latencies.sort((a, b) => a - b);
    const ms = (p: number) => (percentile(latencies, p) / 1000).toFixed(1);
    console.log(
      `\nbench:orders  ${SECONDS} s measured after ${WARMUP_SECONDS} s warm-up, ${CLIENTS} keep-alive HTTP clients, ${TRADERS} traders, ${MARKETS.map((m) => m.symbol).join(' + ')}${KEYED ? ', every order keyed' : ''}${BINANCE ? ', signed orders through /api/v3/order' : ''}`,
    );
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (2 cores shared)`,
    );
    console.log(`measured window on the monotonic clock (--cpu-prof's): ${window.monotonicMicros.join(' to ')} µs`);
    console.table([
      {
        'orders/s': Math.round(latencies.length / window.seconds),
        accepted: latencies.length,
        refused: [...failures.values()].reduce((a, b) => a + b, 0),
        trades,
        'p50 ms': ms(50),
        'p99 ms': ms(99),
        'p99.9 ms': ms(99.9),
        'server CPU ms/order': ((window.serverCpu * 1000) / latencies.length).toFixed(3),
        'PostgreSQL CPU ms/order': ((window.postgresCpu * 1000) / latencies.length).toFixed(2),
        'client CPU ms/order': ((window.clientCpu * 1000) / latencies.length).toFixed(2),
        'orders/commit': (latencies.length / (counts1.commits - counts0.commits)).toFixed(1),
        'machine busy': `${Math.round(window.machineBusy * 100)}%`,
        'single-row commit µs': commit.micros.toFixed(0),
        'commits/s (1 client)': Math.round(commit.perSecond),
      },
    ]);
    if (failures.size > 0) console.log('refusals:', Object.fromEntries(failures));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
