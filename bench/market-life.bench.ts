/**
 * `npm run bench:market-life`: the first start of a fresh install as `npm start` makes it (build if
 * needed, the seeded past, the books opening), then what keeps the market alive: the commands the
 * books take a second (the market maker's quotes and cancels, and the takers' orders), the trades
 * a minute, BTCUSDT's trades a second, the share of BTCUSDT's samples (every TOUCH_SAMPLE_MS) whose
 * last trade is within or at the touch (best bid <= last <= best ask), and the CPU the server
 * process (and PostgreSQL's processes, all of the machine's) used meanwhile. On the embedded
 * database, and on PostgreSQL when DATABASE_URL is set (a fresh database of its own).
 * BENCH_SECONDS (default 60) is the live sample; BENCH_FRESH_BUILD=1 removes dist/ and client/dist
 * first, as on a new machine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { reservePort } from '../tests/support/exchange-process';
import { createFreshDatabase } from '../tests/support/fresh-database';
import { OPENING_BOOK_MARKETS } from '../tests/support/opening-catalog';
import { postgresCpu, processCpu } from './process-cpu';

const ROOT = path.join(__dirname, '..');
const SAMPLE_SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

const TOUCH_SAMPLE_MS = 500;

const json = async (url: string): Promise<any> => (await fetch(url)).json();

/** The server `scripts/start.js` runs: its one child process (Linux /proc). */
function serverPid(startPid: number): number {
  const children = readFileSync(`/proc/${startPid}/task/${startPid}/children`, 'utf8').trim().split(/\s+/);
  return Number(children[0]);
}

/**
 * Samples BTCUSDT until `until`: whether its last trade is within or at the touch. The book and the
 * last trade are read at once, not atomically: a trade between the two reads can miscount a sample.
 */
async function touchShare(url: string, until: number): Promise<number> {
  let within = 0;
  let samples = 0;
  while (Date.now() < until) {
    const [depth, trades] = await Promise.all([
      json(`${url}/api/market/depth?symbol=BTCUSDT&limit=1`),
      json(`${url}/api/market/trades?symbol=BTCUSDT&limit=1`),
    ]);
    const [bid, ask, last] = [depth.bids[0]?.[0], depth.asks[0]?.[0], trades[0]?.price];
    samples++;
    if (bid !== undefined && ask !== undefined && last !== undefined && bid <= last && last <= ask) within++;
    await sleep(TOUCH_SAMPLE_MS);
  }
  return within / samples;
}

async function firstStart(database: 'embedded' | 'postgres') {
  const fresh = database === 'postgres' ? await createFreshDatabase(process.env.DATABASE_URL!, 'bench_life') : null;
  const port = await reservePort();
  const url = `http://127.0.0.1:${port}`;
  const began = Date.now();
  const child = spawn(process.execPath, ['scripts/start.js'], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: fresh?.url ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-life-')),
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    // The books open after the past is written: depth answers from then on.
    while (
      (await fetch(`${url}/api/market/depth?symbol=XRPUSDT`).then(
        (r) => r.status,
        () => 0,
      )) !== 200
    ) {
      if (child.exitCode !== null) throw new Error(`the exchange exited:\n${output}`);
      await sleep(100);
    }
    const ready = (Date.now() - began) / 1000;
    const past = /"markets":(\[.*?\]),"ms":(\d+),"msg":"market history written"/.exec(output);
    const pastTrades = past ? (JSON.parse(past[1]!) as Array<{ trades: number }>).reduce((n, m) => n + m.trades, 0) : 0;
    // The maker's first ladders go in during its first period: sample after it.
    await sleep(15_000);
    const updateIds = async () =>
      Promise.all(
        OPENING_BOOK_MARKETS.map(
          async (m) => (await json(`${url}/api/market/depth?symbol=${m.symbol}`)).last_update_id,
        ),
      );
    const server = serverPid(child.pid!);
    const from = Date.now();
    const before = await updateIds();
    const cpu0 = { server: processCpu(server), postgres: postgresCpu() };
    const withinTouch = await touchShare(url, from + SAMPLE_SECONDS * 1000);
    const after = await updateIds();
    const seconds = (Date.now() - from) / 1000;
    const cpu = { server: processCpu(server) - cpu0.server, postgres: postgresCpu() - cpu0.postgres };
    const commands = after.reduce((sum, id, i) => sum + id - before[i]!, 0);
    let trades = 0;
    let btcTrades = 0;
    for (const market of OPENING_BOOK_MARKETS) {
      const recent: Array<{ time: number }> = await json(`${url}/api/market/trades?symbol=${market.symbol}&limit=500`);
      const sampled = recent.filter((t) => t.time >= from).length;
      trades += sampled;
      if (market.symbol === 'BTCUSDT') btcTrades = sampled;
    }
    return {
      database,
      built: output.includes('Building the'),
      ready,
      pastSeconds: past ? Number(past[2]) / 1000 : 0,
      pastTrades,
      commandsPerSecond: commands / seconds,
      tradesPerMinute: (trades / seconds) * 60,
      btcTradesPerSecond: btcTrades / seconds,
      withinTouch,
      serverCpu: cpu.server / seconds,
      postgresCpu: database === 'postgres' ? cpu.postgres / seconds : null,
    };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await fresh?.drop();
  }
}

async function main() {
  if (process.env.BENCH_FRESH_BUILD === '1') {
    rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
    rmSync(path.join(ROOT, 'client', 'dist'), { recursive: true, force: true });
  }
  const rows = [await firstStart('embedded')];
  if (process.env.DATABASE_URL) rows.push(await firstStart('postgres'));
  console.log(
    'database   built  books open s  past written s  past trades  book commands/s  trades/min  BTC trades/s  BTC last in touch  server CPU  PG CPU',
  );
  console.log(
    '---------  -----  ------------  --------------  -----------  ---------------  ----------  ------------  -----------------  ----------  ------',
  );
  for (const row of rows) {
    console.log(
      [
        row.database.padEnd(9),
        (row.built ? 'yes' : 'no').padEnd(5),
        row.ready.toFixed(1).padStart(12),
        row.pastSeconds.toFixed(1).padStart(14),
        String(row.pastTrades).padStart(11),
        row.commandsPerSecond.toFixed(1).padStart(15),
        row.tradesPerMinute.toFixed(1).padStart(10),
        row.btcTradesPerSecond.toFixed(2).padStart(12),
        `${(row.withinTouch * 100).toFixed(0)}%`.padStart(17),
        `${(row.serverCpu * 100).toFixed(0)}%`.padStart(10),
        (row.postgresCpu === null ? '-' : `${(row.postgresCpu * 100).toFixed(0)}%`).padStart(6),
      ].join('  '),
    );
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
