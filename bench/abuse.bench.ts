/**
 * What one abusive client costs everyone else: the exchange runs as `npm start` runs it (compiled,
 * its node flags, its defaults), 100 anonymous connections keep sending 14 MB requests (each starts
 * again as soon as the server has answered or cut it), and another client sends small requests one
 * after another. Per kind of request: the server's peak RSS and CPU, and the other client's
 * latencies. The attackers run in a child process of their own, so the other client's event loop
 * (and its latencies) is not theirs. With DATABASE_URL the server uses a fresh database on that
 * PostgreSQL (dropped afterwards); without, the embedded one, which lives in the server's process
 * and alone holds 600-950 MB there, so the HTTP side's share shows best with PostgreSQL.
 * Usage: npm run bench:abuse (BENCH_SECONDS per kind, BENCH_ATTACKERS).
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import { Client } from 'undici';
import { createFreshDatabase } from '../tests/support/fresh-database';
import { startBenchExchange } from './exchange-server';
import { processCpu, processMemory } from './process-cpu';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ATTACKERS = Number(process.env.BENCH_ATTACKERS ?? 100);
const FOURTEEN_MB = 14 * 1024 * 1024;
/** The other client's request: small, public, read from the books. */
const SMALL_REQUEST = '/api/market/depth?symbol=BTCUSDT&limit=20';

const postHead = (path: string) =>
  `POST ${path} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: ${FOURTEEN_MB}\r\n\r\n`;

/** Each kind of request: what is written before its 14 MB. */
const ATTACKS: Record<string, string> = {
  // The header never ends: the server decides how much of it to hold.
  '14 MB header, unterminated': 'GET /api/health HTTP/1.1\r\nHost: bench\r\nX-Padding: ',
  '14 MB JSON body, public route': postHead('/api/auth/login'),
  '14 MB JSON body, KYC upload': postHead('/api/kyc/submit'),
};

/**
 * In the attackers' process: ATTACKERS connections, each writing the head and the 14 MB until the
 * server answers or cuts it, then starting again; the number of requests ended goes to the parent
 * when it asks, on 'stop'.
 */
function attack(port: number, head: string) {
  // One 14 MB buffer shared by every connection: the load generator must not need 1.4 GB itself.
  const payload = Buffer.alloc(FOURTEEN_MB, 'a');
  let stopped = false;
  let ended = 0;
  const attacker = async () => {
    while (!stopped) {
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(head);
          socket.write(payload);
        });
        // An answer means the server has decided: a real client would give up there as well.
        socket.once('data', () => socket.destroy());
        socket.once('error', () => socket.destroy());
        const stop = setInterval(() => stopped && socket.destroy(), 200);
        socket.once('close', () => {
          clearInterval(stop);
          resolve();
        });
      });
      ended++;
    }
  };
  const attackers = Array.from({ length: ATTACKERS }, attacker);
  process.once('message', async () => {
    stopped = true;
    await Promise.all(attackers);
    process.send!(ended, () => process.exit(0));
  });
}

/** Starts the peak over (writing 5 to clear_refs resets VmHWM). */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** Runs one kind of attack (or none) for SECONDS while the other client measures. */
async function phase(pid: number, port: number, kind: string | null) {
  const other = new Client(`http://127.0.0.1:${port}`);
  resetPeak(pid);
  const serverCpu0 = processCpu(pid);
  const attackers = kind ? fork(__filename, ['attack', String(port), kind], { execArgv: process.execArgv }) : null;
  let done = false;
  const latencies: number[] = [];
  let failures = 0;
  const measuring = (async () => {
    while (!done) {
      const started = performance.now();
      try {
        const response = await other.request({ method: 'GET', path: SMALL_REQUEST, headersTimeout: 30_000 });
        await response.body.dump();
        if (response.statusCode === 200) latencies.push(performance.now() - started);
        else failures++;
      } catch {
        failures++;
      }
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const { peakMb, rssMb } = processMemory(pid);
  const serverCpu = processCpu(pid) - serverCpu0;
  const attackerCpu = attackers ? processCpu(attackers.pid!) : 0;
  done = true;
  const ended = attackers
    ? await new Promise<number>((resolve) => {
        attackers.once('message', (count) => resolve(Number(count)));
        attackers.send('stop');
      })
    : 0;
  await measuring;
  await other.close();
  latencies.sort((a, b) => a - b);
  return {
    requests: kind ?? 'none (baseline)',
    'attacks ended': ended,
    'peak RSS MB': Math.round(peakMb),
    'RSS at end MB': Math.round(rssMb),
    'server CPU %': Math.round((100 * serverCpu) / SECONDS),
    'attackers CPU %': Math.round((100 * attackerCpu) / SECONDS),
    'other client requests': latencies.length,
    'other failed': failures,
    'p50 ms': percentile(latencies, 50).toFixed(1),
    'p99 ms': percentile(latencies, 99).toFixed(1),
    'max ms': (latencies.at(-1) ?? NaN).toFixed(1),
  };
}

async function main() {
  const database = process.env.DATABASE_URL ? await createFreshDatabase(process.env.DATABASE_URL, 'bench_abuse') : null;
  // With its defaults otherwise.
  const server = await startBenchExchange('abuse', database ? { DATABASE_URL: database.url } : {});
  try {
    const rows = [await phase(server.pid, server.port, null)];
    for (const kind of Object.keys(ATTACKS)) rows.push(await phase(server.pid, server.port, kind));
    console.log(
      `\nbench:abuse  ${ATTACKERS} anonymous connections sending 14 MB requests, ${SECONDS} s per kind; another client sends ${SMALL_REQUEST} one after another; ${database ? 'PostgreSQL' : 'embedded database'}`,
    );
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (2 cores shared)`,
    );
    console.table(rows);
  } finally {
    await server.stop();
    await database?.drop();
  }
}

if (process.argv[2] === 'attack') attack(Number(process.argv[3]), ATTACKS[process.argv[4]!]!);
else void main();
