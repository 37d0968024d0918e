/**
 * Public market data over a long trade history: a fresh PostgreSQL database gets BENCH_TRADES trades
 * (default 2,000,000) on BTCUSDT spread over BENCH_DAYS days (default 10) up to now, and one trade a
 * minute on every other book market, so each has a candle in every minute. An exchange in this
 * process then answers each market-data call many times, one at a time: the klines of every
 * interval at limit 1000, the chart's default (15m x 200), the ticker, the six tickers, the queries
 * behind klines and the ticker alone, and what a market push reads for the current candles. Prints
 * p50/p99 per call and the CPU a call costs.
 * Usage: npm run bench:market-data (BENCH_TRADES, BENCH_DAYS, BENCH_CALLS per case, default 300;
 * BENCH_CASE_SECONDS caps a case's time, default 10; DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, names the server where bench_market_data_<ts> is created and dropped).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { DataSource } from 'typeorm';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createExchange } from '../server/app';
import { loadConfig } from '../server/platform/config/config';
import { openDatabase } from '../server/platform/db/database';
import { createLogger } from '../server/platform/logger/logger';
import { KLINE_INTERVALS, loadKlines, type KlineInterval } from '../server/trading/market-data/candles';
import { loadDayStatistics } from '../server/trading/market-data/day-statistics';
import type { BookMarket } from '../server/markets/catalog';
import { createFreshDatabase } from '../tests/support/fresh-database';
import { processCpu } from './process-cpu';
import { OPENING_BOOK_MARKETS } from '../tests/support/opening-catalog';
import { ENTITIES } from '../server/entities';

const TRADES = Number(process.env.BENCH_TRADES ?? 2_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 10);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const CASE_SECONDS = Number(process.env.BENCH_CASE_SECONDS ?? 10);
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WARMUP_CALLS = 3;
const DAY_MS = 86_400_000;
const AHEAD_MS = 15 * 60_000;
const HEAVY = 'BTCUSDT';

/**
 * `count` trades of one market, evenly spaced from `startMs` to `endMs`, in one statement per day
 * (as many statements as trades arrive in, not one huge one). Prices wander around the seed price.
 * Ids count up (the market's index, then the trade's number) and two traders with one order each
 * make them all, so the indexes grow at their ends and the history is written in a few minutes.
 */
async function insertTrades(dataSource: DataSource, market: BookMarket, count: number, startMs: number, endMs: number) {
  const stepMs = (endMs - startMs) / count;
  const perDay = Math.ceil(count / DAYS);
  for (let first = 1; first <= count; first += perDay) {
    await dataSource.query(
      `INSERT INTO trades (id, symbol, seq, price, amount, quote_amount, taker_side, maker_order_id, taker_order_id,
                           maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
       SELECT (lpad(to_hex($8::int), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, $1, g,
              p.price, a.amount, p.price * a.amount, CASE WHEN g % 2 = 0 THEN 'buy' ELSE 'sell' END,
              $9, $10, $11, $12, 0, 0, $2::timestamptz + (g - 1) * $3::double precision * interval '1 millisecond'
         FROM generate_series($4::bigint, $5::bigint) g,
              LATERAL (SELECT round($6::numeric * (1 + 0.05 * sin(g / 20000.0)::numeric + 0.001 * (g % 13)), 2) AS price) p,
              LATERAL (SELECT $7::numeric * (1 + g % 10) AS amount) a`,
      [
        market.symbol,
        new Date(startMs),
        stepMs,
        first,
        Math.min(count, first + perDay - 1),
        market.seedPrice,
        market.lotSize,
        OPENING_BOOK_MARKETS.indexOf(market),
        ...Array.from({ length: 4 }, randomUUID),
      ],
    );
  }
}

interface Case {
  name: string;
  call: () => Promise<unknown>;
}

/**
 * CPU seconds used so far by each PostgreSQL backend serving the bench database (the exchange's
 * connections): other databases on the same server are not counted.
 */
async function backendCpu(dataSource: DataSource): Promise<Map<number, number>> {
  const rows: Array<{ pid: number }> = await dataSource.query(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, processCpu(pid));
    } catch {
      // the connection closed meanwhile
    }
  }
  return cpu;
}

/**
 * Per-call latencies of one case (CALLS calls, or as many as CASE_SECONDS allows, at least 5), and
 * the CPU each call costs this process (the exchange and its client) and PostgreSQL: on a machine
 * others load too, the latencies wait for the cores, the CPU does not.
 */
