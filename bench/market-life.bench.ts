/**
 * `npm run bench:market-life`: the first start of a fresh install as `npm start` makes it (build if
 * needed, the seeded past, the books opening), then what keeps the market alive: the commands the
 * books take a second (the market maker's quotes and cancels, and the takers' orders) and the trades
 * a minute. On the embedded database, and on PostgreSQL when DATABASE_URL is set (a fresh database
 * of its own). BENCH_SECONDS (default 60) is the live sample; BENCH_FRESH_BUILD=1 removes dist/ and
 * client/dist first, as on a new machine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { reservePort } from '../tests/support/exchange-process';
import { createFreshDatabase } from '../tests/support/fresh-database';
import { OPENING_BOOK_MARKETS } from '../tests/support/opening-catalog';

const ROOT = path.join(__dirname, '..');
const SAMPLE_SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

const json = async (url: string): Promise<any> => (await fetch(url)).json();

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
    const from = Date.now();
    const before = await updateIds();
    await sleep(SAMPLE_SECONDS * 1000);
    const after = await updateIds();
    const seconds = (Date.now() - from) / 1000;
    const commands = after.reduce((sum, id, i) => sum + id - before[i]!, 0);
    let trades = 0;
    for (const market of OPENING_BOOK_MARKETS) {
      const recent: Array<{ time: number }> = await json(`${url}/api/market/trades?symbol=${market.symbol}&limit=500`);
      trades += recent.filter((t) => t.time >= from).length;
    }
    return {
      database,
      built: output.includes('Building the'),
      ready,
      pastSeconds: past ? Number(past[2]) / 1000 : 0,
      pastTrades,
      commandsPerSecond: commands / seconds,
      tradesPerMinute: (trades / seconds) * 60,
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
  console.log('database   built  books open s  past written s  past trades  book commands/s  trades/min');
  console.log('---------  -----  ------------  --------------  -----------  ---------------  ----------');
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
      ].join('  '),
    );
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
