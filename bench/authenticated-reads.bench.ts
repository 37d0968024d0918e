/**
 * What authenticating costs a signed-in read: many keep-alive clients, each with a trader's token,
 * call GET /api/user/balance (the token checked, its user and session read, the balance read) on
 * the exchange in a child process against a fresh PostgreSQL database. Prints requests per second,
 * latency and the CPU each request costs the server and PostgreSQL.
 * Usage: npm run bench:auth (BENCH_SECONDS, BENCH_CLIENTS, BENCH_USERS; DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, names the server where bench_auth_<ts> is created and dropped).
 */
import { loadavg } from 'node:os';
import { call, withBenchExchange } from './exchange-server';
import { measureWindow } from './process-cpu';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const USERS = Number(process.env.BENCH_USERS ?? 32);

async function main() {
  const env = { MARKET_MAKER: 'off', MARKET_FEED: 'off', AUTH_RATE_LIMIT: '1000000', CLIENT_DIST: '/nonexistent' };
  await withBenchExchange('auth', { env, connections: CLIENTS }, async ({ server, http }) => {
    const headers: Array<Record<string, string>> = [];
    for (let i = 0; i < USERS; i++) {
      const registered = await call(http, 'POST', '/auth/register', null, {
        email: `bench-${i}-${Date.now()}@example.com`,
        password: 'bench-password-1',
        full_name: `Bench ${i}`,
      });
      headers.push({ authorization: `Bearer ${registered.body.token}` });
    }
    const latencies: number[] = [];
    let refused = 0;
    let measuring = false;
    let done = false;
    const worker = async (w: number) => {
      const userHeaders = headers[w % headers.length]!;
      while (!done) {
        const started = process.hrtime.bigint();
        const response = await http.request({ method: 'GET', path: '/api/user/balance', headers: userHeaders });
        await response.body.dump();
        if (!measuring) continue;
        if (response.statusCode === 200) latencies.push(Number(process.hrtime.bigint() - started) / 1000);
        else refused += 1;
      }
    };
    const workers = Array.from({ length: CLIENTS }, (_, w) => worker(w));
    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
    const window = await measureWindow(server.pid, SECONDS, (on) => (measuring = on));
    done = true;
    await Promise.all(workers);

    latencies.sort((a, b) => a - b);
    const ms = (p: number) => ((latencies[Math.floor((latencies.length * p) / 100)] ?? NaN) / 1000).toFixed(1);
    console.log(
      `\nbench:auth  ${SECONDS} s measured after ${WARMUP_SECONDS} s warm-up, ${CLIENTS} keep-alive clients, ${USERS} users; load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.table([
      {
        'requests/s': Math.round(latencies.length / window.seconds),
        refused,
        'p50 ms': ms(50),
        'p99 ms': ms(99),
        'server CPU ms/request': ((window.serverCpu * 1000) / latencies.length).toFixed(3),
        'PostgreSQL CPU ms/request': ((window.postgresCpu * 1000) / latencies.length).toFixed(3),
      },
    ]);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