async function measure(run: Case, dataSource: DataSource) {
  for (let i = 0; i < WARMUP_CALLS; i++) await run.call();
  const micros: number[] = [];
  const nodeCpu0 = process.cpuUsage();
  const backends0 = await backendCpu(dataSource);
  const started = Date.now();
  while (micros.length < CALLS && (micros.length < 5 || Date.now() - started < CASE_SECONDS * 1000)) {
    const t0 = process.hrtime.bigint();
    await run.call();
    micros.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  const nodeCpu = process.cpuUsage(nodeCpu0);
  let postgresCpu = 0;
  for (const [pid, cpu] of await backendCpu(dataSource)) postgresCpu += cpu - (backends0.get(pid) ?? 0);
  micros.sort((a, b) => a - b);
  const ms = (p: number) =>
    (micros[Math.min(micros.length - 1, Math.floor((micros.length * p) / 100))]! / 1000).toFixed(2);
  return {
    case: run.name,
    calls: micros.length,
    'p50 ms': ms(50),
    'p99 ms': ms(99),
    'node CPU ms/call': ((nodeCpu.user + nodeCpu.system) / 1000 / micros.length).toFixed(2),
    'PostgreSQL CPU ms/call': ((postgresCpu * 1000) / micros.length).toFixed(2),
  };
}

async function main() {
  const database = await createFreshDatabase(SERVER_URL, 'bench_market_data');
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-market-data-')),
    LOG_LEVEL: 'warn',
    MARKET_FEED: 'off',
    MARKET_MAKER: 'off',
    ADMIN_EMAIL: 'bench-admin@example.com',
    ADMIN_PASSWORD: 'bench-admin-password',
    CLIENT_DIST: '/nonexistent',
  });
  // The history is there before the exchange starts, as it would be after days of trading.
  const history = await openDatabase(config, ENTITIES);
  // Up to a little ahead, so the current candles the pushes read have trades while the cases run.
  const endMs = Date.now() + AHEAD_MS;
  const startMs = endMs - DAYS * DAY_MS;
  const generating = Date.now();
  await insertTrades(
    history.dataSource,
    OPENING_BOOK_MARKETS.find((m) => m.symbol === HEAVY)!,
    TRADES,
    startMs,
    endMs,
  );
  for (const market of OPENING_BOOK_MARKETS.filter((m) => m.symbol !== HEAVY))
    await insertTrades(history.dataSource, market, DAYS * 1440, startMs, endMs);
  const generatedSeconds = (Date.now() - generating) / 1000;
  await history.dataSource.query('VACUUM ANALYZE');
  await history.close();

  const exchange = await createExchange(config, createLogger('warn'));
  try {
    const base = `http://127.0.0.1:${await exchange.listen()}/api`;
    const get = async (urlPath: string) => {
      const response = await fetch(`${base}${urlPath}`);
      if (response.status !== 200) throw new Error(`${urlPath}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const manager = exchange.context.dataSource.manager;
    const cases: Case[] = [
      ...(Object.keys(KLINE_INTERVALS) as KlineInterval[]).map((interval) => ({
        name: `GET klines ${interval} x 1000`,
        call: () => get(`/market/klines?symbol=${HEAVY}&interval=${interval}&limit=1000`),
      })),
      { name: 'GET klines 15m x 200 (chart default)', call: () => get(`/market/klines?symbol=${HEAVY}`) },
      { name: 'GET ticker', call: () => get(`/market/ticker?symbol=${HEAVY}`) },
      { name: `GET tickers (${OPENING_BOOK_MARKETS.length})`, call: () => get('/market/tickers') },
      // The queries alone, without HTTP and JSON: what PostgreSQL and the driver cost.
      { name: 'query: klines 1m x 1000', call: () => loadKlines(manager, HEAVY, '1m', 1000) },
      { name: 'query: 24-hour statistics', call: () => loadDayStatistics(manager, HEAVY) },
      {
        name: 'kline push: current 1m + 15m candles',
        call: async () => {
          await loadKlines(manager, HEAVY, '1m', 1);
          await loadKlines(manager, HEAVY, '15m', 1);
        },
      },
    ];
    const rows = [];
    for (const run of cases) rows.push(await measure(run, exchange.context.dataSource));
    console.log(
      `\nbench:market-data  ${TRADES.toLocaleString('en')} trades on ${HEAVY} over ${DAYS} days and one a minute on ` +
        `${OPENING_BOOK_MARKETS.length - 1} other markets, written in ${generatedSeconds.toFixed(0)} s; one call at a time`,
    );
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.table(rows);
  } finally {
    await exchange.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
